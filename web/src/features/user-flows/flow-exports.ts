/**
 * A user flow's exports (product-spec §5 file names, §8 toasts): the diagram as PNG or SVG, drawn by html-to-image
 * from React Flow's viewport framed on all the nodes (React Flow's download-image example; html-to-image stays at
 * 1.11.11, whose later versions draw styles wrongly), the Mermaid text from the contracts' writer, and the JSON.
 */
import { safeFileName } from '@tracklens/contracts/tracking-plan-export';
import { userFlowMermaid, type UserFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import { getNodesBounds, getViewportForBounds, type Node } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';
import type { UserFlow } from '../../api/chat.api';
import { toast } from '../../components/toast';
import { downloadUrl } from '../../lib/download';
import { copyWithToast, downloadWithToast } from '../chat/chat-exports';

export const MERMAID_MIME = 'text/vnd.mermaid;charset=utf-8';
export const JSON_MIME = 'application/json;charset=utf-8';

/** The exported image's margin around the nodes, and its largest side so a long flow stays a sane file. */
const IMAGE_MARGIN = 32;
const IMAGE_MAX_SIDE = 4096;

export function flowFileBase(flow: Pick<UserFlow, 'title'>): string {
  return safeFileName(flow.title) || 'user_flow';
}

export function flowJson(flow: UserFlow): string {
  return `${JSON.stringify(flow, null, 2)}\n`;
}

export function copyFlowMermaid(flow: UserFlow, direction: UserFlowDirection): Promise<void> {
  return copyWithToast(userFlowMermaid(flow, direction), 'Copied to clipboard');
}

const FAILED = 'Could not download the user flow. Please try again.';

export function downloadFlowMermaid(flow: UserFlow, direction: UserFlowDirection): void {
  const text = userFlowMermaid(flow, direction);
  downloadWithToast(`${flowFileBase(flow)}.mmd`, text, MERMAID_MIME, 'Download started', FAILED);
}

export function downloadFlowJson(flow: UserFlow): void {
  downloadWithToast(`${flowFileBase(flow)}.json`, flowJson(flow), JSON_MIME, 'Download started', FAILED);
}

export type ImageFormat = 'png' | 'svg';

/** The whole flow at up to full size, whatever the diagram's zoom and pan on screen. */
export async function downloadFlowImage(
  format: ImageFormat,
  flow: Pick<UserFlow, 'title'>,
  diagram: HTMLElement | null,
  nodes: Node[],
): Promise<void> {
  const viewport = diagram?.querySelector<HTMLElement>('.react-flow__viewport');
  try {
    if (!viewport || nodes.length === 0) throw new Error('The diagram is not drawn');
    const bounds = getNodesBounds(nodes);
    const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(bounds.width, bounds.height));
    const width = Math.ceil(bounds.width * scale + IMAGE_MARGIN * 2);
    const height = Math.ceil(bounds.height * scale + IMAGE_MARGIN * 2);
    const frame = getViewportForBounds(bounds, width, height, 0.05, 1, `${IMAGE_MARGIN}px`);
    const draw = format === 'png' ? toPng : toSvg;
    const url = await draw(viewport, {
      backgroundColor: '#ffffff',
      width,
      height,
      style: {
        width: `${width}px`,
        height: `${height}px`,
        transform: `translate(${frame.x}px, ${frame.y}px) scale(${frame.zoom})`,
      },
    });
    downloadUrl(`${flowFileBase(flow)}.${format}`, url);
    toast.success('Download started');
  } catch {
    toast.error('Download failed', FAILED);
  }
}
