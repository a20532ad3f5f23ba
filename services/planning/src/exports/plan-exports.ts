/** Every export format and its writer: the route asks for a format, this picks the one pure function that writes it. */
import type { TrackingPlanExportFormat } from '@tracklens/contracts';
import { amplitudeExport } from './amplitude.export';
import { avoExport } from './avo.export';
import type { ExportFile, ExportInput } from './export-file';
import { jsonSchemaExport } from './json-schema.export';
import { mixpanelExport } from './mixpanel.export';
import { csvExport, jsonExport, markdownExport } from './plan-files.export';
import { rudderstackExport } from './rudderstack.export';
import { segmentExport } from './segment.export';
import { snowplowExport } from './snowplow.export';
import { typescriptExport } from './typescript.export';

const WRITERS: Record<TrackingPlanExportFormat, (input: ExportInput) => ExportFile> = {
  csv: csvExport,
  md: markdownExport,
  json: jsonExport,
  jsonschema: jsonSchemaExport,
  segment: segmentExport,
  amplitude: amplitudeExport,
  mixpanel: mixpanelExport,
  snowplow: snowplowExport,
  avo: avoExport,
  rudderstack: rudderstackExport,
  typescript: typescriptExport,
};

export function writeExport(format: TrackingPlanExportFormat, input: ExportInput): ExportFile {
  return WRITERS[format](input);
}

export type { ExportFile, ExportInput } from './export-file';
export { defaultIgluVendor, isIgluVendor } from './snowplow.export';
