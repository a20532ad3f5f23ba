/**
 * A user flow laid out in layers by dagre for React Flow: top to bottom for a phone app, left to right for a
 * website (the Mermaid text's direction). Dagre is given each node's real size and each edge label's room, so
 * nodes never overlap however many screens the flow has; React Flow draws the nodes at exactly those sizes.
 */
import { graphlib, layout } from '@dagrejs/dagre';
import type { UserFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { UserFlow, UserFlowEdge, UserFlowNode, UserFlowNodeType } from '../../api/chat.api';
import { edgeText, momentOf } from './user-flow-content';

export const NODE_SIZE: Record<UserFlowNodeType, { width: number; height: number }> = {
  start: { width: 120, height: 44 },
  end: { width: 120, height: 44 },
  screen: { width: 184, height: 184 },
  action: { width: 176, height: 56 },
  decision: { width: 156, height: 96 },
};

export interface FlowNodeData extends Record<string, unknown> {
  node: UserFlowNode;
  /** Edges enter on the left and leave on the right, rather than top and bottom. */
  horizontal: boolean;
  happy: boolean;
  /** The plan funnel steps that happen on this screen, e.g. 'Purchase 3'. */
  funnelSteps: string[];
}

export interface FlowEdgeData extends Record<string, unknown> {
  edge: UserFlowEdge;
  happy: boolean;
}

export type FlowNode = Node<FlowNodeData>;
export type FlowEdge = Edge<FlowEdgeData>;

export interface FlowLayout {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** An edge label's room: about 7 px a character on one line, at most 200 px, wrapping beyond. */
function labelSize(text: string): { width: number; height: number } {
  if (!text) return { width: 0, height: 0 };
  const width = Math.min(200, text.length * 7 + 16);
  const lines = Math.ceil((text.length * 7 + 16) / 200);
  return { width, height: 10 + lines * 16 };
}

/** The happy path's consecutive pairs 'from→to'. */
function happyPairs(flow: UserFlow): Set<string> {
  const path = flow.happyPath ?? [];
  return new Set(path.slice(1).map((to, index) => `${path[index]}→${to}`));
}

export function layoutFlow(flow: UserFlow, direction: UserFlowDirection): FlowLayout {
  const horizontal = direction === 'LR';
  const graph = new graphlib.Graph({ multigraph: true });
  graph.setGraph({
    rankdir: horizontal ? 'LR' : 'TB',
    nodesep: 48,
    ranksep: 64,
    edgesep: 24,
    marginx: 16,
    marginy: 16,
  });
  graph.setDefaultEdgeLabel(() => ({}));

  const nodes = flow.nodes.filter(
    (node, index) => flow.nodes.findIndex((other) => other.id === node.id) === index,
  );
  for (const node of nodes) graph.setNode(node.id, { ...NODE_SIZE[node.type] });
  const edges = flow.edges.filter((edge) => graph.hasNode(edge.from) && graph.hasNode(edge.to));
  edges.forEach((edge, index) =>
    graph.setEdge(edge.from, edge.to, { ...labelSize(edgeText(edge)), labelpos: 'c' }, `e${index}`),
  );
  layout(graph);

  const happyNodes = new Set(flow.happyPath ?? []);
  const happy = happyPairs(flow);
  const funnelSteps = funnelStepsByNode(flow);
  return {
    nodes: nodes.map((node) => {
      const { width, height } = NODE_SIZE[node.type];
      const { x, y } = graph.node(node.id);
      const opens = node.type === 'screen' && node.screenshot_path !== undefined;
      return {
        id: node.id,
        type: node.type,
        // dagre gives centres; React Flow places nodes by their top-left corner.
        position: { x: x - width / 2, y: y - height / 2 },
        width,
        height,
        data: { node, horizontal, happy: happyNodes.has(node.id), funnelSteps: funnelSteps.get(node.id) ?? [] },
        draggable: false,
        connectable: false,
        ariaRole: opens ? 'button' : 'group',
        ariaLabel: nodeDescription(node, opens, funnelSteps.get(node.id) ?? []),
      };
    }),
    edges: edges.map((edge, index) => {
      const onHappyPath = !edge.proposed && happy.has(`${edge.from}→${edge.to}`);
      const text = edgeText(edge);
      const classes = ['flow-edge'];
      if (edge.proposed) classes.push('flow-edge--proposed');
      if (onHappyPath) classes.push('flow-edge--happy');
      return {
        id: `e${index}`,
        source: edge.from,
        target: edge.to,
        type: 'smoothstep',
        label: edge.proposed ? ['Proposed', text].filter((part) => part).join(': ') : text || undefined,
        className: classes.join(' '),
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        focusable: false,
        data: { edge, happy: onHappyPath },
      };
    }),
  };
}

/** Each screen's funnel steps: a funnel's nth step is 'Name n'. */
function funnelStepsByNode(flow: UserFlow): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  for (const funnel of flow.funnels ?? []) {
    funnel.steps.forEach(({ nodeId }, index) => {
      const steps = byNode.get(nodeId) ?? [];
      steps.push(`${funnel.name} ${index + 1}`);
      byNode.set(nodeId, steps);
    });
  }
  return byNode;
}

function nodeDescription(node: UserFlowNode, opens: boolean, funnelSteps: string[]): string {
  const kind = { start: 'Start', end: 'End', screen: 'Screen', action: 'Action', decision: 'Decision' }[
    node.type
  ];
  const parts = [`${kind}: ${node.label}`];
  if (node.atSec !== undefined) parts.push(`at ${momentOf(node.atSec)}`);
  if (node.proposed) parts.push('proposed');
  if (funnelSteps.length > 0) parts.push(`funnel steps ${funnelSteps.join(', ')}`);
  if (opens) parts.push('opens its screenshot');
  return parts.join(', ');
}
