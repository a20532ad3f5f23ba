/**
 * The product's own three downloads (product-spec §9): the CSV and markdown that the web's Copy and Download
 * buttons also write (one implementation, in contracts), and the plan's JSON as Tracklens keeps it.
 */
import { markdownFileName, timestampedFileName, trackingPlanCsv, trackingPlanMarkdown } from '@tracklens/contracts';
import type { ExportFile, ExportInput } from './export-file';

export function csvExport({ plan, now }: ExportInput): ExportFile {
  return {
    fileName: timestampedFileName(now, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    body: trackingPlanCsv(plan.content.events),
    warnings: [],
  };
}

export function markdownExport({ plan }: ExportInput): ExportFile {
  return {
    fileName: markdownFileName(plan.title),
    contentType: 'text/markdown; charset=utf-8',
    body: trackingPlanMarkdown({ title: plan.title, ...plan.content, generatedAt: plan.completedAt }),
    warnings: [],
  };
}

export function jsonExport({ plan, now }: ExportInput): ExportFile {
  return {
    fileName: timestampedFileName(now, 'json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(plan.content, null, 2)}\n`,
    warnings: [],
  };
}
