/**
 * JSON Schema download: one draft-07 JSON Schema per event (https://json-schema.org/specification-links#draft-7),
 * exactly as event-schema.ts builds it, in one JSON file that maps each event's display name to its schema.
 * The schemas carry the `x-pii` vendor keyword on personal data: a strict validator must be told of it
 * (ajv `addKeyword('x-pii')`). Not carried: triggers, categories, screenshots and funnels, which are not schemas.
 */
import { eventSchema, type EventSchema } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { nameCollisionWarnings } from './tool-schema';

export function jsonSchemaExport({ plan }: ExportInput): ExportFile {
  const schemas = new Map<string, EventSchema>();
  const warnings = nameCollisionWarnings(plan.content.events);
  for (const event of plan.content.events) {
    const key = freeKey(schemas, event.name);
    if (key !== event.name)
      warnings.push(`Event '${event.name}' appears more than once: this one is keyed '${key}'`);
    schemas.set(key, eventSchema(event));
  }
  return {
    fileName: exportFileName(plan.title, 'json_schemas.json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(Object.fromEntries(schemas), null, 2)}\n`,
    warnings,
  };
}

/** A second event of the same name keeps its schema under a numbered key rather than replacing the first. */
function freeKey(taken: ReadonlyMap<string, unknown>, name: string): string {
  let key = name;
  for (let count = 2; taken.has(key); count += 1) key = `${name} (${count})`;
  return key;
}
