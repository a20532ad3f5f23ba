/**
 * Amplitude Data's CSV import of events and event properties (Data → Events → Import), as documented in
 * "Events and event properties file schema" at https://amplitude.com/docs/data/csv-import-export (column
 * reference: https://amplitude.com/docs/data/csv-import-export/file-schema). The header holds every documented
 * column, spelled as the import template and Amplitude's own export spell them, in the documented table's order.
 * Each event is one row (Object Type 'Event') followed by one row per property (Property Type 'Event Property'),
 * which the import attaches to the event above it, as Amplitude's export lays them out.
 *
 * Not carried: examples, screenshots and funnels (no column holds them); the trigger and the personal-data flag
 * survive only as words in the descriptions; an object, or an array of objects, becomes 'any'; a date-time
 * string is a plain 'string'. Amplitude keeps one definition of a property for every event, so a property the
 * plan defines differently per event is reported, not merged.
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

export const AMPLITUDE_COLUMNS = [
  'Action',
  'Object Type',
  'Object Name',
  'Event Display Name',
  'Object Owner',
  'Object Description',
  'Event Category',
  'Tags',
  'Event Activity',
  'Event Hidden From Dropdowns',
  'Event Hidden From Persona Results',
  'Event Hidden From Pathfinder',
  'Event Hidden From Timeline',
  'Event Source',
  'Property Type',
  'Property Group Names',
  'Event Property Name',
  'Property Description',
  'Property Value Type',
  'Property Required',
  'Property Visibility',
  'Property Is Array',
  'Enum Values',
  'Property Regex',
  'Const Value',
  'String Property Value Min Length',
  'String Property Value Max Length',
  'Number Property Value Min',
  'Number Property Value Max',
  'Number Is Integer',
  'Array Min Items',
  'Array Max Items',
  'Array Unique Items',
] as const;
type AmplitudeColumn = (typeof AMPLITUDE_COLUMNS)[number];
type Row = SheetRow<AmplitudeColumn>;

export const AMPLITUDE_VALUE_TYPES = ['string', 'number', 'boolean', 'any', 'enum', 'const'] as const;
type AmplitudeValueType = (typeof AMPLITUDE_VALUE_TYPES)[number];

/** Amplitude has no object type: 'any' accepts what the plan describes without promising a shape it cannot check. */
const VALUE_TYPE: Record<JsonType, AmplitudeValueType> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  object: 'any',
  array: 'any',
};

/** The documented enum separator: a bare comma, as spaces would become part of the values. */
const ENUM_SEPARATOR = ',';

export function amplitudeExport({ plan }: ExportInput): ExportFile {
  const rows = plan.content.events.flatMap(eventRows);
  return {
    fileName: exportFileName(plan.title, 'amplitude_data_import.csv'),
    contentType: 'text/csv; charset=utf-8',
    body: sheetCsv(AMPLITUDE_COLUMNS, rows),
    warnings: [
      ...nameCollisionWarnings(plan.content),
      ...enumSeparatorWarnings('Amplitude Data', plan.content),
      ...sharedDefinitionWarnings(plan.content.events),
    ],
  };
}

/**
 * Columns left blank keep Amplitude's value or default: Action (blank creates or updates), owner (only an
 * existing event's owner would be cleared), activity, visibility and the constraints the plan does not state.
 */
function eventRows(event: TrackingEvent): Row[] {
  const schema = eventSchema(event);
  const eventRow: Row = {
    'Object Type': 'Event',
    'Object Name': event.name,
    'Object Description': eventDescription(event),
    'Event Category': categoryLabel(event.category),
  };
  const propertyRows = Object.entries(schema.properties).map(([name, property]) =>
    propertyRow(name, property, schema.required.includes(name)),
  );
  return [eventRow, ...propertyRows];
}

function propertyRow(name: string, schema: PropertySchema, required: boolean): Row {
  return {
    'Property Type': 'Event Property',
    'Event Property Name': name,
    'Property Description': propertyDescription(schema),
    'Property Value Type': valueType(schema),
    'Property Required': amplitudeBoolean(required),
    'Property Is Array': amplitudeBoolean(schema.type === 'array'),
    'Enum Values': schema.enum?.join(ENUM_SEPARATOR) ?? '',
  };
}

/** An array is its items' type with Property Is Array set. */
function valueType(schema: PropertySchema): AmplitudeValueType {
  if (schema.enum) return 'enum';
  return VALUE_TYPE[schema.type === 'array' ? (schema.items?.type ?? 'string') : schema.type];
}

function amplitudeBoolean(value: boolean): 'True' | 'False' {
  return value ? 'True' : 'False';
}

function sharedDefinitionWarnings(events: readonly TrackingEvent[]): string[] {
  const definition = (schema: PropertySchema) =>
    // A description differing per event only loses words; a type or an enum differing loses data.
    JSON.stringify([valueType(schema), schema.type === 'array', schema.enum ?? []]);
  return divergentProperties(events, definition).map(
    ({ name, events: names }) =>
      `Property '${name}' is defined differently on ${quotedList(names)}: Amplitude Data keeps one definition of a property for all its events`,
  );
}
