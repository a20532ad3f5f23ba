/** Copy and download from the chat, with the toasts of product-spec §8 and the file names of §5 and §9. */
import { safeFileName } from '@tracklens/contracts/tracking-plan-export';
import { toast } from '../../components/toast';
import { copyText } from '../../lib/clipboard';
import { downloadText } from '../../lib/download';
import { CSV_MIME, MARKDOWN_MIME } from '../tracking-plan/plan-exports';

/** product-spec §9: the table CSV export from chat is tracking_plan.csv. */
export const CHAT_TABLE_FILE = 'tracking_plan.csv';

export async function copyWithToast(text: string, success: string): Promise<void> {
  try {
    await copyText(text);
    toast.success(success);
  } catch {
    toast.error('Failed to copy', 'Could not copy to clipboard. Please try again.');
  }
}

export function downloadWithToast(
  fileName: string,
  text: string,
  mimeType: string,
  success: string,
  failure = 'Could not download the tracking plan. Please try again.',
): void {
  try {
    downloadText(fileName, text, mimeType);
    toast.success(success);
  } catch {
    toast.error('Download failed', failure);
  }
}

export function copyTable(csv: string): Promise<void> {
  return copyWithToast(csv, 'Table copied');
}

export function downloadTableCsv(csv: string): void {
  downloadWithToast(CHAT_TABLE_FILE, csv, CSV_MIME, 'CSV downloaded');
}

export function copyMarkdown(markdown: string): Promise<void> {
  return copyWithToast(markdown, 'Copied to clipboard');
}

/** The session's result as markdown, named from the session's title (product-spec §5). */
export function downloadMarkdown(title: string, markdown: string): void {
  const base = safeFileName(title) || 'analytics_strategy';
  downloadWithToast(`${base}.md`, markdown, MARKDOWN_MIME, 'Download started');
}
