/**
 * JSON Schema download: one draft-07 JSON Schema per event (https://json-schema.org/specification-links#draft-7),
 * exactly as event-schema.ts builds it, in one JSON file that maps each event's display name to its schema.
 * The schemas carry the `x-pii` vendor keyword on personal data: a strict validator must be told of it
 * (ajv `addKeyword('x-pii')`). Not carried: triggers, categories, screenshots and funnels, which are not schemas.
 */
import { eventSchema } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { nameCollisionWarnings } from './tool-schema';
import { withUniqueIds } from './unique-ids';

export function jsonSchemaExport({ plan }: ExportInput): ExportFile {
  // A second event of the same name keeps its schema under a numbered key rather than replacing the first.
  const keyed = withUniqueIds(plan.content.events, (event) => event.name, {
    numbered: (name, count) => `${name} (${count})`,
  });
  const schemas = new Map(keyed.map(({ item, id }) => [id, eventSchema(item)] as const));
  const warnings = [
    ...nameCollisionWarnings(plan.content.events),
    ...keyed
      .filter(({ renamed }) => renamed)
      .map(({ item, id }) => `Event '${item.name}' appears more than once: this one is keyed '${id}'`),
  ];
  return {
    fileName: exportFileName(plan.title, 'json_schemas.json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(Object.fromEntries(schemas), null, 2)}\n`,
    warnings,
  };
}
