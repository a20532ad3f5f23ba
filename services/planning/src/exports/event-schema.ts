/**
 * The one internal form every schema-based export is built from: a JSON Schema (draft-07) per event, its
 * properties typed, described, required and enumerated as the plan says. Segment, Mixpanel and the JSON Schema
 * download use it as it is; Snowplow rewrites it for draft-04; the CSV formats and the TypeScript SDK read the
 * same property schemas, so a type means one thing in every file.
 */
import type { TrackingEvent, TrackingProperty } from '@tracklens/contracts';

export const JSON_SCHEMA_DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** The vendor keyword marking personal data; validators are told of it (ajv `addKeyword`), tools ignore it. */
export const PII_KEYWORD = 'x-pii';

export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object';
export type JsonValue = string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

export interface PropertySchema {
  type: JsonType;
  description: string;
  enum?: string[];
  items?: { type: JsonType };
  format?: 'date-time';
  examples?: JsonValue[];
  [PII_KEYWORD]?: true;
}

export interface EventSchema {
  $schema: typeof JSON_SCHEMA_DRAFT_07;
  /** The event's display name, as the plan spells it. */
  title: string;
  description: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required: string[];
  additionalProperties: false;
}

/** A property named for a moment ('created_at', 'event_timestamp') is an ISO 8601 date-time string. */
const DATE_TIME_NAME = /(^|_)(at|timestamp|time|datetime)$/;

export function eventSchema(event: TrackingEvent): EventSchema {
  return {
    $schema: JSON_SCHEMA_DRAFT_07,
    title: event.name,
    description: event.description || event.trigger,
    type: 'object',
    properties: Object.fromEntries(event.properties.map((property) => [property.name, propertySchema(property)])),
    required: event.properties.filter((property) => property.required).map((property) => property.name),
    additionalProperties: false,
  };
}

export function propertySchema(property: TrackingProperty): PropertySchema {
  const schema: PropertySchema = { type: jsonTypeOf(property), description: property.description };
  if (property.type === 'enum' && property.values?.length) schema.enum = [...new Set(property.values)];
  if (property.type === 'array') schema.items = { type: property.items ?? 'string' };
  if (schema.type === 'string' && !schema.enum && DATE_TIME_NAME.test(property.name)) schema.format = 'date-time';
  const example = exampleOf(property, schema);
  if (example !== undefined) schema.examples = [example];
  if (property.pii) schema[PII_KEYWORD] = true;
  return schema;
}

/** An enum without values is free text: nothing is promised that the plan does not list. */
function jsonTypeOf(property: TrackingProperty): JsonType {
  return property.type === 'enum' ? 'string' : property.type;
}

/**
 * The plan's example as a value of the schema's type, or nothing when it is not one: a schema never carries an
 * example its own validator would refuse, and personal data has no example at all.
 */
function exampleOf(property: TrackingProperty, schema: PropertySchema): JsonValue | undefined {
  const text = property.example.trim();
  if (!text || property.pii) return undefined;
  switch (schema.type) {
    case 'number': {
      const value = Number(text);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'string':
      if (schema.enum && !schema.enum.includes(text)) return undefined;
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(text))) return undefined;
      return text;
    case 'array': {
      const items = text.split(',').map((item) => item.trim()).filter(Boolean);
      const typed = items.map((item) => itemOf(item, schema.items?.type ?? 'string'));
      return typed.every((item) => item !== undefined) ? (typed as JsonValue[]) : undefined;
    }
    case 'object':
      return undefined;
  }
}

function itemOf(text: string, type: JsonType): JsonValue | undefined {
  if (type === 'string') return text;
  if (type === 'number') return Number.isFinite(Number(text)) ? Number(text) : undefined;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return undefined;
}
