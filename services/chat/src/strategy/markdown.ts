/**
 * The text of an offline answer: a heading, a few sentences about this product and its plan, the answer's
 * structure (a dashboard's sections, HEART's goals and signals, a funnel's steps, how to compute a metric) and
 * the next steps. The metrics table itself is the answer's table, not part of the text.
 */
import type { StrategyMetric } from '@tracklens/contracts';
import type { FunnelChoice } from './funnel';
import type { Intent } from './intent';
import { ADJECTIVE } from './metric-catalogue';
import type { Answer } from './offline-strategist';
import { filterOf, labelOf, type EventRef, type ProductModel } from './product-model';

/** Screens named in the opening sentence; the rest are counted. */
const SCREENS_NAMED = 6;
/** Missing events listed one by one in the next steps. */
const MISSING_LISTED = 6;

const KIND_LABELS: Record<Intent['kind'], string> = {
  kpis: 'KPIs',
  north_star: 'north star',
  aarrr: 'AARRR metrics',
  acquisition: 'acquisition',
  activation: 'activation',
  retention: 'retention',
  revenue: 'revenue',
  referral: 'referral',
  funnel: 'funnel',
  dashboard: 'dashboard',
  heart: 'HEART metrics',
  explain: 'metric explained',
};

export function strategyText(intent: Intent, m: ProductModel, answer: Answer): string {
  const parts = [`## ${heading(intent, m, answer)}`, paragraph(intent, m, answer)];
  const structure = structureOf(intent, m, answer);
  if (structure) parts.push(structure);
  parts.push(nextSteps(intent, m, answer));
  return `${parts.join('\n\n')}\n`;
}

function heading(intent: Intent, m: ProductModel, answer: Answer): string {
  const period = ADJECTIVE[answer.period];
  switch (intent.kind) {
    case 'kpis':
      return `KPIs to watch for ${m.name}`;
    case 'north_star':
      return `A north star for ${m.name}`;
    case 'aarrr':
      return intent.stages.length > 0 && intent.stages.length < 5
        ? `${intent.stages.map(capitalise).join(' and ')} metrics for ${m.name}`
        : `AARRR metrics for ${m.name}`;
    case 'acquisition':
    case 'activation':
    case 'revenue':
    case 'referral':
      return `${capitalise(intent.kind)} metrics for ${m.name}`;
    case 'retention':
      return answer.cohort
        ? `Retention after ${answer.funnel?.label.toLowerCase() ?? 'this step'} for ${m.name}`
        : `Retention metrics for ${m.name}`;
    case 'funnel':
      return `${answer.funnel?.label ?? 'Main'} funnel: conversion and drop-off per step`;
    case 'dashboard':
      return `A ${period} dashboard for ${m.name}`;
    case 'heart':
      return intent.heart.length > 0 && intent.heart.length < 5
        ? `${intent.heart.join(' and ')} (HEART) for ${m.name}`
        : `HEART metrics for ${m.name}`;
    case 'explain':
      return answer.explained ? `${answer.explained.row.metric_name}, explained` : `Metrics for ${m.name}`;
  }
}

function paragraph(intent: Intent, m: ProductModel, answer: Answer): string {
  const sentences = [productSentence(m), planSentence(m, answer.rows)];
  const focus = intentSentence(intent, m, answer);
  if (focus) sentences.push(focus);
  return sentences.join(' ');
}

function productSentence(m: ProductModel): string {
  const kind = m.mobile ? 'mobile app' : 'website';
  if (m.screens.length === 0)
    return `${m.name} is a ${kind} without analysed screens yet, so the metrics below follow what a ${kind} of its kind needs.`;
  const named = m.screens.slice(0, SCREENS_NAMED).map((screen) => screen.name);
  const more = m.screens.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : `${named.slice(0, -1).join(', ')}${named.length > 1 ? ' and ' : ''}${named[named.length - 1]}`;
  return `${m.name} is a ${kind} whose analysed screens are ${list}.`;
}

function planSentence(m: ProductModel, rows: StrategyMetric[]): string {
  const measurable = rows.filter((row) => row.measurable).length;
  if (!m.hasPlan) {
    return 'There is no tracking plan yet, so none of the metrics below can be computed: each one names the events it needs.';
  }
  const counted = `Your tracking plan *${m.planTitle ?? 'Tracking Plan'}* has ${m.events.length} events and ${m.funnels.length} funnels`;
  if (rows.length === 1)
    return `${counted}, and ${measurable === 1 ? 'this metric can be computed from it today' : 'this metric needs events it does not have yet'}.`;
  return `${counted}; ${measurable} of the ${rows.length} metrics below can be computed from it today.`;
}

function intentSentence(intent: Intent, m: ProductModel, answer: Answer): string | null {
  const follow = intent.previous
    ? `Following up on the ${KIND_LABELS[intent.previous.kind]} answer${intent.period && intent.period !== intent.previous.period ? `, every metric is now reported ${ADJECTIVE[intent.period]}` : ''}. `
    : '';
  const first = answer.rows[0];
  switch (intent.kind) {
    case 'kpis':
      return `${follow}One or two metrics per stage, led by the north star that the others should explain; ${m.mobile ? 'as an app, daily habits and install cohorts matter more than visits' : 'as a website, visits and their conversion come first'}.`;
    case 'north_star':
      return first
        ? `${follow}The north star is ${first.metric_name.replace(/^North Star · /, '').toLowerCase()}; the input metrics are the levers a team can move each week to grow it.`
        : null;
    case 'aarrr':
    case 'acquisition':
    case 'activation':
    case 'revenue':
    case 'referral':
      return `${follow}Each row is computed over your plan's event names, with the screen it is measured on and the decision it informs.`;
    case 'retention':
      if (answer.cohort)
        return `${follow}The cohort is the users who reached ${labelOf(answer.cohort)}; the rows follow whether they come back.`;
      return `${follow}${m.mobile ? 'For an app, retention is read by install or sign-up cohort on days 1, 7 and 30.' : 'Retention is read by weekly sign-up cohort rather than as one number.'}`;
    case 'funnel':
      return answer.funnel ? `${follow}${funnelSentence(answer.funnel)}` : null;
    case 'dashboard':
      return `${follow}${answer.sections.length} sections, read top to bottom every ${answer.period}: the headline first, then the stage that explains a move in it.`;
    case 'heart':
      return `${follow}Google's HEART framework pairs each dimension with a goal, a signal that shows it and a metric; task success follows the ${answer.funnel?.label.toLowerCase() ?? 'main'} funnel.`;
    case 'explain':
      return answer.explained
        ? `${follow}This is metric ${answer.explained.position} of the ${answer.explained.of} in the earlier answer.`
        : null;
  }
}

function funnelSentence(funnel: FunnelChoice): string {
  const from = funnel.planFunnel
    ? `It follows the ${funnel.planFunnel} funnel of your plan`
    : 'Your plan has no funnel for it yet, so these are the steps to track';
  return `${from}${funnel.screen ? ` around the ${funnel.screen.name} screen` : ''}: each step row is the conversion from one step to the next, and its drop-off is 1 minus that rate.`;
}

function structureOf(intent: Intent, m: ProductModel, answer: Answer): string | null {
  if (intent.kind === 'dashboard') {
    const lines = ['| Section | Metrics | Chart |', '| --- | --- | --- |'];
    for (const section of answer.sections)
      lines.push(`| ${section.title} | ${section.rows.map(shortName).join('; ')} | ${section.chart} |`);
    return lines.join('\n');
  }
  if (intent.kind === 'heart') {
    const lines = ['| Dimension | Goal | Signal | Metrics |', '| --- | --- | --- | --- |'];
    for (const section of answer.sections) {
      lines.push(
        `| ${section.title} | ${HEART_GOALS[section.title] ?? ''} | ${signalOf(section.rows)} | ${section.rows.map(shortName).join('; ') || '—'} |`,
      );
    }
    return lines.join('\n');
  }
  if ((intent.kind === 'funnel' || (intent.kind === 'retention' && answer.cohort)) && answer.funnel) {
    const steps = answer.funnel.steps.map(
      (step, i) => `${i + 1}. ${step.name}${stepPlace(step)}${step.inPlan ? '' : ' — not in the plan yet'}`,
    );
    return `${intent.kind === 'funnel' ? '**Steps**' : '**The funnel these users went through**'}\n\n${steps.join('\n')}`;
  }
  if (intent.kind === 'explain' && answer.explained) return explanation(answer.explained.row);
  if (intent.kind === 'north_star') {
    const [star, ...inputs] = answer.rows;
    if (!star) return null;
    return `**How they connect**\n\n- ${shortName(star)}\n${inputs.map((row) => `  - drives it: ${shortName(row)}`).join('\n')}`;
  }
  const stages = [...new Set(answer.rows.map((row) => row.stage))];
  if (stages.length === 0) return null;
  const lines = stages.map(
    (stage) =>
      `- ${stage}: ${answer.rows
        .filter((row) => row.stage === stage)
        .map(shortName)
        .join('; ')}`,
  );
  return `**By stage**\n\n${lines.join('\n')}`;
}

/** Where a funnel step happens: its screen, and the filter that picks that screen out of a shared view. */
function stepPlace(step: EventRef): string {
  const place = [step.screen ? `${step.screen} screen` : '', filterOf(step)].filter(Boolean).join(', ');
  return place ? ` (${place})` : '';
}

const HEART_GOALS: Record<string, string> = {
  Happiness: 'Users are satisfied with what they get',
  Engagement: 'Users come back and use it often',
  Adoption: 'Users take up its features',
  Retention: 'Users keep coming back over weeks',
  'Task Success': 'Users finish the main task quickly and without errors',
};

function signalOf(rows: StrategyMetric[]): string {
  const names = [...new Set(rows.flatMap((row) => [...row.events, ...row.missing_events]))].slice(0, 3);
  return names.length > 0 ? names.join(', ') : '—';
}

function shortName(row: StrategyMetric): string {
  return row.metric_name.replace(/^[^·]+· /, '');
}

function explanation(row: StrategyMetric): string {
  const lines = [
    `**What it measures:** ${row.definition}`,
    `**How to compute it:** \`${row.formula}\`, ${row.window}${row.screen ? `, on the ${row.screen} screen` : ''}.`,
    `**How to act on it:** ${row.decision_insight}`,
  ];
  if (!row.measurable)
    lines.push(
      `**Before you can:** add ${row.missing_events.map((name) => `'${name}'`).join(', ')} to the plan.`,
    );
  return lines.join('\n\n');
}

function nextSteps(intent: Intent, m: ProductModel, answer: Answer): string {
  const steps: string[] = [];
  if (!m.hasPlan)
    steps.push(
      'Generate the tracking plan from the finalised screens; the metrics then use its event names.',
    );
  if (m.screens.length === 0)
    steps.push('Finalise the video analysis so that each metric can name the screen it is measured on.');
  const needs = new Map<string, string[]>();
  for (const row of answer.rows)
    for (const name of row.missing_events) needs.set(name, [...(needs.get(name) ?? []), shortName(row)]);
  const missing = [...needs.entries()];
  for (const [name, rows] of missing.slice(0, MISSING_LISTED))
    steps.push(
      `Add '${name}' to the plan (needed by ${rows.slice(0, 2).join('; ')}${rows.length > 2 ? ` and ${rows.length - 2} more` : ''}).`,
    );
  if (missing.length > MISSING_LISTED)
    steps.push(`Add the ${missing.length - MISSING_LISTED} other missing events the table lists.`);
  if (intent.kind === 'funnel')
    steps.push(
      'Start with the step whose drop-off is largest, and change one thing at a time so the next weeks show what helped.',
    );
  if (intent.kind === 'dashboard')
    steps.push(
      'Put the headline section at the top and review the dashboard at the same time each week, noting releases and campaigns beside it.',
    );
  if (intent.kind === 'north_star')
    steps.push('Agree on the north star with the team, then give each input metric an owner.');
  steps.push(
    "Let the measurable rows collect 2-4 weeks of data and set targets from that baseline, not from other companies' numbers; with fewer than a few hundred users a week, compare 4-week averages instead of single weeks.",
  );
  return `**Next steps**\n\n${steps.map((step) => `- ${step}`).join('\n')}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
