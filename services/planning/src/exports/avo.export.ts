/**
 * Avo's importer CSV in "Avo's Ultimate Tracking Plan Template", as documented at
 * https://avo.app/docs/publishing/import/importing#avos-ultimate-tracking-plan-template: its ten required columns
 * in the documented order, one row per event property with the event's cells repeated, and an event without
 * properties as one row with empty property cells (the CSV example of
 * https://avo.app/docs/reference/public-api/import-tracking-plan). Sources is left empty: the plan does not know
 * where an event is sent from, Avo imports events with no sources, and any name written there would become a new
 * source of the workspace.
 *
 * Not carried: examples, screenshots and funnels (no column holds them); the trigger and the personal-data flag
 * survive only as words in the descriptions; a number is 'float', as the plan does not tell integers apart; a
 * date-time string is a plain 'string'. Avo merges a property across events only when its name, type and
 * description match, so a property the plan describes differently per event is reported.
 */
import type { TrackingEvent } from '@tracklens/contracts';
import { eventSchema, type JsonType, type PropertySchema } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import {
  categoryLabel,
  divergentProperties,
  enumSeparatorWarnings,
  eventDescription,
  nameCollisionWarnings,
  propertyDescription,
  quotedList,
  sheetCsv,
  type SheetRow,
} from './import-sheet';

export const AVO_COLUMNS = [
  'Event Name',
  'Event Description',
  'Event Category',
  'Sources',
  'Property Name',
  'Property Description',
  'Property Value Type',
  'Is Property Required?',
  'Is Property Array?',
  'Property Enumeration Options',
] as const;
type AvoColumn = (typeof AVO_COLUMNS)[number];
type Row = SheetRow<AvoColumn>;

export const AVO_VALUE_TYPES = ['string', 'int', 'float', 'bool', 'object', 'any'] as const;
type AvoValueType = (typeof AVO_VALUE_TYPES)[number];

/** The plan has no arrays of arrays; were one to come, 'any' would not refuse it. */
const VALUE_TYPE: Record<JsonType, AvoValueType> = {
  string: 'string',
  number: 'float',
  boolean: 'bool',
  object: 'object',
  array: 'any',
};

/** "Comma separated strings", written as the documentation's example writes them. */
const OPTION_SEPARATOR = ', ';

export function avoExport({ plan }: ExportInput): ExportFile {
  const rows = plan.content.events.flatMap(eventRows);
  return {
    fileName: exportFileName(plan.title, 'avo_tracking_plan.csv'),
    contentType: 'text/csv; charset=utf-8',
    body: sheetCsv(AVO_COLUMNS, rows),
    warnings: [
      ...nameCollisionWarnings(plan.content),
      ...enumSeparatorWarnings('Avo', plan.content),
      ...unmergedPropertyWarnings(plan.content.events),
    ],
  };
}

function eventRows(event: TrackingEvent): Row[] {
  const schema = eventSchema(event);
  const eventCells: Row = {
    'Event Name': event.name,
    'Event Description': eventDescription(event),
    'Event Category': categoryLabel(event.category),
    Sources: '',
  };
  const properties = Object.entries(schema.properties);
  if (properties.length === 0) return [eventCells];
  return properties.map(([name, property]) => ({
    ...eventCells,
    ...propertyCells(name, property, schema.required.includes(name)),
  }));
}

function propertyCells(name: string, schema: PropertySchema, required: boolean): Row {
  return {
    'Property Name': name,
    'Property Description': propertyDescription(schema),
    'Property Value Type': valueType(schema),
    'Is Property Required?': String(required),
    'Is Property Array?': String(schema.type === 'array'),
    'Property Enumeration Options': schema.enum?.join(OPTION_SEPARATOR) ?? '',
  };
}

/** An array is its items' type with Is Property Array? set; an enum is a string with its options. */
function valueType(schema: PropertySchema): AvoValueType {
  return VALUE_TYPE[schema.type === 'array' ? (schema.items?.type ?? 'string') : schema.type];
}

function unmergedPropertyWarnings(events: readonly TrackingEvent[]): string[] {
  const mergeKey = (schema: PropertySchema) =>
    JSON.stringify([valueType(schema), schema.type === 'array', propertyDescription(schema)]);
  return divergentProperties(events, mergeKey).map(
    ({ name, events: names }) =>
      `Property '${name}' has a different type or description on ${quotedList(names)}: Avo merges a property only when its name, type and description match, so it imports several`,
  );
}
