/**
 * Payloads to prove an exported schema on: one valid payload built from the schema's own `examples`, and the
 * same payload broken once (a property of the wrong type, a required property left out).
 */
import type { JsonType, JsonValue } from '../exports/event-schema';

export interface PropertySchemaLike {
  type: JsonType;
  enum?: string[];
  format?: string;
  examples?: JsonValue[];
}

export interface ObjectSchemaLike {
  properties?: Record<string, PropertySchemaLike | ObjectSchemaLike>;
  required?: string[];
}

export type Payload = Record<string, JsonValue>;

/** Every property, from its first example; a property without one (personal data, objects) gets a value of its type. */
export function examplePayload(schema: ObjectSchemaLike): Payload {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, exampleValue(property)]),
  );
}

/** The payload with its first property's value of another type; none when the schema has no properties. */
export function withWrongType(schema: ObjectSchemaLike, payload: Payload): Payload | undefined {
  const [name, property] = Object.entries(schema.properties ?? {})[0] ?? [];
  if (!name || !property) return undefined;
  return { ...payload, [name]: valueOfAnotherType(typeOf(property)) };
}

/** The payload without its first required property; none when nothing is required. */
export function withoutRequired(schema: ObjectSchemaLike, payload: Payload): Payload | undefined {
  const name = schema.required?.[0];
  if (!name) return undefined;
  const { [name]: _left, ...rest } = payload;
  return rest;
}

function exampleValue(schema: PropertySchemaLike | ObjectSchemaLike): JsonValue {
  if (!('type' in schema) || schema.type === 'object')
    return 'properties' in schema ? examplePayload(schema) : {};
  const example = schema.examples?.[0];
  if (example !== undefined) return example;
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  if (schema.format === 'date-time') return '2026-03-04T10:00:00Z';
  return valueOfType(schema.type);
}

function typeOf(schema: PropertySchemaLike | ObjectSchemaLike): JsonType {
  return 'type' in schema ? schema.type : 'object';
}

function valueOfType(type: JsonType): JsonValue {
  const values: Record<JsonType, JsonValue> = {
    string: 'text',
    number: 1,
    boolean: true,
    array: [],
    object: {},
  };
  return values[type];
}

function valueOfAnotherType(type: JsonType): JsonValue {
  return type === 'number' ? 'not a number' : 42;
}
