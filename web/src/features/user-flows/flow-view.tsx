/**
 * One user flow: its title and description (unless the chat answer's text already says them), the diagram and its
 * Steps. With the product (in a chat answer) it offers the exports, PNG, SVG, Mermaid (copy and .mmd) and JSON,
 * and Save, which opens 'Save Content'.
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import type { UserFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import Button from 'antd/es/button';
import { useId, useMemo, useRef, useState } from 'react';
import type { UserFlow } from '../../api/chat.api';
import { SaveContentDialog } from '../chat/save-content-dialog';
import type { SavedContent } from '../chat/table-data';
import { FlowDiagram } from './flow-diagram';
import { copyFlowMermaid, downloadFlowImage, downloadFlowJson, downloadFlowMermaid } from './flow-exports';
import { layoutFlow } from './flow-layout';
import { FlowSteps } from './flow-steps';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export default function FlowView({
  flow,
  direction,
  productId,
  titled = true,
}: {
  flow: UserFlow;
  direction: UserFlowDirection;
  /** Whether to show the title and description. */
  titled?: boolean;
  /** With the product, the flow can be exported and saved. */
  productId?: string;
}) {
  const layout = useMemo(() => layoutFlow(flow, direction), [flow, direction]);
  const diagram = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState<SavedContent | null>(null);
  const titleId = useId();
  const exports = [
    { label: 'PNG', run: () => void downloadFlowImage('png', flow, diagram.current, layout.nodes) },
    { label: 'SVG', run: () => void downloadFlowImage('svg', flow, diagram.current, layout.nodes) },
    { label: 'Copy Mermaid', copy: true, run: () => void copyFlowMermaid(flow, direction) },
    { label: 'Mermaid', run: () => downloadFlowMermaid(flow, direction) },
    { label: 'JSON', run: () => downloadFlowJson(flow) },
  ];

  return (
    <section
      className="flow-view"
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : flow.title}
    >
      {titled && (
        <>
          <h3 id={titleId} className="flow-view__title">
            {flow.title}
          </h3>
          {flow.description && <p className="flow-view__description">{flow.description}</p>}
        </>
      )}
      {productId && (
        <div className="flow-view__actions" role="group" aria-label={`Export ${flow.title}`}>
          {exports.map(({ label, copy, run }) => (
            <Button
              key={label}
              size="small"
              icon={copy ? <CopyOutlined {...hidden} /> : <DownloadOutlined {...hidden} />}
              onClick={run}
            >
              {label}
            </Button>
          ))}
          <Button
            size="small"
            type="primary"
            icon={<SaveOutlined {...hidden} />}
            onClick={() => setSaving({ type: 'user_flow', content: JSON.stringify(flow) })}
          >
            Save Flow
          </Button>
        </div>
      )}
      <FlowDiagram layout={layout} label={`Diagram of ${flow.title}`} containerRef={diagram} />
      <FlowSteps flow={flow} />
      {productId && <SaveContentDialog productId={productId} item={saving} onClose={() => setSaving(null)} />}
    </section>
  );
}
