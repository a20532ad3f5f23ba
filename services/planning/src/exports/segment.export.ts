/**
 * Segment Protocols: the body of the Public API's Update Rules in Tracking Plan
 * (PATCH /tracking-plans/{trackingPlanId}/rules, https://docs.segmentapis.com/tag/Tracking-Plans, model
 * UpsertRuleV1 in github.com/segmentio/public-api-sdk-typescript): `{rules: [{type, key, version, jsonSchema}]}`.
 * A TRACK rule's jsonSchema validates the whole call as Segment's own rules do: the event's properties under
 * `properties.properties`, `context` and `traits` as objects, lowercase draft-07 types, dates as
 * `string` + `format: date-time` (https://segment.com/docs/protocols/tracking-plan/create/). Page and screen
 * events stay TRACK rules: Segment turns page() and screen() calls into 'Page Viewed' and 'Screen Viewed'
 * (https://segment.com/docs/protocols/faq/). One IDENTIFY rule lists the reserved traits
 * (https://segment.com/docs/connections/spec/identify/#traits) that the sign-up and sign-in events carry, optional
 * as Segment advises, snake_case as Segment accepts them.
 * Not carried: triggers, categories, screenshots and funnels; `x-pii` (no vendor keywords are documented), whose
 * note goes into the description; `additionalProperties: false`, since Segment's Schema Configuration decides
 * what an unplanned property does.
 */
import { labelWords, type TrackingEvent } from '@tracklens/contracts';
import { eventSchema, JSON_SCHEMA_DRAFT_07, type JsonType } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { mapValues, nameCollisionWarnings, withoutPiiKeyword, type ToolPropertySchema } from './tool-schema';

interface ObjectSchema {
  type: 'object';
  properties?: Record<string, ToolPropertySchema | ObjectSchema>;
  required?: string[];
}

export interface SegmentRuleSchema {
  $schema: typeof JSON_SCHEMA_DRAFT_07;
  type: 'object';
  description?: string;
  properties: { context: ObjectSchema; traits: ObjectSchema; properties: ObjectSchema };
  required?: string[];
}

export interface SegmentRule {
  type: 'TRACK' | 'IDENTIFY';
  /** The event name; an IDENTIFY rule has none. */
  key?: string;
  version: 1;
  jsonSchema: SegmentRuleSchema;
}

export function segmentExport({ plan }: ExportInput): ExportFile {
  const { events } = plan.content;
  const identify = identifyRule(events);
  const rules = [...events.map(trackRule), ...(identify ? [identify] : [])];
  return {
    fileName: exportFileName(plan.title, 'segment_tracking_plan_rules.json'),
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify({ rules }, null, 2)}\n`,
    warnings: nameCollisionWarnings(events),
  };
}

const ANY_OBJECT: ObjectSchema = { type: 'object' };

function trackRule(event: TrackingEvent): SegmentRule {
  const schema = eventSchema(event);
  const properties: ObjectSchema = {
    type: 'object',
    properties: mapValues(schema.properties, withoutPiiKeyword),
  };
  if (schema.required.length) properties.required = schema.required;
  return {
    type: 'TRACK',
    key: event.name,
    version: 1,
    jsonSchema: {
      $schema: JSON_SCHEMA_DRAFT_07,
      type: 'object',
      description: schema.description,
      properties: { context: ANY_OBJECT, traits: ANY_OBJECT, properties },
      ...(schema.required.length ? { required: ['properties'] } : {}),
    },
  };
}

/** The events a user identifies themself in: 'Signed Up', 'Sign In Submitted', 'Logged In', 'Account Created'. */
const IDENTITY_EVENT =
  /\b(sign(ed)? (up|in)|signup|signin|log(ged)? in|login|account created|registered|registration)\b/;

interface ReservedTrait {
  trait: string;
  type: JsonType;
  /** Segment's `company` is an object; the plan's company name is its `name`. */
  nestedAs?: string;
}

const EMAIL: ReservedTrait = { trait: 'email', type: 'string' };
const NAME: ReservedTrait = { trait: 'name', type: 'string' };
const PHONE: ReservedTrait = { trait: 'phone', type: 'string' };
const TITLE: ReservedTrait = { trait: 'title', type: 'string' };
const USERNAME: ReservedTrait = { trait: 'username', type: 'string' };
const COMPANY: ReservedTrait = { trait: 'company', type: 'string', nestedAs: 'name' };

/** Property names that mean one of Segment's reserved traits, with the type Segment expects of it. */
const RESERVED_TRAITS: Record<string, ReservedTrait> = {
  email: EMAIL,
  email_address: EMAIL,
  name: NAME,
  full_name: NAME,
  first_name: { trait: 'first_name', type: 'string' },
  last_name: { trait: 'last_name', type: 'string' },
  phone: PHONE,
  phone_number: PHONE,
  title: TITLE,
  job_title: TITLE,
  username: USERNAME,
  user_name: USERNAME,
  website: { trait: 'website', type: 'string' },
  gender: { trait: 'gender', type: 'string' },
  age: { trait: 'age', type: 'number' },
  company: COMPANY,
  company_name: COMPANY,
};

/** The user's traits, from the identity events' properties that are reserved traits; none, no rule. */
function identifyRule(events: readonly TrackingEvent[]): SegmentRule | undefined {
  const traits = identityTraits(events);
  if (!Object.keys(traits).length) return undefined;
  return {
    type: 'IDENTIFY',
    version: 1,
    jsonSchema: {
      $schema: JSON_SCHEMA_DRAFT_07,
      type: 'object',
      description: 'Reserved traits the sign-up and sign-in events collect.',
      properties: {
        context: ANY_OBJECT,
        traits: { type: 'object', properties: traits },
        properties: ANY_OBJECT,
      },
    },
  };
}

/** The first property that gives a trait names it: later ones are the same fact seen by another event. */
function identityTraits(events: readonly TrackingEvent[]): Record<string, ToolPropertySchema | ObjectSchema> {
  const traits: Record<string, ToolPropertySchema | ObjectSchema> = {};
  for (const event of events.filter(isIdentityEvent)) {
    const schema = eventSchema(event);
    for (const [name, property] of Object.entries(schema.properties)) {
      const reserved = Object.hasOwn(RESERVED_TRAITS, name) ? RESERVED_TRAITS[name] : undefined;
      if (!reserved || reserved.type !== property.type || Object.hasOwn(traits, reserved.trait)) continue;
      const trait = withoutPiiKeyword(property);
      traits[reserved.trait] = reserved.nestedAs
        ? { type: 'object', properties: { [reserved.nestedAs]: trait } }
        : trait;
    }
  }
  return traits;
}

function isIdentityEvent(event: TrackingEvent): boolean {
  return IDENTITY_EVENT.test(labelWords(event.name).join(' ').toLowerCase());
}
