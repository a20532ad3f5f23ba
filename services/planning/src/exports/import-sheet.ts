/**
 * What the two spreadsheet importers (Amplitude Data's CSV import, Avo's importer) read from a plan besides
 * the property schemas: an event's text, its category as a label, a property's description that keeps the
 * personal-data flag, and the warnings about what such a sheet cannot say; and the sheet itself as CSV.
 */
import {
  labelWords,
  toCsv,
  type EventCategory,
  type TrackingEvent,
  type TrackingPlanContent,
} from '@tracklens/contracts';
import { eventSchema, PII_KEYWORD, type PropertySchema } from './event-schema';
import { collisionWarnings } from './names';

/** A row of a sheet: the cells it fills, by column. */
export type SheetRow<Column extends string> = Partial<Record<Column, string>>;

/** The sheet as CSV: its columns as the header, then each row's cells in column order, an unfilled cell empty. */
export function sheetCsv<Column extends string>(
  columns: readonly Column[],
  rows: readonly SheetRow<Column>[],
): string {
  return toCsv([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);
}

/** Neither sheet has a trigger column: the trigger is kept in the event's description. */
export function eventDescription(event: TrackingEvent): string {
  const description = event.description.trim();
  const trigger = event.trigger.trim();
  if (!trigger) return description;
  return description ? `${description} Trigger: ${trigger}` : `Trigger: ${trigger}`;
}

/** 'page_view' → 'Page View': categories are free text in both tools, shown as typed. */
export function categoryLabel(category: EventCategory): string {
  return labelWords(category)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Neither sheet has a personal-data column, so the description says it (as the product's own CSV does). */
export function propertyDescription(schema: PropertySchema): string {
  return schema[PII_KEYWORD] ? `${schema.description} (personal data)`.trim() : schema.description;
}

/** Event names, and property names across the plan (both tools keep one property of a name), equal without case. */
export function nameCollisionWarnings(content: TrackingPlanContent): string[] {
  const propertyNames = content.events.flatMap((event) => event.properties.map((property) => property.name));
  return [
    ...collisionWarnings('Events', content.events.map((event) => event.name), (name) => name),
    ...collisionWarnings('Properties', propertyNames, (name) => name),
  ];
}

/** Enum values holding the sheet's separator: the tool would read each one as several values. */
export function enumSeparatorWarnings(tool: string, content: TrackingPlanContent): string[] {
  return content.events.flatMap((event) =>
    Object.entries(eventSchema(event).properties).flatMap(([name, schema]) =>
      (schema.enum ?? [])
        .filter((value) => value.includes(','))
        .map(
          (value) =>
            `Value '${value}' of property '${name}' on '${event.name}' contains a comma, which ${tool} reads as a separator between values`,
        ),
    ),
  );
}

/**
 * Property names whose definition (as `signature` sees it) differs from one event to another, with the events
 * in plan order: both tools keep one definition of a property for every event that sends it.
 */
export function divergentProperties(
  events: readonly TrackingEvent[],
  signature: (schema: PropertySchema) => string,
): { name: string; events: string[] }[] {
  const byName = new Map<string, { signatures: Set<string>; events: string[] }>();
  for (const event of events) {
    for (const [name, schema] of Object.entries(eventSchema(event).properties)) {
      const entry = byName.get(name) ?? { signatures: new Set<string>(), events: [] };
      entry.signatures.add(signature(schema));
      entry.events.push(event.name);
      byName.set(name, entry);
    }
  }
  return [...byName]
    .filter(([, entry]) => entry.signatures.size > 1)
    .map(([name, entry]) => ({ name, events: entry.events }));
}

export function quotedList(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}
