/**
 * The diagram's nodes: a screen with its screenshot, name and moment in the recording; an action; a decision
 * drawn as a diamond; start and end as pills. A proposed step is dashed with a 'Proposed' tag, a happy-path step
 * bold. Nodes are read-only: their handles only anchor the edges.
 */
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { ReactNode } from 'react';
import type { FlowNode } from './flow-layout';
import { momentOf } from './user-flow-content';

function Shell({
  data,
  className,
  children,
}: Pick<NodeProps<FlowNode>, 'data'> & {
  className: string;
  children: ReactNode;
}) {
  const classes = ['flow-node', className];
  if (data.node.proposed) classes.push('flow-node--proposed');
  if (data.happy) classes.push('flow-node--happy');
  return (
    <div className={classes.join(' ')}>
      <Handle
        type="target"
        position={data.horizontal ? Position.Left : Position.Top}
        isConnectable={false}
        className="flow-node__handle"
      />
      {children}
      {data.node.proposed && <span className="flow-node__tag">Proposed</span>}
      <Handle
        type="source"
        position={data.horizontal ? Position.Right : Position.Bottom}
        isConnectable={false}
        className="flow-node__handle"
      />
    </div>
  );
}

function ScreenNode({ data }: NodeProps<FlowNode>) {
  const { label, screenshot_path: shot, atSec } = data.node;
  return (
    <Shell data={data} className="flow-node--screen">
      {shot ? (
        <img className="flow-node__shot" src={shot} alt={label} loading="lazy" draggable={false} />
      ) : (
        <span className="flow-node__shot flow-node__shot--none">No image</span>
      )}
      <span className="flow-node__label">{label}</span>
      {atSec !== undefined && <span className="flow-node__moment">{momentOf(atSec)}</span>}
      {data.funnelSteps.length > 0 && (
        <span className="flow-node__funnels" title={data.funnelSteps.join(', ')}>
          {data.funnelSteps.join(' · ')}
        </span>
      )}
    </Shell>
  );
}

/** A node that is only its label: an action, a start or an end. */
function labelNode(className: string) {
  return function LabelNode({ data }: NodeProps<FlowNode>) {
    return (
      <Shell data={data} className={className}>
        <span className="flow-node__label">{data.node.label}</span>
      </Shell>
    );
  };
}

function DecisionNode({ data }: NodeProps<FlowNode>) {
  return (
    <Shell data={data} className="flow-node--decision">
      <span className="flow-node__diamond" aria-hidden="true" />
      <span className="flow-node__label">{data.node.label}</span>
    </Shell>
  );
}

const TerminalNode = labelNode('flow-node--terminal');

export const FLOW_NODE_TYPES: NodeTypes = {
  screen: ScreenNode,
  action: labelNode('flow-node--action'),
  decision: DecisionNode,
  start: TerminalNode,
  end: TerminalNode,
};
