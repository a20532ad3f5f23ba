/**
 * A user flow's diagram (React Flow): read-only nodes laid out by dagre, zoom, pan and fit view from the controls
 * and the minimap. Tab reaches every node; a click on a screen, or Enter on it, opens its screenshot in a new tab.
 * React Flow's stylesheet is imported here only, so it loads with the pages that draw a flow.
 */
import { Background, Controls, MiniMap, ReactFlow, type NodeMouseHandler } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { KeyboardEvent, Ref } from 'react';
import type { FlowLayout, FlowNode } from './flow-layout';
import { FLOW_NODE_TYPES } from './flow-nodes';
import './user-flows.css';

const FIT_VIEW = { padding: 0.1, maxZoom: 1 } as const;

function openScreenshot(node: FlowNode | undefined): void {
  const shot = node?.data.node.type === 'screen' ? node.data.node.screenshot_path : undefined;
  if (shot) window.open(shot, '_blank', 'noopener,noreferrer');
}

export function FlowDiagram({
  layout,
  label,
  containerRef,
}: {
  layout: FlowLayout;
  /** What the diagram shows, for screen readers. */
  label: string;
  /** The element the image exports draw from. */
  containerRef?: Ref<HTMLDivElement>;
}) {
  const onNodeClick: NodeMouseHandler<FlowNode> = (_event, node) => openScreenshot(node);

  // React Flow's own Enter on a node only selects it.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLElement)) return;
    if (!event.target.classList.contains('react-flow__node')) return;
    const id = event.target.dataset.id;
    openScreenshot(layout.nodes.find((node) => node.id === id));
  }

  const horizontal = layout.nodes[0]?.data.horizontal ?? true;
  return (
    <div
      ref={containerRef}
      className={`flow-diagram ${horizontal ? 'flow-diagram--wide' : 'flow-diagram--tall'}`}
      role="group"
      aria-label={label}
    >
      <ReactFlow<FlowNode>
        nodes={layout.nodes}
        edges={layout.edges}
        nodeTypes={FLOW_NODE_TYPES}
        onNodeClick={onNodeClick}
        onKeyDown={onKeyDown}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        fitView
        fitViewOptions={FIT_VIEW}
        minZoom={0.1}
        maxZoom={2}
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Background gap={20} />
        <Controls showInteractive={false} fitViewOptions={FIT_VIEW} />
        <MiniMap pannable zoomable ariaLabel="Minimap of the flow" />
      </ReactFlow>
    </div>
  );
}
