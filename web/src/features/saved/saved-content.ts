/** What a saved item shows and exports, by type (product-spec §2 Saved page, §3 Saved item). */
import type { SavedItem, SavedItemType } from '../../api/catalog.api';
import { safeFileName, toCsv, trackingPlanCsv } from '@tracklens/contracts/tracking-plan-export';
import { eventsOf, parseMaybeJson, type PlanEvent } from '../tracking-plan/plan-content';

export const SAVED_TYPES: Record<SavedItemType, { emoji: string; label: string }> = {
  tracking_plan: { emoji: '📊', label: 'Tracking Plan' },
  analytics_strategy: { emoji: '📈', label: 'Analytics Strategy' },
  user_flow: { emoji: '🔀', label: 'User Flow' },
};

export interface StrategyRow {
  metric_name: string;
  definition: string;
  decision_insight: string;
}

export type SavedPreview =
  | { kind: 'tracking_plan'; events: PlanEvent[] }
  | { kind: 'strategy'; text: string; rows: StrategyRow[] }
  | { kind: 'json'; text: string };

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

function toRow(raw: unknown): StrategyRow | null {
  if (!isRecord(raw)) return null;
  const row = {
    metric_name: field(raw, 'metric_name', 'metricName', 'Metric Name'),
    definition: field(raw, 'definition', 'Definition'),
    decision_insight: field(raw, 'decision_insight', 'decisionInsight', 'Decision Insight'),
  };
  return row.metric_name ? row : null;
}

function rowsIn(value: unknown): StrategyRow[] {
  if (!Array.isArray(value)) return [];
  return value.map(toRow).filter((row): row is StrategyRow => row !== null);
}

/** product-spec §3: a strategy result is text plus table rows; callers nest them in a few ways. */
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

function strategyTextOf(content: unknown): string {
  const value = parseMaybeJson(content);
  if (typeof value === 'string') return value;
  return isRecord(value) ? field(value, 'text', 'content', 'description') : '';
}

function prettyJson(content: string): string {
  const value = parseMaybeJson(content);
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export function previewOf(item: SavedItem): SavedPreview {
  if (item.type === 'tracking_plan') {
    const events = eventsOf(item.content);
    if (events.length > 0) return { kind: 'tracking_plan', events };
  }
  if (item.type === 'analytics_strategy') {
    const rows = strategyRowsOf(item.content);
    if (rows.length > 0) return { kind: 'strategy', text: strategyTextOf(item.content), rows };
  }
  return { kind: 'json', text: prettyJson(item.content) };
}

export interface SavedExport {
  fileName: string;
  text: string;
  mimeType: string;
}

const STRATEGY_COLUMNS = ['Metric Name', 'Definition', 'Decision Insight'];

/** Download and Copy give the same text: a CSV for plans and strategy tables, the JSON otherwise. */
export function exportOf(item: SavedItem): SavedExport {
  const base = safeFileName(item.name) || 'saved_item';
  const preview = previewOf(item);
  switch (preview.kind) {
    case 'tracking_plan':
      return {
        fileName: `${base}.csv`,
        text: trackingPlanCsv(preview.events),
        mimeType: 'text/csv;charset=utf-8',
      };
    case 'strategy':
      return {
        fileName: `${base}.csv`,
        text: toCsv([
          STRATEGY_COLUMNS,
          ...preview.rows.map((r) => [r.metric_name, r.definition, r.decision_insight]),
        ]),
        mimeType: 'text/csv;charset=utf-8',
      };
    case 'json':
      return {
        fileName: `${base}.json`,
        text: `${preview.text}\n`,
        mimeType: 'application/json;charset=utf-8',
      };
  }
}

export function savedDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleDateString('en', { dateStyle: 'medium' });
}

/** A line under the card's name: what the item holds. */
export function summaryOf(item: SavedItem): string | null {
  const preview = previewOf(item);
  if (preview.kind === 'tracking_plan') {
    const properties = preview.events.reduce((sum, event) => sum + event.properties.length, 0);
    return `${preview.events.length} events · ${properties} properties`;
  }
  if (preview.kind === 'strategy') return `${preview.rows.length} metrics`;
  return null;
}
