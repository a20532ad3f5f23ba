/** What every export writer is given and gives back: a pure function from a completed plan to one file. */
import { safeFileName, type TrackingPlanContent } from '@tracklens/contracts';

export interface ExportablePlan {
  title: string;
  content: TrackingPlanContent;
  /** When the plan was completed; the markdown's Generated line. */
  completedAt: Date | null;
}

export interface ExportInput {
  plan: ExportablePlan;
  /** The reverse-DNS name of the product's owner, for formats that namespace schemas (Snowplow's Iglu vendor). */
  vendor: string;
  /** When the export is asked for: timestamped file names. */
  now: Date;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  /** Text formats are strings; archives are bytes. */
  body: string | Uint8Array;
  /** Names the tool would treat as one (equal when compared without case): the user is told, nothing is dropped. */
  warnings: string[];
}

/**
 * A download's name from the plan's title, the way product-spec §9 names the markdown: lower-cased,
 * non-alphanumerics as underscores, then what the file is ('northwind_goods_segment.json').
 */
export function exportFileName(title: string, suffix: string): string {
  const base = safeFileName(title).replace(/_tracking_plan$/, '') || 'tracking_plan';
  return `${base}_${suffix}`;
}
