/**
 * Snowplow: one self-describing JSON Schema per event, in a ZIP laid out as an Iglu static registry,
 * `schemas/{vendor}/{name}/jsonschema/1-0-0` with no extension
 * (https://docs.snowplow.io/docs/event-studio/data-structures/manage/iglu), ready for `igluctl lint` and
 * `igluctl static push` (https://docs.snowplow.io/docs/pipeline-components-and-applications/iglu/igluctl-2/).
 * A schema is JSON Schema draft-04 whose `$schema` is Iglu's self-describing meta-schema and whose `self` names it
 * (iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0). It is rewritten from the
 * canonical draft-07 schema to pass `igluctl lint` with its default checks, which are every linter of
 * github.com/snowplow/schema-ddl (jsonschema/Linter.scala) as github.com/snowplow/igluctl (commands/Lint.scala)
 * runs them:
 * - stringLength: free text gets `maxLength` 4096 (with 255, the length iglu-central's own schemas use most);
 *   enums and date-times need none;
 * - numericMinMax: numbers are bounded by ±(2^53 - 1), every number a JavaScript tracker sends exactly;
 * - optionalNull: an optional property also takes null (an optional enum lists null, as iglu-central's do);
 * - description: every property and array item has one;
 * - draft-04: `examples` (draft-06) is left out, and `required` when empty (draft-04 wants one name or more).
 * The description starts with the event's display name and ends with its trigger. Personal data is noted in the
 * property's description, not with `x-pii`, which draft-04 and Iglu's strict syntax check do not know.
 * Not carried: examples, categories, screenshots, funnels and the plan's title.
 */
import { labelWords, type TrackingEvent } from '@tracklens/contracts';
import { eventSchema, type JsonType, type PropertySchema } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { collisionWarnings, snakeId } from './names';
import { withoutPiiKeyword } from './tool-schema';
import { withUniqueIds } from './unique-ids';
import { zipTextFiles, type ZipTextFile } from './zip-files';

export const IGLU_SELF_DESCRIBING_SCHEMA =
  'http://iglucentral.com/schemas/com.snowplowanalytics.self-desc/schema/jsonschema/1-0-0#';
/** Every schema is the first version of itself: the plan has no history to number. */
export const IGLU_SCHEMA_VERSION = '1-0-0';

/** Free text may be this long; iglu-central's schemas use 4096 for text and 255 for names. */
const STRING_MAX_LENGTH = 4096;
/** 2^53 - 1: the largest integer a JavaScript tracker sends without rounding. */
const NUMBER_BOUND = Number.MAX_SAFE_INTEGER;

export interface IgluPropertySchema {
  type: JsonType | [JsonType, 'null'];
  description: string;
  enum?: (string | null)[];
  format?: 'date-time';
  items?: IgluPropertySchema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface IgluSchema {
  $schema: typeof IGLU_SELF_DESCRIBING_SCHEMA;
  self: { vendor: string; name: string; format: 'jsonschema'; version: typeof IGLU_SCHEMA_VERSION };
  description: string;
  type: 'object';
  properties: Record<string, IgluPropertySchema>;
  required?: string[];
  additionalProperties: false;
}

export function snowplowExport({ plan, vendor }: ExportInput): ExportFile {
  // The route checks the vendor; this guard keeps a bad one from becoming a path such as 'schemas/../…' in the ZIP.
  if (!isIgluVendor(vendor))
    throw new Error(`'${vendor}' is not an Iglu vendor (reverse-DNS, like com.acme)`);
  const { events } = plan.content;
  const named = withUniqueIds(events, (event) => snakeId(event.name));
  const files = named.map(({ item: event, id }): ZipTextFile => {
    const schema = igluSchema(event, vendor, id);
    return [registryPath(schema.self), `${JSON.stringify(schema, null, 2)}\n`];
  });
  return {
    fileName: exportFileName(plan.title, 'snowplow_iglu_schemas.zip'),
    contentType: 'application/zip',
    body: zipTextFiles(files),
    warnings: [
      ...collisionWarnings(
        'Events',
        events.map((event) => event.name),
        snakeId,
      ),
      ...named
        .filter(({ renamed }) => renamed)
        .map(({ item, id }) => `Event '${item.name}' is published as '${id}'`),
      ...events.flatMap((event) =>
        collisionWarnings(
          `Properties of '${event.name}'`,
          event.properties.map((property) => property.name),
          (name) => name,
        ),
      ),
    ],
  };
}

/**
 * Iglu's vendor pattern (`^[a-zA-Z0-9-_.]+$`, in the self-describing meta-schema) with non-empty labels between the
 * dots, as a reverse-DNS name has: that also keeps '.' and '..' out of the registry's paths.
 */
export function isIgluVendor(vendor: string): boolean {
  return /^[a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*$/.test(vendor);
}

/**
 * The product's name as a reverse-DNS vendor, the way Snowplow names its own: 'Snowplow Analytics' is
 * `com.snowplowanalytics`, so 'Northwind Goods' is `com.northwindgoods` (the words run together as in a domain
 * name, lower-cased, accents dropped). A name without letters or digits gets Snowplow's placeholder `com.example`.
 */
export function defaultIgluVendor(productName: string): string {
  const label = labelWords(productName).join('').toLowerCase();
  return `com.${label || 'example'}`;
}

/** Where a static registry keeps a schema: `schemas/{vendor}/{name}/{format}/{version}`. */
export function registryPath(self: IgluSchema['self']): string {
  return `schemas/${self.vendor}/${self.name}/${self.format}/${self.version}`;
}

export function igluSchema(event: TrackingEvent, vendor: string, name: string): IgluSchema {
  const canonical = eventSchema(event);
  const required = new Set(canonical.required);
  return {
    $schema: IGLU_SELF_DESCRIBING_SCHEMA,
    self: { vendor, name, format: 'jsonschema', version: IGLU_SCHEMA_VERSION },
    description: eventDescription(event),
    type: 'object',
    properties: mapEntries(canonical.properties, (key, property) =>
      igluProperty(key, property, required.has(key)),
    ),
    ...(required.size > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** 'Order Completed: The order was paid for. Trigger: User clicks …': the display name the snake_case id lost. */
function eventDescription(event: TrackingEvent): string {
  const trigger = event.trigger.trim();
  const text = [event.description.trim(), trigger && `Trigger: ${trigger}`].filter(Boolean).join(' ');
  return `${event.name}: ${text}`.trim();
}

function igluProperty(name: string, canonical: PropertySchema, required: boolean): IgluPropertySchema {
  const { type, description, enum: values, format, items } = withoutPiiKeyword(canonical);
  // An optional property may also be sent as null (igluctl's optionalNull); an enum lists null too, or null fails it.
  return {
    type: required ? type : [type, 'null'],
    description,
    ...(values ? { enum: required ? [...values] : [...values, null] } : {}),
    ...(format ? { format } : {}),
    ...(items
      ? { items: { type: items.type, description: `One item of ${name}`, ...bounds(items.type) } }
      : {}),
    ...bounds(type, values, format),
  };
}

/** The length or range igluctl lint asks of a string or a number that nothing else bounds. */
function bounds(
  type: JsonType,
  values?: string[],
  format?: string,
): Pick<IgluPropertySchema, 'maxLength' | 'minimum' | 'maximum'> {
  if (type === 'string' && !values && !format) return { maxLength: STRING_MAX_LENGTH };
  if (type === 'number') return { minimum: -NUMBER_BOUND, maximum: NUMBER_BOUND };
  return {};
}

function mapEntries<T, U>(record: Record<string, T>, map: (key: string, value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(key, value)]));
}
