/** Copy and download of tracking plans, with the toasts of product-spec §8. */
import {
  markdownFileName,
  timestampedFileName,
  trackingPlanCsv,
  trackingPlanMarkdown,
} from '@tracklens/contracts/tracking-plan-export';
import type { TrackingPlan } from '../../api/planning.api';
import { toast } from '../../components/toast';
import { copyText } from '../../lib/clipboard';
import { downloadText } from '../../lib/download';
import { eventsOf, funnelsOf, type PlanEvent } from './plan-content';

export const CSV_MIME = 'text/csv;charset=utf-8';
export const MARKDOWN_MIME = 'text/markdown;charset=utf-8';

export async function copyToClipboard(text: string): Promise<void> {
  try {
    await copyText(text);
    toast.success('Copied to clipboard');
  } catch {
    toast.error('Failed to copy', 'Could not copy to clipboard. Please try again.');
  }
}

export function copyPlanCsv(events: PlanEvent[]): Promise<void> {
  return copyToClipboard(trackingPlanCsv(events));
}

/** Download CSV of the generate panel: tracking_plan_{timestamp}.csv, toast 'CSV downloaded'. */
export function downloadPlanCsv(events: PlanEvent[], now = new Date()): void {
  try {
    downloadText(timestampedFileName(now, 'csv'), trackingPlanCsv(events), CSV_MIME);
    toast.success('CSV downloaded');
  } catch {
    toast.error('Download failed', 'Could not download the tracking plan. Please try again.');
  }
}

export function planMarkdown(plan: TrackingPlan): string {
  return trackingPlanMarkdown({
    title: plan.title,
    events: eventsOf(plan.content),
    funnels: funnelsOf(plan.content),
    generatedAt: plan.completedAt ? new Date(plan.completedAt) : null,
  });
}

/** The history card's download: {title}_tracking_plan.md, as planning's own markdown export names it. */
export function downloadPlanMarkdown(plan: TrackingPlan): void {
  try {
    downloadText(markdownFileName(plan.title), planMarkdown(plan), MARKDOWN_MIME);
    toast.success('Download started');
  } catch {
    toast.error('Download failed', 'Could not download the tracking plan. Please try again.');
  }
}
