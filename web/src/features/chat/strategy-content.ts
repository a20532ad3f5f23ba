/**
 * Reading an analytics strategy's table (product-spec §3: text plus rows metric_name, definition,
 * decision_insight) in every form it is kept in: a job's result and saved items, old ones with only the three
 * visible columns, or rows keyed by their headings. Also its CSV, with every key of a row.
 */
import { toCsv } from '@tracklens/contracts/tracking-plan-export';
import type { StrategyMetric } from '../../api/chat.api';
import { parseMaybeJson } from '../tracking-plan/plan-content';

/** A strategy row; the fields beyond the three visible columns are empty in rows saved before they existed. */
export interface StrategyRow {
  metric_name: string;
  definition: string;
  decision_insight: string;
  stage: string;
  formula: string;
  events: string[];
  missing_events: string[];
  measurable: boolean;
  type: string;
  window: string;
  screen: string | null;
  owner: string;
}

/** The CSV's columns: every key of StrategyMetric, in the contract's order. */
export const STRATEGY_CSV_COLUMNS = [
  'metric_name',
  'definition',
  'decision_insight',
  'stage',
  'formula',
  'events',
  'missing_events',
  'measurable',
  'type',
  'window',
  'screen',
  'owner',
] as const satisfies readonly (keyof StrategyMetric)[];

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(record: Json, ...keys: string[]): string {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
}

function list(record: Json, ...keys: string[]): string[] {
  for (const key of keys) {
    const value = record[key];
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
    if (typeof value === 'string' && value.trim() !== '')
      return value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
  }
  return [];
}

export function toStrategyRow(raw: unknown): StrategyRow | null {
  if (!isRecord(raw)) return null;
  const metricName = field(raw, 'metric_name', 'metricName', 'Metric Name');
  if (!metricName) return null;
  const missing = list(raw, 'missing_events', 'missingEvents');
  const screen = field(raw, 'screen');
  return {
    metric_name: metricName,
    definition: field(raw, 'definition', 'Definition'),
    decision_insight: field(raw, 'decision_insight', 'decisionInsight', 'Decision Insight'),
    stage: field(raw, 'stage', 'Stage'),
    formula: field(raw, 'formula', 'Formula'),
    events: list(raw, 'events'),
    missing_events: missing,
    // A row that does not say is measurable unless it names events it lacks.
    measurable: typeof raw.measurable === 'boolean' ? raw.measurable : missing.length === 0,
    type: field(raw, 'type'),
    window: field(raw, 'window'),
    screen: screen || null,
    owner: field(raw, 'owner'),
  };
}

function rowsIn(value: unknown): StrategyRow[] {
  if (!Array.isArray(value)) return [];
  return value.map(toStrategyRow).filter((row): row is StrategyRow => row !== null);
}

/** The rows of strategy content given as a value or as JSON text; callers nest them in a few ways. */
export function strategyRowsOf(content: unknown): StrategyRow[] {
  const value = parseMaybeJson(content);
  if (Array.isArray(value)) return rowsIn(value);
  if (!isRecord(value)) return [];
  for (const candidate of [value, ...Object.values(value).filter(isRecord)]) {
    for (const inner of Object.values(candidate)) {
      const rows = rowsIn(inner);
      if (rows.length > 0) return rows;
    }
  }
  return [];
}

export function strategyTextOf(content: unknown): string {
  const value = parseMaybeJson(content);
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return '';
  const text = field(value, 'text', 'content', 'description');
  if (text) return text;
  return isRecord(value.analytics_strategy) ? strategyTextOf(value.analytics_strategy) : '';
}

/** One record per row with every key; lists are comma-separated, a product-wide metric has no screen. */
export function strategyCsv(rows: readonly StrategyRow[]): string {
  return toCsv([
    [...STRATEGY_CSV_COLUMNS],
    ...rows.map((row) => [
      row.metric_name,
      row.definition,
      row.decision_insight,
      row.stage,
      row.formula,
      row.events.join(', '),
      row.missing_events.join(', '),
      String(row.measurable),
      row.type,
      row.window,
      row.screen ?? '',
      row.owner,
    ]),
  ]);
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The strategy as one markdown document: its text, then the table of its three visible columns. */
export function strategyMarkdown(text: string, rows: readonly StrategyRow[]): string {
  const table = [
    '| Metric Name | Definition | Decision Insight |',
    '|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${markdownCell(row.metric_name)} | ${markdownCell(row.definition)} | ${markdownCell(row.decision_insight)} |`,
    ),
  ].join('\n');
  return `${[text.trim(), rows.length > 0 ? table : ''].filter(Boolean).join('\n\n')}\n`;
}
