/**
 * Holds a strategy to the product's tracking plan: every event a metric names is the plan's, in the plan's
 * spelling. A near miss is corrected everywhere in its row; an event the plan lacks becomes a missing event,
 * and a row that needs one is never measurable.
 */
import type { AnalyticsStrategy, StrategyMetric, TrackingPlanContent } from '@tracklens/contracts';
import {
  eventMentions,
  eventNameOf,
  looseKey,
  matchName,
  planNames,
  withPlanSpelling,
  type PlanNames,
} from './event-names';

export function groundStrategy(
  strategy: AnalyticsStrategy,
  plan: TrackingPlanContent | null,
): AnalyticsStrategy {
  const names = planNames(plan);
  const table = strategy.table.map((row) => groundMetric(row, names));
  const flagged = new Set(table.flatMap((row) => row.missing_events.map(looseKey)));
  return { ...strategy, text: groundText(strategy.text, names, flagged), table };
}

/** The fields of a row read for events; the screen and owner never name one. */
const METRIC_TEXTS = ['metric_name', 'formula', 'definition', 'decision_insight'] as const;

export function groundMetric(row: StrategyMetric, plan: PlanNames): StrategyMetric {
  const events: string[] = [];
  const missing: string[] = [];
  const use = (name: string) => {
    if (!events.includes(name)) events.push(name);
  };
  const lack = (raw: string) => {
    const name = eventNameOf(raw);
    if (name && !missing.some((known) => looseKey(known) === looseKey(name))) missing.push(name);
  };
  /** Spellings the row used for a plan event, replaced wherever the row repeats them. */
  const corrections = new Map<string, string>();

  for (const raw of row.events) {
    const match = matchName(raw, plan);
    if (match.kind === 'unknown') lack(raw);
    else {
      use(match.name);
      if (match.kind === 'near') corrections.set(raw.trim(), match.name);
    }
  }
  // A 'missing' event the plan has after all (perhaps spelled otherwise) is one the row can use.
  let claimedMissingFound = row.missing_events.length > 0;
  for (const raw of row.missing_events) {
    const match = matchName(raw, plan);
    if (match.kind === 'unknown') {
      lack(raw);
      claimedMissingFound = false;
    } else {
      use(match.name);
      if (match.kind === 'near') corrections.set(raw.trim(), match.name);
    }
  }

  const grounded: StrategyMetric = { ...row };
  for (const field of METRIC_TEXTS) {
    const value = replaceAll(row[field], corrections);
    // The formula and definition are what the metric is computed from; the name and the advice only get spelled right.
    const computed = field === 'formula' || field === 'definition';
    const mentions = eventMentions(value, plan, { unknowns: computed ? 'all' : 'none' });
    if (computed) {
      for (const mention of mentions) {
        if (mention.match.kind === 'unknown') lack(mention.raw);
        else use(mention.match.name);
      }
    }
    grounded[field] = withPlanSpelling(value, mentions);
  }

  const measurable = events.length > 0 && missing.length === 0 && (row.measurable || claimedMissingFound);
  return {
    ...grounded,
    definition: withNeeds(grounded.definition, missing),
    events,
    missing_events: missing,
    measurable,
  };
}

/** The definition saying which events it still needs, unless it already does. */
export function withNeeds(definition: string, missing: string[]): string {
  const unsaid = missing.filter((name) => !definition.includes(`'${name}'`));
  if (unsaid.length === 0) return definition;
  const quoted = unsaid.map((name) => `'${name}'`);
  const list =
    quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
  const sentence = `Needs ${list} — add ${unsaid.length === 1 ? 'it' : 'them'} to the plan.`;
  const body = definition.trim();
  if (!body) return sentence;
  return `${body}${/[.!?]$/.test(body) ? '' : '.'} ${sentence}`;
}

/**
 * The markdown with near misses in the plan's spelling; a quoted event the plan lacks and no row flags is
 * listed at the end, so that the text never recommends an event silently.
 */
function groundText(text: string, plan: PlanNames, flagged: Set<string>): string {
  const mentions = eventMentions(text, plan, { unknowns: 'quoted' });
  const unknown: string[] = [];
  for (const mention of mentions) {
    if (mention.match.kind !== 'unknown' || flagged.has(looseKey(mention.raw))) continue;
    const name = eventNameOf(mention.raw);
    if (!unknown.includes(name)) unknown.push(name);
  }
  const corrected = withPlanSpelling(text, mentions);
  if (unknown.length === 0) return corrected;
  return `${corrected.trimEnd()}\n\n_Not in your tracking plan yet: ${unknown.map((name) => `'${name}'`).join(', ')}._\n`;
}

function replaceAll(text: string, corrections: Map<string, string>): string {
  let out = text;
  for (const [from, to] of corrections) if (from && from !== to) out = out.split(from).join(to);
  return out;
}
