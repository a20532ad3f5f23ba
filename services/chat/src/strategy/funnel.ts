/**
 * The funnel a question is about: the plan's funnel it names, the stretch of a plan funnel around the screen or
 * topic it names (checkout drop-off is the steps from the cart to the order), or the steps the product should
 * track when the plan has no such funnel; and its metrics, step by step.
 */
import type { MetricStage } from '@tracklens/contracts';
import type { Focus, Period, Topic } from './intent';
import { topicOfScreen } from './intent';
import { threshold, type MetricDraft } from './metric-catalogue';
import {
  labelOf,
  quoted,
  type EventRef,
  type ProductModel,
  type Role,
  type ScreenInfo,
} from './product-model';

export interface FunnelChoice {
  /** What the answer calls it: the plan funnel's name, or the screen or topic asked about. */
  label: string;
  /** The plan funnel it follows; null when its steps are the ones to add. */
  planFunnel: string | null;
  steps: EventRef[];
  stage: MetricStage;
  /** Time allowed from the first step to the last. */
  within: string;
  /** The screen the question named, if it did. */
  screen: ScreenInfo | null;
}

/** Past this many steps a funnel chart stops being read: the generic clicks between go first. */
const MAX_STEPS = 8;

const TOPIC_ROLES: Record<Topic, Role[]> = {
  checkout: ['cartView', 'checkoutStarted', 'checkoutView', 'orderCompleted'],
  cart: ['cartView', 'checkoutStarted', 'orderCompleted'],
  signup: ['signupView', 'signup'],
  login: ['signedIn'],
  onboarding: ['signup', 'onboardingDone'],
  search: ['search', 'productView', 'productAdded'],
  product: ['productView', 'productAdded', 'checkoutStarted'],
  invite: ['invite', 'inviteAccepted'],
  upgrade: ['billingView', 'upgrade'],
};

const TOPIC_LABELS: Record<Topic, string> = {
  checkout: 'Checkout',
  cart: 'Cart',
  signup: 'Sign-up',
  login: 'Sign-in',
  onboarding: 'Onboarding',
  search: 'Search',
  product: 'Product page',
  invite: 'Invite',
  upgrade: 'Upgrade',
};

export function funnelFor(m: ProductModel, focus: Focus | null): FunnelChoice {
  if (focus?.kind === 'funnel') {
    return {
      label: focus.funnel.name,
      planFunnel: focus.funnel.name,
      steps: shortened(m.stepsOf(focus.funnel)),
      stage: stageOfName(focus.funnel.name),
      within: withinOf(focus.funnel.name),
      screen: null,
    };
  }
  if (!focus) return mainFunnel(m);

  const topic = focus.kind === 'topic' ? focus.topic : (focus.topic ?? topicOfScreen(focus.screen));
  const screen = focus.kind === 'screen' ? focus.screen : null;
  // Steps are told apart by their label: the shared view of one screen is not that of another.
  const targets = new Set<string>();
  const onScreen = (s: ScreenInfo) => [...(s.view ? [labelOf(m.viewOf(s))] : []), ...s.actions];
  if (screen) for (const name of onScreen(screen)) targets.add(name);
  if (topic)
    for (const role of TOPIC_ROLES[topic]) if (m.role(role).inPlan) targets.add(labelOf(m.role(role)));
  if (topic === 'onboarding')
    for (const step of m.onboarding) for (const name of onScreen(step)) targets.add(name);
  // The onboarding is several screens: named after the first of them, it would read as one screen's funnel.
  const label =
    topic === 'onboarding'
      ? TOPIC_LABELS.onboarding
      : (screen?.name ?? (topic ? TOPIC_LABELS[topic] : 'Main'));
  const stage = topic ? stageOfTopic(topic) : stageOfName(label);
  const within = withinOf(`${topic ?? ''} ${label}`);

  // The plan funnel through most of it, preferring one that goes on after it (so its exit is measured), then one
  // that reaches the product's key action, then the shortest.
  const core = m.role('core').name;
  let best: { name: string; steps: EventRef[]; score: number } | null = null;
  for (const funnel of m.funnels) {
    const refs = m.stepsOf(funnel);
    const hits = refs.filter((step) => targets.has(labelOf(step))).length;
    if (hits === 0) continue;
    const lastStep = refs[refs.length - 1];
    const continues = !lastStep || !targets.has(labelOf(lastStep));
    const score =
      hits * 10 + (continues ? 5 : 0) + (funnel.steps.includes(core) ? 3 : 0) - funnel.steps.length / 100;
    if (!best || score > best.score) best = { name: funnel.name, steps: refs, score };
  }
  if (best) {
    const labels = best.steps.map(labelOf);
    const first = labels.findIndex((step) => targets.has(step));
    let last = labels.length - 1;
    while (last > first && !targets.has(labels[last] ?? '')) last--;
    // A stretch that ends on a screen's view goes on to what the screen leads to: the step users leave it by.
    const endsOnView = screen?.view ? labels[last] === labelOf(m.viewOf(screen)) : false;
    const from = Math.max(0, first - 1);
    const to = Math.min(labels.length - 1, Math.max(endsOnView ? last + 1 : last, from + 1));
    const steps = best.steps.slice(from, to + 1);
    const has = (name: string) => steps.some((step) => labelOf(step) === name);
    if (endsOnView && to === last && screen) {
      const done =
        screen.actions.find((action) => !has(action) && !/ Clicked$/.test(action)) ?? screen.actions[0];
      if (done && !has(done)) steps.push(m.eventRef(done));
    }
    if (steps.length >= 2)
      return { label, planFunnel: best.name, steps: shortened(steps), stage, within, screen };
  }

  // The plan has no funnel through it: the steps to track, the plan's where it has them.
  const named: EventRef[] = [];
  const add = (ref: EventRef | undefined) => {
    if (ref && !named.some((known) => labelOf(known) === labelOf(ref))) named.push(ref);
  };
  if (topic === 'onboarding') {
    add(m.role('signup'));
    for (const step of m.onboarding) add(m.viewOf(step));
    add(m.role('onboardingDone'));
  } else if (topic) for (const role of TOPIC_ROLES[topic]) add(m.role(role));
  if (screen && named.length < 2) {
    add(m.viewOf(screen));
    for (const action of screen.actions.slice(0, 2)) add(m.eventRef(action));
    const next = m.screens.find((s) => s.order === screen.order + 1);
    if (named.length < 2 && next?.view) add(m.viewOf(next));
  }
  if (named.length < 2) return mainFunnel(m);
  return { label, planFunnel: null, steps: shortened(named), stage, within, screen };
}

/** The funnel to the product's key action: the plan's funnel through it, else the steps it should have. */
function mainFunnel(m: ProductModel): FunnelChoice {
  const core = m.role('core');
  const through =
    m.funnels.find((funnel) => funnel.steps.includes(core.name)) ??
    m.funnels.find((funnel) => funnel.steps.length >= 3) ??
    m.funnels[0];
  if (through) {
    return {
      label: through.name,
      planFunnel: through.name,
      steps: shortened(m.stepsOf(through)),
      stage: stageOfName(through.name),
      within: withinOf(through.name),
      screen: null,
    };
  }
  const roles: Role[] =
    m.archetype === 'commerce'
      ? ['productView', 'productAdded', 'checkoutStarted', 'orderCompleted']
      : ['signupView', 'signup', 'onboardingDone', 'core'];
  const steps = roles
    .map((role) => m.role(role))
    .filter((ref, i, all) => all.findIndex((other) => labelOf(other) === labelOf(ref)) === i);
  const label = m.archetype === 'commerce' ? 'Purchase' : 'Activation';
  return {
    label,
    planFunnel: null,
    steps,
    stage: m.archetype === 'commerce' ? 'Revenue' : 'Activation',
    within: m.archetype === 'commerce' ? '1 day' : '7 days',
    screen: null,
  };
}

/** At most MAX_STEPS steps: generic button clicks in the middle go first, then the earliest steps (the goal stays). */
function shortened(steps: EventRef[]): EventRef[] {
  let kept = steps;
  while (kept.length > MAX_STEPS) {
    const click = kept.findIndex((step, i) => i > 0 && i < kept.length - 1 && / Clicked$/.test(step.name));
    kept = kept.filter((_, i) => i !== (click > 0 ? click : 0));
  }
  return kept;
}

function stageOfTopic(topic: Topic): MetricStage {
  switch (topic) {
    case 'checkout':
    case 'cart':
    case 'product':
    case 'upgrade':
      return 'Revenue';
    case 'signup':
    case 'onboarding':
      return 'Activation';
    case 'invite':
      return 'Referral';
    default:
      return 'Task Success';
  }
}

function stageOfName(name: string): MetricStage {
  const words = name.toLowerCase();
  if (/purchase|order|checkout|buy|cart|upgrade|billing|pricing|pay/.test(words)) return 'Revenue';
  if (/onboard|sign|account|regist|activation|welcome|workspace/.test(words)) return 'Activation';
  if (/invite|share|refer/.test(words)) return 'Referral';
  return 'Task Success';
}

function withinOf(words: string): string {
  if (/onboard|activation|workspace/i.test(words)) return '7 days';
  return '1 day';
}

/** The funnel's rows: its overall conversion, each step's conversion (drop-off is one minus it) and its time. */
export function funnelDrafts(m: ProductModel, funnel: FunnelChoice, period: Period): MetricDraft[] {
  const first = funnel.steps[0];
  const last = funnel.steps[funnel.steps.length - 1];
  if (!first || !last) return [];
  const q = quoted;
  const splitBy = ['payment_method', 'method', 'shipping_method', 'platform'].find((property) =>
    funnel.steps.some((step) => m.hasProperty(step.name, property)),
  );
  const split = splitBy ? `, split by ${splitBy}` : '';
  const owner =
    funnel.stage === 'Revenue'
      ? m.archetype === 'commerce'
        ? 'Commerce'
        : 'Growth'
      : funnel.stage === 'Task Success'
        ? 'Product'
        : 'Growth';
  const drafts: MetricDraft[] = [
    {
      stage: funnel.stage,
      name: `${funnel.label} funnel conversion`,
      type: 'rate',
      period,
      horizon: `steps in order within ${funnel.within}`,
      screen: funnel.screen?.name ?? last.screen,
      owner,
      formula: `unique users with ${funnel.steps.map(q).join(' → ')} in order within ${funnel.within} ÷ unique users with ${q(first)}`,
      definition: `${labelOf(last)} ÷ ${labelOf(first)}, unique users completing the ${funnel.steps.length} steps in order within ${funnel.within}${split}`,
      decision: `The funnel's health in one number; the step rows say where it leaks. ${threshold('rate', period)}`,
      uses: funnel.steps,
    },
  ];
  funnel.steps.slice(0, -1).forEach((from, i) => {
    const to = funnel.steps[i + 1];
    if (!to) return;
    const screen = from.screen ?? to.screen;
    drafts.push({
      stage: funnel.stage,
      name: `Step ${i + 1} → ${i + 2} conversion: ${labelOf(from)} → ${labelOf(to)}`,
      type: 'rate',
      period,
      horizon: `within ${funnel.within}`,
      screen,
      owner,
      formula: `unique users with ${q(to)} after ${q(from)} ÷ unique users with ${q(from)}; drop-off = 1 − conversion`,
      definition: `${labelOf(to)} ÷ ${labelOf(from)}, unique users who did both in order within ${funnel.within}; drop-off is 1 minus this rate`,
      decision: `Compare its drop-off with the other steps: the largest one is where to start${screen ? `, on the ${screen} screen` : ''}. ${threshold('rate', period)}`,
      uses: [to, from],
    });
  });
  drafts.push({
    stage: 'Task Success',
    name: `Time to complete the ${funnel.label.toLowerCase()} funnel`,
    type: 'duration',
    period,
    screen: funnel.screen?.name ?? last.screen,
    owner: 'Product',
    formula: `median over converting users of (${q(last)} − ${q(first)})`,
    definition: `Median time from ${labelOf(first)} to ${labelOf(last)} for users who complete the funnel`,
    decision: `A slower funnel usually leaks more: read it with the step rows. ${threshold('duration', period)}`,
    uses: [last, first],
  });
  const errorScreen = funnel.screen ?? null;
  if (errorScreen?.view && ['checkout', 'signup', 'login'].includes(errorScreen.kind)) {
    const error = m.role('error');
    const view = m.viewOf(errorScreen);
    drafts.push({
      stage: 'Task Success',
      name: `Error rate on the ${errorScreen.name} screen`,
      type: 'rate',
      period,
      screen: errorScreen.name,
      owner: 'Engineering',
      formula: `unique users with ${q(error)} on the ${errorScreen.name} screen ÷ unique users with ${q(view)}`,
      definition: `${error.name} (screen_name ${errorScreen.name}, with error_code) ÷ ${labelOf(view)}, unique users`,
      decision: `Errors explain a drop-off the step rows only show. Higher is worse: group by error_code to find the field or payment problem. ${threshold('rate', period, true)}`,
      uses: [error, view],
    });
  }
  return drafts;
}
