/** What a saved item shows and exports, by type (product-spec §2 Saved page, §3 Saved item). */
import type { SavedItem, SavedItemType } from '../../api/catalog.api';
import type { UserFlow } from '../../api/chat.api';
import { safeFileName, trackingPlanCsv } from '@tracklens/contracts/tracking-plan-export';
import { userFlowMermaid, type UserFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import { strategyCsv, strategyRowsOf, strategyTextOf, type StrategyRow } from '../chat/strategy-content';
import { eventsOf, parseMaybeJson, type PlanEvent } from '../tracking-plan/plan-content';
import { userFlowOf } from '../user-flows/user-flow-content';

export const SAVED_TYPES: Record<SavedItemType, { emoji: string; label: string }> = {
  tracking_plan: { emoji: '📊', label: 'Tracking Plan' },
  analytics_strategy: { emoji: '📈', label: 'Analytics Strategy' },
  user_flow: { emoji: '🔀', label: 'User Flow' },
};

export type SavedPreview =
  | { kind: 'tracking_plan'; events: PlanEvent[] }
  | { kind: 'strategy'; text: string; rows: StrategyRow[] }
  | { kind: 'user_flow'; flow: UserFlow }
  | { kind: 'json'; text: string };

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
  if (item.type === 'user_flow') {
    const flow = userFlowOf(item.content);
    if (flow) return { kind: 'user_flow', flow };
  }
  return { kind: 'json', text: prettyJson(item.content) };
}

export interface SavedExport {
  fileName: string;
  text: string;
  mimeType: string;
}

/**
 * Download and Copy give the same text: a CSV for plans and strategy tables (every key of a row), a user flow's
 * Mermaid text (drawn in the product's direction), the JSON otherwise.
 */
export function exportOf(item: SavedItem, direction: UserFlowDirection = 'LR'): SavedExport {
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
        text: strategyCsv(preview.rows),
        mimeType: 'text/csv;charset=utf-8',
      };
    case 'user_flow':
      return {
        fileName: `${base}.mmd`,
        text: userFlowMermaid(preview.flow, direction),
        mimeType: 'text/vnd.mermaid;charset=utf-8',
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
  if (preview.kind === 'user_flow') {
    const screens = preview.flow.nodes.filter((node) => node.type === 'screen').length;
    return `${screens} screens · ${preview.flow.edges.length} steps`;
  }
  return null;
}
