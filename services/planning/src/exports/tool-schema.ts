/**
 * What the schema-based tool formats (JSON Schema, Segment, Mixpanel) share: the canonical property schema as a
 * tool that does not document the `x-pii` vendor keyword takes it, and the names a tool would take for one.
 */
import type { TrackingEvent } from '@tracklens/contracts';
import { PII_KEYWORD, type PropertySchema } from './event-schema';
import { collisionWarnings } from './names';

export type ToolPropertySchema = Omit<PropertySchema, typeof PII_KEYWORD>;

/**
 * The property schema without `x-pii`: Segment's and Mixpanel's APIs document no vendor keywords, so the
 * note moves into the description, worded as the CSV words it.
 */
export function withoutPiiKeyword(schema: PropertySchema): ToolPropertySchema {
  const { [PII_KEYWORD]: pii, ...rest } = schema;
  return pii ? { ...rest, description: `${rest.description} (personal data)`.trim() } : rest;
}

/** Event names, and each event's property names, that only differ in case. */
export function nameCollisionWarnings(events: readonly TrackingEvent[]): string[] {
  const asWritten = (name: string) => name;
  return [
    ...collisionWarnings(
      'Events',
      events.map((event) => event.name),
      asWritten,
    ),
    ...events.flatMap((event) =>
      collisionWarnings(
        `Properties of '${event.name}':`,
        event.properties.map((property) => property.name),
        asWritten,
      ),
    ),
  ];
}

export function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
