/**
 * User flows without a model: the recorded journey (journey-graph.ts) cut to the part the question asks for
 * (flow-question.ts), with decisions where the recording branches, the plan's events on the edges, the plan
 * funnel it follows as the happy path, and the steps later messages add marked as proposed. The same question
 * on the same product always gives the same flow.
 */
import type { Funnel, UserFlow, UserFlowEdge, UserFlowNode } from '@tracklens/contracts';
import type { FlowBuilder } from '../domain/flow-builder';
import type { StrategyContext, StrategyQuestion } from '../domain/strategist';
import { matchName, planNames, type PlanNames } from '../strategy/event-names';
import { funnelScreens, isAddition, questionChain, readScope, type FlowScope } from './flow-question';
import { journeyGraph, slug, type JourneyGraph, type JourneyScreen, type Transition } from './journey-graph';

export const NEEDS_ANALYSIS_DESCRIPTION =
  'There is no finalised analysis of this product yet. Upload its demo video, let the analysis finish and finalise the page specs; the user flow is drawn from the screens the video shows.';

export const offlineFlowBuilder: FlowBuilder = {
  kind: 'offline',
  build(context, question) {
    return Promise.resolve(buildOfflineFlow(context, question));
  },
};

export function buildOfflineFlow(context: StrategyContext, question: StrategyQuestion): UserFlow {
  if (!context.analysis || context.analysis.pageSpecs.length === 0) return needsAnalysis(context);
  const graph = journeyGraph(context);
  if (graph.screens.length === 0) return needsAnalysis(context);

  let scope: FlowScope = { kind: 'whole' };
  const additions: string[] = [];
  for (const message of questionChain(question.message, question.history)) {
    if (isAddition(message)) {
      additions.push(message);
      continue;
    }
    scope = readScope(message, graph) ?? scope;
    additions.length = 0;
  }
  // Additions with no question before them add to the whole journey.
  const flow = recordedFlow(graph, scope);
  const plan = planNames(context.plan?.content ?? null);
  for (const addition of additions) addProposal(flow, addition, graph, plan);
  const { proposals: _proposals, ...userFlow } = flow;
  return { ...userFlow, description: describe(flow, graph, scope, context) };
}

interface Draft extends UserFlow {
  proposals: Proposal[];
}

interface Proposal {
  screens: string[];
  events: string[];
}

function needsAnalysis(context: StrategyContext): UserFlow {
  return {
    title: `User flow of ${context.product.name}`,
    description: NEEDS_ANALYSIS_DESCRIPTION,
    nodes: [
      { id: 'start', type: 'start', label: 'Start' },
      { id: 'end', type: 'end', label: 'End' },
    ],
    edges: [{ from: 'start', to: 'end' }],
    source: 'offline',
  };
}

/** The screens and transitions of the scope, with start, end and decision nodes. */
function recordedFlow(graph: JourneyGraph, scope: FlowScope): Draft {
  const selected = selectScreens(graph, scope);
  const inScope = new Set(selected);
  const transitions = graph.transitions.filter((t) => inScope.has(t.from) && inScope.has(t.to));
  if (scope.kind === 'funnel') {
    // A funnel's consecutive screens are joined even where the recording went another way between them.
    for (let i = 1; i < scope.screens.length; i++) {
      const from = scope.screens[i - 1];
      const to = scope.screens[i];
      if (from && to && !transitions.some((t) => t.from === from && t.to === to))
        transitions.push({ from, to, action: null, label: undefined, event: graph.viewOf(to) });
    }
  }

  const nodes: UserFlowNode[] = [{ id: 'start', type: 'start', label: 'Start' }];
  const edges: UserFlowEdge[] = [];
  const hasIncoming = (screen: JourneyScreen) => transitions.some((t) => t.to === screen);
  const roots = selected.filter((screen) => !hasIncoming(screen));
  const first = selected[0];
  if (roots.length === 0 && first) roots.push(first);
  for (const root of roots) edges.push(withEvent({ from: 'start', to: root.id }, graph.viewOf(root)));

  for (const screen of selected) {
    nodes.push(screenNode(screen));
    const out = transitions.filter((t) => t.from === screen).sort((a, b) => a.to.index - b.to.index);
    if (out.length >= 2) {
      const decision = `decision-${slug(screen.name)}`;
      nodes.push({ id: decision, type: 'decision', label: decisionLabel(screen, out) });
      edges.push({ from: screen.id, to: decision });
      for (const t of out) edges.push(transitionEdge(t, decision));
    } else {
      for (const t of out) edges.push(transitionEdge(t, screen.id));
    }
  }

  const leaves = selected.filter((screen) => !transitions.some((t) => t.from === screen));
  const last = selected[selected.length - 1];
  if (leaves.length === 0 && last) leaves.push(last);
  nodes.push({ id: 'end', type: 'end', label: 'End' });
  for (const leaf of leaves) edges.push({ from: leaf.id, to: 'end' });

  const onPath =
    scope.kind === 'after'
      ? new Set(selected.filter((s) => s.index >= Math.min(...scope.screens.map((f) => f.index))))
      : inScope;
  const happy = happyPath(graph, scope, onPath);
  const shown = new Set(selected);
  const funnels = funnelOverlays(graph, (screen) => (shown.has(screen) ? screen.id : undefined));
  return {
    title: titleOf(graph, scope),
    description: '',
    nodes,
    edges,
    ...(happy ? { happyPath: happy.path } : {}),
    ...(funnels.length > 0 ? { funnels } : {}),
    source: 'offline',
    proposals: [],
  };
}

function selectScreens(graph: JourneyGraph, scope: FlowScope): JourneyScreen[] {
  const { screens, transitions } = graph;
  const chosen = new Set<JourneyScreen>();
  switch (scope.kind) {
    case 'whole':
      screens.forEach((s) => chosen.add(s));
      break;
    case 'funnel':
      scope.screens.forEach((s) => chosen.add(s));
      break;
    case 'around':
      for (const screen of scope.screens) {
        chosen.add(screen);
        for (const t of transitions) {
          if (t.to === screen) chosen.add(t.from);
          if (t.from === screen) chosen.add(t.to);
        }
      }
      break;
    case 'after':
    case 'before': {
      // Forward transitions only: a way back to an earlier screen would pull in the whole journey.
      const forward = scope.kind === 'after';
      const queue = [...scope.screens];
      queue.forEach((s) => chosen.add(s));
      while (queue.length > 0) {
        const screen = queue.shift();
        for (const t of transitions) {
          if (t.to.index <= t.from.index) continue;
          const next = forward
            ? t.from === screen
              ? t.to
              : undefined
            : t.to === screen
              ? t.from
              : undefined;
          if (next && !chosen.has(next)) {
            chosen.add(next);
            queue.push(next);
          }
        }
      }
      // Where the last screens lead back to, so that the flow shows where the user goes on.
      if (forward)
        for (const t of transitions) if (chosen.has(t.from) && t.to.index < t.from.index) chosen.add(t.to);
      break;
    }
  }
  const picked = screens.filter((s) => chosen.has(s));
  if (scope.kind !== 'after') return picked;
  // What the user goes back to comes last, after the screens it is reached from.
  const from = Math.min(...scope.screens.map((s) => s.index));
  return [...picked.filter((s) => s.index >= from), ...picked.filter((s) => s.index < from)];
}

function screenNode(screen: JourneyScreen): UserFlowNode {
  return {
    id: screen.id,
    type: 'screen',
    label: screen.name,
    pageSpecId: screen.spec.id,
    ...(screen.screenshotPath ? { screenshot_path: screen.screenshotPath } : {}),
    atSec: screen.spec.firstSeenSec,
  };
}

function transitionEdge(t: Transition, from: string): UserFlowEdge {
  return withEvent({ from, to: t.to.id, ...(t.label ? { label: t.label } : {}) }, t.event);
}

function withEvent(edge: UserFlowEdge, event: string | undefined): UserFlowEdge {
  return event ? { ...edge, event } : edge;
}

const ERROR_WORDS = /\b(error|errors|failed|failure|declined|invalid|not found|problem)\b/i;

function decisionLabel(screen: JourneyScreen, out: Transition[]): string {
  const kinds = new Set(out.map((t) => t.to.kind));
  if (out.some((t) => ERROR_WORDS.test(t.to.name))) return `Did it work on ${screen.name}?`;
  if (out.length === 2 && kinds.has('login') && kinds.has('signup')) return 'Has an account?';
  return `Where next from ${screen.name}?`;
}

/** The plan funnel the flow follows: the one asked about, else the one with most of its screens in the flow. */
function happyPath(
  graph: JourneyGraph,
  scope: FlowScope,
  inScope: Set<JourneyScreen>,
): { funnel: Funnel; path: string[] } | null {
  const candidates = scope.kind === 'funnel' ? [scope.funnel] : graph.model.funnels;
  let best: { funnel: Funnel; path: string[] } | null = null;
  for (const funnel of candidates) {
    const path = funnelScreens(funnel, graph)
      .filter((screen) => inScope.has(screen))
      .map((screen) => screen.id);
    if (path.length >= 2 && (!best || path.length > best.path.length)) best = { funnel, path };
  }
  return best;
}

/** Every plan funnel with at least two steps on the flow's screens, each step on the node it happens on. */
export function funnelOverlays(
  graph: JourneyGraph,
  nodeOf: (screen: JourneyScreen) => string | undefined,
): NonNullable<UserFlow['funnels']> {
  return graph.model.funnels.flatMap((funnel) => {
    const steps = funnel.steps.flatMap((event) => {
      const screen = graph.screenOfEvent(event);
      const nodeId = screen && nodeOf(screen);
      return nodeId ? [{ event, nodeId }] : [];
    });
    return steps.length >= 2 ? [{ name: funnel.name, steps }] : [];
  });
}

function titleOf(graph: JourneyGraph, scope: FlowScope): string {
  const product = graph.model.name;
  switch (scope.kind) {
    case 'whole':
      return `${product}: main user flow`;
    case 'funnel':
      return `${product}: ${scope.funnel.name} flow`;
    case 'around':
      return `${product}: ${scope.subject} flow`;
    case 'after':
      return `${product}: after ${scope.subject}`;
    case 'before':
      return `${product}: the way to ${scope.subject}`;
  }
}

interface Template {
  pattern: RegExp;
  /** The screen the new path leaves from. */
  anchor: (graph: JourneyGraph, flow: Draft) => string | undefined;
  steps: Array<{ label: string; action: string; event: string }>;
  /** Whether the path comes back to its anchor ('Try again') rather than going on. */
  back: string | null;
  title: string;
}

const onFlow = (flow: Draft, graph: JourneyGraph, test: (screen: JourneyScreen) => boolean) =>
  graph.screens.find((screen) => test(screen) && flow.nodes.some((node) => node.id === screen.id))?.id;

const TEMPLATES: Template[] = [
  {
    pattern: /password|forgot/i,
    anchor: (graph, flow) =>
      onFlow(flow, graph, (s) => s.kind === 'login') ?? onFlow(flow, graph, (s) => s.kind === 'signup'),
    steps: [
      { label: 'Forgot Password', action: "Click 'Forgot password?'", event: 'Password Reset Requested' },
      { label: 'Reset Password', action: 'Open the reset link', event: 'Password Reset Completed' },
    ],
    back: 'Sign in with the new password',
    title: 'a password reset path',
  },
  {
    pattern: /error|fail|declin|invalid|wrong/i,
    anchor: (graph, flow) =>
      onFlow(flow, graph, (s) => s.kind === 'checkout' && s.spec.actions.some((a) => a.kind === 'submit')) ??
      onFlow(flow, graph, (s) => s.spec.actions.some((a) => a.kind === 'submit')),
    steps: [{ label: 'Error Shown', action: 'The form is rejected', event: 'Error Shown' }],
    back: 'Try again',
    title: 'an error path',
  },
];

/** Adds the steps a message asks for as proposed nodes and edges, hung on the screen they leave from. */
function addProposal(flow: Draft, message: string, graph: JourneyGraph, plan: PlanNames): void {
  const template = TEMPLATES.find((t) => t.pattern.test(message));
  const named = namedScreen(message, flow, graph);
  const lastScreen = [...flow.nodes].reverse().find((node) => node.type === 'screen')?.id;
  const anchor = named ?? template?.anchor(graph, flow) ?? lastScreen ?? 'start';
  const steps = template?.steps ?? [genericStep(message)];
  const proposal: Proposal = { screens: [], events: [] };

  let from = anchor;
  for (const step of steps) {
    let id = `proposed-${slug(step.label)}`;
    for (let n = 2; flow.nodes.some((node) => node.id === id); n++) id = `proposed-${slug(step.label)}-${n}`;
    const planEvent = matchName(step.event, plan);
    flow.nodes.splice(flow.nodes.length - 1, 0, { id, type: 'screen', label: step.label, proposed: true });
    flow.edges.push({
      from: decisionAfter(flow, from),
      to: id,
      label: step.action,
      ...(planEvent.kind !== 'unknown' ? { event: planEvent.name } : {}),
      proposed: true,
    });
    if (planEvent.kind === 'unknown') proposal.events.push(step.event);
    proposal.screens.push(step.label);
    from = id;
  }
  const back = template?.back;
  const next = back ? anchor : nextOf(flow, anchor);
  flow.edges.push({ from, to: next, ...(back ? { label: back } : {}), proposed: true });
  flow.proposals.push(proposal);
  if (template && !flow.title.includes(template.title)) flow.title = `${flow.title}, with ${template.title}`;
  else if (!template && !flow.title.endsWith(', with proposed steps'))
    flow.title = `${flow.title}, with proposed steps`;
}

/** A new branch leaves a screen through its decision when it has one. */
function decisionAfter(flow: Draft, screenId: string): string {
  const decision = flow.edges.find(
    (edge) => edge.from === screenId && flow.nodes.find((node) => node.id === edge.to)?.type === 'decision',
  );
  return decision?.to ?? screenId;
}

/** Where a screen leads in the flow (its first step on), or the end. */
function nextOf(flow: Draft, screenId: string): string {
  const out = flow.edges.find((edge) => edge.from === decisionAfter(flow, screenId) && !edge.proposed);
  return out && out.to !== screenId ? out.to : 'end';
}

/** The screen of the flow the message hangs the new steps on: named after 'after', 'from', 'on' ..., else anywhere. */
function namedScreen(message: string, flow: Draft, graph: JourneyGraph): string | undefined {
  const plain = (text: string) =>
    ` ${text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()} `;
  const onFlow = graph.screens.filter((screen) => flow.nodes.some((node) => node.id === screen.id));
  const find = (text: string) =>
    onFlow
      .filter((screen) => plain(text).includes(plain(screen.name)))
      .sort((a, b) => b.name.length - a.name.length)[0]?.id;
  const tail = /\b(?:after|from|on|at|to|when|where)\b(.*)$/i.exec(message)?.[1];
  return (tail ? find(tail) : undefined) ?? find(message);
}

/** 'add a guest checkout step after Cart' → a 'Guest Checkout' screen. */
function genericStep(message: string): { label: string; action: string; event: string } {
  const found =
    /\b(?:add|include|insert|append)\s+(?:an?\s+|the\s+|another\s+|one more\s+|some\s+)?(.+?)(?:\s+(?:step|screen|page|path|flow|branch|option|state|case|node))?(?:\s+(?:after|before|from|on|to|between|for|in|when|where)\b.*)?[.?!\s]*$/i.exec(
      message.trim(),
    );
  const words = (found?.[1] ?? 'New Step')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 5)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  const label = words.join(' ') || 'New Step';
  return { label, action: `Choose '${label}'`, event: `${label} Viewed` };
}

/** Plain sentences: what the flow covers, its screens, its events, its branches, its happy path, its proposals. */
function describe(flow: Draft, graph: JourneyGraph, scope: FlowScope, context: StrategyContext): string {
  const screens = flow.nodes
    .filter((node) => node.type === 'screen' && !node.proposed)
    .map((node) => node.label);
  const product = graph.model.name;
  const sentences: string[] = [];
  const where = graph.mobile ? 'app' : 'site';
  switch (scope.kind) {
    case 'whole':
      sentences.push(
        `This is the journey the demo video of ${product} records through the ${where}, ${count(screens.length)} from ${screens[0]} to ${screens[screens.length - 1]}.`,
      );
      break;
    case 'funnel':
      sentences.push(
        `This flow follows the ${scope.funnel.name} funnel of the tracking plan through the recorded screens of ${product}.`,
      );
      break;
    case 'around':
      sentences.push(
        `This is the ${scope.subject} part of the recorded journey of ${product}, with the screens just before and after it.`,
      );
      break;
    case 'after':
      sentences.push(`This is what the recording of ${product} shows after ${scope.subject}.`);
      break;
    case 'before':
      sentences.push(`This is how the recording of ${product} reaches ${scope.subject}.`);
      break;
  }
  sentences.push(`It visits ${list(screens)}.`);

  const events = [...new Set(flow.edges.filter((edge) => edge.event).map((edge) => edge.event as string))];
  if (!context.plan)
    sentences.push(
      'There is no tracking plan yet, so its steps carry no events; generate one to see which event fires on each step.',
    );
  else if (events.length === 0) sentences.push('None of its steps has an event in the tracking plan yet.');
  else sentences.push(`Its steps fire these events of the tracking plan: ${list(events)}.`);

  for (const node of flow.nodes) {
    if (node.type !== 'decision') continue;
    const source = flow.edges.find((edge) => edge.to === node.id)?.from;
    const label = flow.nodes.find((n) => n.id === source)?.label;
    const targets = flow.edges
      .filter((edge) => edge.from === node.id && !edge.proposed)
      .map((edge) => flow.nodes.find((n) => n.id === edge.to)?.label)
      .filter((name): name is string => name !== undefined);
    if (label && targets.length > 1)
      sentences.push(`From ${label} the recording goes on to ${list(targets, 'or')}.`);
  }

  const happy = flow.happyPath ?? [];
  if (happy.length > 0) {
    const funnel = scope.kind === 'funnel' ? scope.funnel.name : happyFunnelName(graph, happy);
    const labels = happy.map((id) => flow.nodes.find((node) => node.id === id)?.label ?? id);
    sentences.push(`The happy path follows the ${funnel} funnel of the plan: ${labels.join(', then ')}.`);
  }

  for (const proposal of flow.proposals) {
    sentences.push(`Proposed, not seen in the recording: ${list(proposal.screens)}.`);
    if (proposal.events.length > 0)
      sentences.push(
        `The tracking plan has no events for ${proposal.screens.length > 1 ? 'them' : 'it'} yet; consider adding ${list(proposal.events.map((e) => `'${e}'`))}.`,
      );
  }
  return sentences.join(' ');
}

function happyFunnelName(graph: JourneyGraph, happy: string[]): string {
  const key = happy.join('|');
  return (
    graph.model.funnels.find(
      (funnel) =>
        funnelScreens(funnel, graph)
          .map((s) => s.id)
          .filter((id) => happy.includes(id))
          .join('|') === key,
    )?.name ?? 'main'
  );
}

function count(n: number): string {
  return n === 1 ? 'one screen' : `${n} screens`;
}

function list(items: string[], last = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}
