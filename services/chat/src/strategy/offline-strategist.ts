/**
 * The built-in strategist: a deterministic answer from the product's screens, journeys and tracking plan, used
 * when no model is configured. The same question on the same product always gets the same answer.
 */
import type { AnalyticsStrategy, StrategyMetric } from '@tracklens/contracts';
import type { Strategist, StrategyContext, StrategyQuestion } from '../domain/strategist';
import { funnelDrafts, funnelFor, type FunnelChoice } from './funnel';
import { groundStrategy } from './grounding';
import { recogniseIntent, type AarrrStage, type HeartDimension, type Intent, type Period } from './intent';
import { strategyText } from './markdown';
import {
  activeSignal,
  draftOf,
  featureAdoption,
  finishMetric,
  threshold,
  type CatalogueOptions,
  type MetricDraft,
  type MetricId,
} from './metric-catalogue';
import { labelOf, productModel, quoted, type EventRef, type ProductModel } from './product-model';

export const offlineStrategist: Strategist = {
  kind: 'offline',
  async answer(context, question, { signal }) {
    signal.throwIfAborted();
    return answerOffline(context, question);
  },
};

export function answerOffline(context: StrategyContext, question: StrategyQuestion): AnalyticsStrategy {
  const model = productModel(context);
  const intent = recogniseIntent(question.message, question.history, model);
  const answer = buildAnswer(intent, model);
  const strategy: AnalyticsStrategy = {
    text: strategyText(intent, model, answer),
    table: answer.rows,
    intent: intent.kind,
    source: 'offline',
  };
  return groundStrategy(strategy, context.plan?.content ?? null);
}

export interface Section {
  title: string;
  chart: string;
  rows: StrategyMetric[];
}

/** An answer before its text: the rows, and the structure the text describes. */
export interface Answer {
  rows: StrategyMetric[];
  period: Period;
  sections: Section[];
  funnel: FunnelChoice | null;
  /** For 'explain': the metric explained and its place in the earlier answer. */
  explained: { row: StrategyMetric; position: number; of: number } | null;
  /** For retention after a funnel or screen: the event the cohort is built on. */
  cohort: EventRef | null;
}

const AARRR_ORDER: AarrrStage[] = ['acquisition', 'activation', 'retention', 'revenue', 'referral'];
const HEART_ORDER: HeartDimension[] = ['Happiness', 'Engagement', 'Adoption', 'Retention', 'Task Success'];

export function buildAnswer(intent: Intent, m: ProductModel): Answer {
  const period: Period = intent.period ?? 'week';
  const options: CatalogueOptions = { period, explicitPeriod: intent.period !== null };
  const empty: Answer = { rows: [], period, sections: [], funnel: null, explained: null, cohort: null };
  const drafts = (ids: MetricId[]) =>
    ids.map((id) => draftOf(id, m, options)).filter((draft): draft is MetricDraft => draft !== null);
  const rows = (list: MetricDraft[]) => dedupe(list.map(finishMetric));

  switch (intent.kind) {
    case 'kpis':
      return { ...empty, rows: rows(drafts(kpiIds(m))) };
    case 'north_star': {
      const [star, ...inputs] = drafts(northStarIds(m));
      return {
        ...empty,
        rows: rows([
          ...(star ? [star] : []),
          ...inputs.map((draft) => ({ ...draft, stage: 'Input' as const })),
        ]),
      };
    }
    case 'aarrr': {
      const stages =
        intent.stages.length > 0 ? AARRR_ORDER.filter((stage) => intent.stages.includes(stage)) : AARRR_ORDER;
      const perStage = stages.length > 2 ? 2 : 3;
      return {
        ...empty,
        rows: rows(stages.flatMap((stage) => drafts(stageIds(stage, m)).slice(0, perStage))),
      };
    }
    case 'acquisition':
    case 'activation':
    case 'revenue':
    case 'referral':
      return { ...empty, rows: rows(drafts(stageIds(intent.kind, m))) };
    case 'retention': {
      if (!intent.focus) return { ...empty, rows: rows(drafts(stageIds('retention', m))) };
      const funnel = funnelFor(m, intent.focus);
      const cohort = funnel.steps[funnel.steps.length - 1] ?? m.role('core');
      // A general retention row the cohort rows do not already cover (a shop's repeat purchase is one of them).
      const general = drafts(stageIds('retention', m))
        .filter((draft) => draft.uses.some((ref) => labelOf(ref) !== labelOf(cohort)))
        .slice(0, 1);
      return { ...empty, rows: rows([...retentionAfter(m, cohort, options), ...general]), funnel, cohort };
    }
    case 'funnel': {
      const funnel = funnelFor(m, intent.focus);
      return { ...empty, rows: rows(funnelDrafts(m, funnel, period)), funnel };
    }
    case 'dashboard': {
      const sections = dashboardSections(m).map(({ title, chart, ids }) => ({
        title,
        chart,
        rows: rows(drafts(ids)),
      }));
      const kept = sections.filter((section) => section.rows.length > 0);
      return { ...empty, rows: dedupe(kept.flatMap((section) => section.rows)), sections: kept };
    }
    case 'heart': {
      const dimensions =
        intent.heart.length > 0 ? HEART_ORDER.filter((d) => intent.heart.includes(d)) : HEART_ORDER;
      const funnel = funnelFor(m, intent.focus);
      const sections = dimensions.map((dimension) => ({
        title: dimension,
        chart: HEART_CHARTS[dimension],
        rows: rows(heartDrafts(dimension, m, options, funnel, dimensions.length)),
      }));
      return { ...empty, rows: dedupe(sections.flatMap((section) => section.rows)), sections, funnel };
    }
    case 'explain': {
      const earlier = intent.previous
        ? buildAnswer(intent.previous, m)
        : buildAnswer({ ...intent, kind: 'kpis', previous: null }, m);
      const position = pick(earlier.rows, intent);
      const row = earlier.rows[position];
      if (!row) return earlier;
      return {
        ...earlier,
        rows: [row],
        sections: [],
        explained: { row, position: position + 1, of: earlier.rows.length },
      };
    }
  }
}

/** The row an explanation is about: by its place, else by the words of its name, else the first. */
function pick(rows: StrategyMetric[], intent: Intent): number {
  if (intent.ordinal !== null) {
    if (intent.ordinal === -1 || intent.ordinal > rows.length) return rows.length - 1;
    return Math.max(0, intent.ordinal - 1);
  }
  let best = 0;
  let bestScore = 0;
  rows.forEach((row, i) => {
    const name = row.metric_name.toLowerCase();
    const score = intent.metricWords.filter((word) => word.length > 2 && name.includes(word)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

function dedupe(rows: StrategyMetric[]): StrategyMetric[] {
  return rows.filter((row, i) => rows.findIndex((other) => other.metric_name === row.metric_name) === i);
}

function kpiIds(m: ProductModel): MetricId[] {
  if (m.archetype === 'commerce') {
    return m.mobile
      ? [
          'northStar',
          'visitors',
          'stickiness',
          'activationRate',
          'checkoutCompletion',
          'day7Retention',
          'averageOrderValue',
        ]
      : ['northStar', 'visitors', 'addToCart', 'checkoutCompletion', 'averageOrderValue', 'repeatPurchase'];
  }
  if (m.archetype === 'saas') {
    return m.mobile
      ? ['northStar', 'visitors', 'activationRate', 'stickiness', 'day7Retention', 'freeToPaid', 'inviteRate']
      : ['northStar', 'visitToSignup', 'activationRate', 'week4Retention', 'inviteRate', 'freeToPaid'];
  }
  return m.mobile
    ? ['northStar', 'visitors', 'activationRate', 'stickiness', 'day7Retention', 'shareRate']
    : ['northStar', 'visitors', 'signupCompletion', 'activationRate', 'weekRetention', 'shareRate'];
}

function northStarIds(m: ProductModel): MetricId[] {
  if (m.archetype === 'commerce') {
    return [
      'northStar',
      m.mobile ? 'activeUsers' : 'visitors',
      'addToCart',
      'checkoutCompletion',
      'repeatPurchase',
    ];
  }
  if (m.archetype === 'saas')
    return [
      'northStar',
      'signups',
      'activationRate',
      'inviteRate',
      m.mobile ? 'day7Retention' : 'week4Retention',
    ];
  return [
    'northStar',
    'signups',
    'activationRate',
    'stickiness',
    m.mobile ? 'day7Retention' : 'weekRetention',
  ];
}

function stageIds(stage: AarrrStage, m: ProductModel): MetricId[] {
  const commerce = m.archetype === 'commerce';
  switch (stage) {
    case 'acquisition':
      if (m.mobile) return ['visitors', 'visitToSignup', 'signups', 'welcomeToSignup'];
      return commerce
        ? ['visitors', 'browseRate', 'signups', 'visitToSignup']
        : ['visitors', 'visitToSignup', 'signups', 'pricingToSignup'];
    case 'activation':
      if (commerce)
        return [
          'addToCart',
          'activationRate',
          'signupCompletion',
          'timeToValue',
          ...(m.mobile ? (['onboardingCompletion', 'pushOptIn'] as MetricId[]) : []),
        ];
      return [
        'signupCompletion',
        'onboardingCompletion',
        'activationRate',
        'timeToValue',
        ...(m.mobile ? (['pushOptIn'] as MetricId[]) : []),
      ];
    case 'retention':
      if (m.mobile)
        return [
          'day1Retention',
          'day7Retention',
          'day30Retention',
          ...(commerce ? (['repeatPurchase'] as MetricId[]) : []),
          'pushReengagement',
        ];
      return commerce
        ? ['repeatPurchase', 'returningVisitors', 'timeBetweenOrders']
        : ['weekRetention', 'week4Retention', 'stickiness', 'coreFrequency'];
    case 'revenue':
      if (commerce)
        return ['revenue', 'averageOrderValue', 'checkoutCompletion', 'buyerConversion', 'cartAbandonment'];
      return ['freeToPaid', 'upgrades', 'billingToUpgrade', 'paidChurn'];
    case 'referral':
      if (m.archetype === 'saas') return ['inviteRate', 'invitesPerInviter', 'inviteAcceptance', 'shareRate'];
      return ['shareRate', 'inviteRate', 'inviteAcceptance'];
  }
}

function dashboardSections(m: ProductModel): Array<{ title: string; chart: string; ids: MetricId[] }> {
  const commerce = m.archetype === 'commerce';
  const sections: Array<{ title: string; chart: string; ids: MetricId[] }> = [
    {
      title: 'Headline',
      chart: 'Big numbers with the change against last period',
      ids: ['northStar', 'activeUsers'],
    },
    { title: 'Acquisition', chart: 'Weekly line, one series per source', ids: ['visitors', 'signups'] },
    {
      title: commerce ? 'Conversion' : 'Activation',
      chart: 'Funnel bars with last period as a ghost',
      ids: commerce ? ['addToCart', 'checkoutCompletion'] : ['signupCompletion', 'activationRate'],
    },
    {
      title: 'Retention',
      chart:
        commerce && !m.mobile
          ? 'Cohort table, one row per month of first order'
          : 'Cohort table, one row per sign-up week',
      ids: m.mobile
        ? ['day7Retention', ...(commerce ? (['repeatPurchase'] as MetricId[]) : [])]
        : [commerce ? 'repeatPurchase' : 'week4Retention'],
    },
  ];
  if (commerce)
    sections.push({
      title: 'Revenue',
      chart: 'Weekly bars with a 4-week average line',
      ids: ['revenue', 'averageOrderValue'],
    });
  else if (m.archetype === 'saas')
    sections.push({
      title: 'Revenue',
      chart: 'Weekly bars with a 4-week average line',
      ids: ['upgrades', 'freeToPaid'],
    });
  return sections;
}

const HEART_CHARTS: Record<HeartDimension, string> = {
  Happiness: 'Score trend with the number of answers',
  Engagement: 'Daily or weekly line with a 4-week average',
  Adoption: 'Share of active users per feature, one bar each',
  Retention: 'Cohort curves',
  'Task Success': 'Funnel bars and the median time to complete',
};

function heartDrafts(
  dimension: HeartDimension,
  m: ProductModel,
  options: CatalogueOptions,
  funnel: FunnelChoice,
  dimensions: number,
): MetricDraft[] {
  const drafts = (ids: MetricId[]) =>
    ids.map((id) => draftOf(id, m, options)).filter((d): d is MetricDraft => d !== null);
  const many = dimensions <= 2;
  switch (dimension) {
    case 'Happiness':
      return drafts(['satisfaction', 'rating']);
    case 'Engagement': {
      const ids: MetricId[] = m.mobile
        ? ['stickiness', 'opensPerUser', 'coreFrequency']
        : m.archetype === 'commerce'
          ? ['productViewsPerVisitor', 'coreFrequency', 'returningVisitors']
          : ['stickiness', 'coreFrequency'];
      return drafts(many ? ids : ids.slice(0, 2)).map((draft) => ({
        ...draft,
        stage: 'Engagement' as const,
      }));
    }
    case 'Adoption':
      return m
        .features()
        .slice(0, many ? 3 : 2)
        .map((feature) => featureAdoption(m, feature, options));
    case 'Retention':
      return drafts([
        m.archetype === 'commerce' && !m.mobile
          ? 'repeatPurchase'
          : m.mobile
            ? 'day7Retention'
            : 'week4Retention',
      ]);
    case 'Task Success':
      return taskSuccess(m, options, funnel, many);
  }
}

/** Task success of the product's main task: its completion, its time, and its failures. */
function taskSuccess(
  m: ProductModel,
  options: CatalogueOptions,
  funnel: FunnelChoice,
  many: boolean,
): MetricDraft[] {
  const [overall, ...rest] = funnelDrafts(m, funnel, options.period);
  const time = rest.find((draft) => draft.type === 'duration');
  const out: MetricDraft[] = [];
  if (overall) out.push({ ...overall, stage: 'Task Success', name: `${funnel.label} task completion rate` });
  if (time) out.push(time);
  const search = draftOf('searchSuccess', m, options);
  if (search && many) out.push(search);
  const errors = draftOf('errorRate', m, options);
  if (errors) out.push(errors);
  return out;
}

/** Retention of the users who reached an event (the end of the funnel or screen asked about earlier). */
function retentionAfter(m: ProductModel, cohort: EventRef, { period }: CatalogueOptions): MetricDraft[] {
  const back = m.archetype === 'commerce' ? activeSignal(m) : m.role('core');
  const returnEvent = labelOf(back) === labelOf(cohort) ? activeSignal(m) : back;
  const q = quoted;
  const returnRow = (from: number, to: number): MetricDraft => ({
    stage: 'Retention',
    name: `Return rate ${from}-${to} days after ${labelOf(cohort)}`,
    type: 'rate',
    period,
    horizon: `days ${from}-${to} after ${labelOf(cohort)}`,
    screen: returnEvent.screen,
    owner: 'Product',
    formula: `unique users with ${q(returnEvent)} ${from}-${to} days after their ${q(cohort)} ÷ unique users with ${q(cohort)}`,
    definition: `Users with ${labelOf(returnEvent)} in days ${from}-${to} after their ${labelOf(cohort)} ÷ users with ${labelOf(cohort)}, by week of ${labelOf(cohort)}`,
    decision: `Tells whether getting through this step leads to coming back. Compare weekly cohorts: a lower one after a change to the step points at it. ${threshold('rate', period)}`,
    uses: [returnEvent, cohort],
  });
  return [
    returnRow(1, 7),
    returnRow(28, 34),
    {
      stage: 'Retention',
      name: `Repeat ${labelOf(cohort)} within 30 days`,
      type: 'rate',
      period,
      horizon: 'within 30 days of the first',
      screen: cohort.screen,
      owner: 'Product',
      formula: `unique users with a second ${q(cohort)} within 30 days of their first ÷ unique users with a first ${q(cohort)}`,
      definition: `Users with a second ${labelOf(cohort)} within 30 days of their first ÷ users with a first ${labelOf(cohort)}`,
      decision: `Whether people do it again without being asked. ${threshold('rate', period)}`,
      uses: [cohort],
    },
  ];
}
