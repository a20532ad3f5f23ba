/**
 * A user flow as an answer or a saved item holds it (product-spec §3 user flow content): read from JSON the web did
 * not check, its steps as text for screen readers and the Steps list, and a screen's moment in the recording.
 */
import { EDGE_LABEL_SEPARATOR } from '@tracklens/contracts/user-flow-mermaid';
import type { UserFlow, UserFlowEdge, UserFlowNode } from '../../api/chat.api';
import { parseMaybeJson } from '../tracking-plan/plan-content';

const NODE_TYPES = new Set(['start', 'screen', 'action', 'decision', 'end']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nodeOf(value: unknown): UserFlowNode | null {
  if (!isRecord(value)) return null;
  const { id, type, label, pageSpecId, screenshot_path, atSec, proposed } = value;
  if (typeof id !== 'string' || typeof type !== 'string' || !NODE_TYPES.has(type)) return null;
  return {
    id,
    type: type as UserFlowNode['type'],
    label: typeof label === 'string' ? label : id,
    ...(typeof pageSpecId === 'string' && { pageSpecId }),
    ...(typeof screenshot_path === 'string' && screenshot_path !== '' && { screenshot_path }),
    ...(typeof atSec === 'number' && Number.isFinite(atSec) && { atSec }),
    ...(proposed === true && { proposed }),
  };
}

function edgeOf(value: unknown): UserFlowEdge | null {
  if (!isRecord(value)) return null;
  const { from, to, label, event, proposed } = value;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  return {
    from,
    to,
    ...(typeof label === 'string' && label.trim() !== '' && { label }),
    ...(typeof event === 'string' && event.trim() !== '' && { event }),
    ...(proposed === true && { proposed }),
  };
}

/** The flow in a message's metadata or a saved item's content; null when it is not one. */
export function userFlowOf(value: unknown): UserFlow | null {
  const data = typeof value === 'string' ? parseMaybeJson(value) : value;
  if (!isRecord(data) || !Array.isArray(data.nodes) || !Array.isArray(data.edges)) return null;
  const nodes = data.nodes.flatMap((node) => nodeOf(node) ?? []);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((node) => node.id));
  const edges = data.edges.flatMap((edge) => {
    const read = edgeOf(edge);
    return read && ids.has(read.from) && ids.has(read.to) ? [read] : [];
  });
  const happyPath = Array.isArray(data.happyPath)
    ? data.happyPath.filter((id): id is string => typeof id === 'string')
    : undefined;
  const funnels = Array.isArray(data.funnels) ? data.funnels.flatMap((funnel) => funnelOf(funnel, ids)) : [];
  return {
    title: typeof data.title === 'string' && data.title.trim() !== '' ? data.title : 'User flow',
    description: typeof data.description === 'string' ? data.description : '',
    nodes,
    edges,
    ...(happyPath && { happyPath }),
    ...(funnels.length > 0 && { funnels }),
    source: data.source === 'model' ? 'model' : 'offline',
  };
}

/** 'mm:ss' of a moment of the recording. */
export function momentOf(atSec: number): string {
  const total = Math.max(0, Math.round(atSec));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** What an edge says: its action and its event, as the Mermaid text says them. */
export function edgeText(edge: Pick<UserFlowEdge, 'label' | 'event'>): string {
  return [edge.label?.trim(), edge.event?.trim()].filter((part) => part).join(EDGE_LABEL_SEPARATOR);
}

/** Each edge in the flow's order as 'screen → event (action) → screen'; proposed steps say so. */
export function flowSteps(flow: UserFlow): string[] {
  const labels = new Map(flow.nodes.map((node) => [node.id, node.label]));
  return flow.edges.map((edge) => {
    const action = edge.label?.trim();
    const event = edge.event?.trim();
    const how = event ? (action ? `${event} (${action})` : event) : action;
    const parts = [labels.get(edge.from) ?? edge.from, how, labels.get(edge.to) ?? edge.to];
    const step = parts.filter((part) => part).join(' → ');
    return edge.proposed ? `${step} (proposed)` : step;
  });
}

/** A funnel overlay whose steps name nodes of the flow; steps on unknown nodes are dropped. */
function funnelOf(raw: unknown, ids: ReadonlySet<string>): NonNullable<UserFlow['funnels']> {
  if (typeof raw !== 'object' || raw === null) return [];
  const { name, steps } = raw as { name?: unknown; steps?: unknown };
  if (typeof name !== 'string' || !Array.isArray(steps)) return [];
  const kept = steps.flatMap((step: unknown) => {
    if (typeof step !== 'object' || step === null) return [];
    const { event, nodeId } = step as { event?: unknown; nodeId?: unknown };
    return typeof event === 'string' && typeof nodeId === 'string' && ids.has(nodeId) ? [{ event, nodeId }] : [];
  });
  return kept.length > 0 ? [{ name, steps: kept }] : [];
}
