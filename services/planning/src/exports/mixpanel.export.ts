/**
 * Mixpanel Lexicon: the body of the Lexicon Schemas API's Create/Replace Multiple
 * (POST /api/app/projects/{projectId}/schemas, https://docs.mixpanel.com/reference/upload-schemas-for-project,
 * OpenAPI github.com/mixpanel/docs openapi/src/lexicon-schemas.openapi.yaml): `{entries: [{entityType: 'event',
 * name, schemaJson}]}`. Each schemaJson is the event's draft-07 schema with `metadata["com.mixpanel"]` as the API
 * documents it: displayName, tags (the event's category and its funnels), hidden and dropped on the event;
 * displayName, hidden and dropped on each property. `truncate` is left out, so an upload never empties the
 * project's dictionary. `additionalProperties` is true as in Mixpanel's example: every SDK adds its own default
 * properties ($os, $browser, ...) to each event.
 * Not carried: triggers and screenshots; funnel steps and order (only the funnels' names, as tags); `x-pii`
 * (the API's property definitions are closed to other keywords), whose note goes into the description.
 */
import { labelWords, type Funnel, type TrackingEvent } from '@tracklens/contracts';
import { eventSchema, type EventSchema } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { nameCollisionWarnings, withoutPiiKeyword, type ToolPropertySchema } from './tool-schema';

/** The metadata Mixpanel keeps on a property; tags are for events only. */
interface MixpanelPropertyMetadata {
  displayName: string;
  /** Set on every upload: a schema that leaves one out keeps the value Lexicon had before. */
  hidden: false;
  dropped: false;
}

interface MixpanelEventMetadata extends MixpanelPropertyMetadata {
  tags: string[];
}

export type MixpanelPropertySchema = ToolPropertySchema & {
  metadata: { 'com.mixpanel': MixpanelPropertyMetadata };
};

export interface MixpanelEventSchema {
  $schema: EventSchema['$schema'];
  description: string;
  type: 'object';
  properties: Record<string, MixpanelPropertySchema>;
  required: string[];
  additionalProperties: true;
  metadata: { 'com.mixpanel': MixpanelEventMetadata };
}

export interface MixpanelSchemaEntry {
  entityType: 'event';
  name: string;
  schemaJson: MixpanelEventSchema;
}

export function mixpanelExport({ plan }: ExportInput): ExportFile {
  const { events, funnels } = plan.content;
  const entries = events.map((event): MixpanelSchemaEntry => ({
    entityType: 'event',
    name: event.name,
    schemaJson: lexiconSchema(event, funnels),
  }));
  return {
    fileName: exportFileName(plan.title, 'mixpanel_lexicon_schemas.json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify({ entries }, null, 2)}\n`,
    warnings: nameCollisionWarnings(events),
  };
}

function lexiconSchema(event: TrackingEvent, funnels: readonly Funnel[]): MixpanelEventSchema {
  const schema = eventSchema(event);
  return {
    $schema: schema.$schema,
    description: schema.description,
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [
        name,
        lexiconProperty(name, withoutPiiKeyword(property)),
      ]),
    ),
    required: schema.required,
    additionalProperties: true,
    metadata: {
      'com.mixpanel': {
        displayName: event.name,
        tags: eventTags(event, funnels),
        hidden: false,
        dropped: false,
      },
    },
  };
}

/** 'order_id' is shown as 'Order ID', as in Mixpanel's examples. */
function lexiconProperty(name: string, schema: ToolPropertySchema): MixpanelPropertySchema {
  return {
    ...schema,
    metadata: { 'com.mixpanel': { displayName: displayWords(name), hidden: false, dropped: false } },
  };
}

/** Lexicon filters by tag: the event's category ('User Action') and each funnel it is a step of ('Funnel: Purchase'). */
function eventTags(event: TrackingEvent, funnels: readonly Funnel[]): string[] {
  const funnelTags = funnels
    .filter((funnel) => funnel.steps.includes(event.name))
    .map((funnel) => `Funnel: ${funnel.name}`);
  return [...new Set([displayWords(event.category), ...funnelTags])];
}

/** Words spelled in capitals, as Mixpanel's own examples spell 'Item ID'. */
const ACRONYMS = new Set(['id', 'url', 'ip', 'sku']);

/** 'order_id' → 'Order ID', 'user_action' → 'User Action'. */
function displayWords(name: string): string {
  return labelWords(name)
    .map((word) => word.toLowerCase())
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
