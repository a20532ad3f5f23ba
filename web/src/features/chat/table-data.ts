/**
 * A table of an assistant's markdown as data (product-spec §2 Chat message renderer). GFM recognises a pipe table
 * only with a header row and a separator row, which is the spec's rule, so the cells are read from the rendered
 * table's syntax tree rather than by a second parser of the text.
 */
import { toCsv } from '@tracklens/contracts/tracking-plan-export';
import type { CreateSavedItemBody } from '../../api/catalog.api';
import { eventsOf } from '../tracking-plan/plan-content';
import { savedPlanContent } from '../tracking-plan/save-plan-dialog';
import { strategyRowsOf } from './strategy-content';

/** The part of a hast node that the cells are read from. */
export interface TreeNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: TreeNode[];
}

export interface TableData {
  headers: string[];
  rows: string[][];
}

function textOf(node: TreeNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.tagName === 'br') return ' ';
  return (node.children ?? []).map(textOf).join('');
}

function elements(node: TreeNode, tagName: string): TreeNode[] {
  const found: TreeNode[] = [];
  for (const child of node.children ?? []) {
    if (child.tagName === tagName) found.push(child);
    else if (child.type === 'element' && child.tagName !== 'table') found.push(...elements(child, tagName));
  }
  return found;
}

function cellsOf(row: TreeNode): string[] {
  return (row.children ?? [])
    .filter((cell) => cell.tagName === 'th' || cell.tagName === 'td')
    .map((cell) => textOf(cell).trim());
}

export function tableDataOf(table: TreeNode): TableData {
  const [head, ...body] = elements(table, 'tr').map(cellsOf);
  return { headers: head ?? [], rows: body };
}

export function tableCsv(table: TableData): string {
  return toCsv([table.headers, ...table.rows]);
}

/** 'Event Name' → 'event_name': the keys the plan and strategy readers know. */
function keyOf(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export function tableRecords(table: TableData): Record<string, string>[] {
  const keys = table.headers.map(keyOf);
  return table.rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index] ?? ''])));
}

export type SavedContent = Pick<CreateSavedItemBody, 'type' | 'content'>;

/**
 * What Save keeps of a table: a tracking plan when its rows name events (event name, trigger, comma-separated
 * properties, product-spec §2), a strategy when they name metrics, else the rows as they are.
 */
export function tableSavedContent(table: TableData, fallbackType: SavedContent['type']): SavedContent {
  const records = tableRecords(table);
  const keys = new Set(table.headers.map(keyOf));
  if (keys.has('event_name') || keys.has('event')) {
    const events = eventsOf(
      records.map((record) => ({ ...record, name: record.event_name || record.event })),
    );
    if (events.length > 0) return { type: 'tracking_plan', content: savedPlanContent(events) };
  }
  const rows = strategyRowsOf(records);
  if (rows.length > 0)
    return { type: 'analytics_strategy', content: JSON.stringify({ text: '', table: rows }) };
  return { type: fallbackType, content: JSON.stringify({ table: records }) };
}
