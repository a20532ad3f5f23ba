/**
 * RudderStack: a Data Catalog project for rudder-cli in the `rudder/v1` spec
 * (https://www.rudderstack.com/docs/dev-tools/rudder-cli/yaml-data-catalog-and-tracking-plans/), as a ZIP to unzip
 * into a folder and `rudder-cli apply -l <folder>`. It is a ZIP, not one YAML file, because rudder-cli reads one YAML
 * document per file: its loader decodes the first document only (github.com/rudderlabs/rudder-iac,
 * cli/internal/project/specs/spec.go), and the docs say so ("Single YAML object per file",
 * https://www.rudderstack.com/docs/data-governance/git-based-management/directory-structure). The files:
 * - events.yaml, `kind: events`: every event a `track` event named as the plan names it (page and screen events
 *   carry no name in RudderStack, so two page-view events would be one), its description followed by its trigger;
 * - properties.yaml, `kind: properties`: one property per name and type, `config` holding `enum` and the
 *   `date-time` format, `item_type` what an array holds;
 * - categories.yaml, `kind: categories`: the plan's two categories, Page View and User Action;
 * - tracking-plan.yaml, `kind: tracking-plan`: one `event_rule` per event, with `#event:`, `#property:` and
 *   `#category:` references and each property's `required`.
 * Keys and limits follow rudder-cli's own validation (cli/internal/providers/datacatalog: localcatalog/model_v1.go,
 * rules/constants.go): ids and references `[a-zA-Z0-9_-]`, descriptions 3 to 2000 characters (an event's and the
 * plan's starting with a letter), the plan's display name from `^[A-Z_a-z][ \w,.-]{1,63}[\w,.-]$`.
 * Not carried: examples, screenshots and funnels; personal data is noted in the property's description.
 */
import { stringify } from 'yaml';
import type { EventCategory, TrackingEvent, TrackingProperty } from '@tracklens/contracts';
import { propertySchema, type JsonType } from './event-schema';
import { exportFileName, type ExportFile, type ExportInput } from './export-file';
import { collisionWarnings, snakeId } from './names';
import { withoutPiiKeyword } from './tool-schema';
import { withUniqueIds } from './unique-ids';
import { zipTextFiles } from './zip-files';

export const RUDDER_SPEC_VERSION = 'rudder/v1';

type Kind = 'events' | 'properties' | 'categories' | 'tracking-plan';

export interface RudderSpec<K extends Kind, S> {
  version: typeof RUDDER_SPEC_VERSION;
  kind: K;
  metadata: { name: string };
  spec: S;
}

export interface RudderEvent {
  id: string;
  name: string;
  event_type: 'track';
  description?: string;
  category: string;
}

export interface RudderProperty {
  id: string;
  name: string;
  description?: string;
  type: JsonType;
  item_type?: JsonType;
  config?: { enum?: string[]; format?: 'date-time' };
}

export interface RudderCategory {
  id: string;
  name: string;
}

export interface RudderRule {
  id: string;
  type: 'event_rule';
  event: string;
  properties?: { property: string; required: boolean }[];
}

export interface RudderTrackingPlan {
  id: string;
  display_name: string;
  rules: RudderRule[];
}

const CATEGORY_NAMES: Record<EventCategory, string> = { page_view: 'Page View', user_action: 'User Action' };
/** rudder-cli's limits on a track event's name and a property's name. */
const MAX_EVENT_NAME = 64;
const MAX_PROPERTY_NAME = 65;
const DESCRIPTION_LENGTH = { min: 3, max: 2000 };
const DISPLAY_NAME = /^[A-Z_a-z][ \w,.-]{1,63}[\w,.-]$/;

export function rudderstackExport({ plan }: ExportInput): ExportFile {
  const { events } = plan.content;
  const planId = snakeId(plan.title);
  const eventIds = withUniqueIds(events, (event) => snakeId(event.name));
  const catalog = propertyCatalog(events);
  const displayName = trackingPlanDisplayName(plan.title);
  const categories = [...new Set(events.map((event) => event.category))].map((category): RudderCategory => ({
    id: category,
    name: CATEGORY_NAMES[category],
  }));
  const rules = eventIds.map(({ item: event, id }) => eventRule(event, id, catalog.idOf));
  const files = [
    yamlFile(
      'events.yaml',
      spec('events', `${planId}-events`, { events: eventIds.map(({ item, id }) => rudderEvent(item, id)) }),
    ),
    yamlFile(
      'properties.yaml',
      spec('properties', `${planId}-properties`, { properties: catalog.properties }),
    ),
    yamlFile('categories.yaml', spec('categories', `${planId}-categories`, { categories })),
    yamlFile(
      'tracking-plan.yaml',
      spec('tracking-plan', planId, { id: planId, display_name: displayName, rules }),
    ),
  ] as const;
  return {
    fileName: exportFileName(plan.title, 'rudderstack_catalog.zip'),
    contentType: 'application/zip',
    body: zipTextFiles(files),
    warnings: [
      ...collisionWarnings(
        'Events',
        events.map((event) => event.name),
        snakeId,
      ),
      ...eventIds
        .filter(({ renamed }) => renamed)
        .map(({ item, id }) => `Event '${item.name}' gets the id '${id}'`),
      ...catalog.warnings,
      ...lengthWarnings(events),
      ...(displayName === plan.title
        ? []
        : [`The tracking plan is named '${displayName}': ${DISPLAY_NAME_RULE}`]),
    ],
  };
}

const DISPLAY_NAME_RULE =
  "RudderStack's display names are 3 to 65 letters, digits, spaces, '_', ',', '.' and '-', starting with a letter";

function spec<K extends Kind, S>(kind: K, name: string, body: S): RudderSpec<K, S> {
  return { version: RUDDER_SPEC_VERSION, kind, metadata: { name }, spec: body };
}

/** YAML 1.1 quoting: a value an older reader would take for a boolean or a date ('Yes', 'On') stays a string. */
function yamlFile(path: string, document: unknown): readonly [string, string] {
  return [path, stringify(document, { version: '1.1', lineWidth: 0 })];
}

function rudderEvent(event: TrackingEvent, id: string): RudderEvent {
  const trigger = event.trigger.trim() && `Trigger: ${event.trigger.trim()}`;
  const description = catalogDescription([event.description.trim(), trigger].filter(Boolean).join(' '), true);
  return {
    id,
    name: event.name,
    event_type: 'track',
    ...(description ? { description } : {}),
    category: `#category:${event.category}`,
  };
}

function eventRule(
  event: TrackingEvent,
  eventId: string,
  propertyId: (property: TrackingProperty) => string,
): RudderRule {
  const properties = event.properties.map((property) => ({
    property: `#property:${propertyId(property)}`,
    required: property.required,
  }));
  return {
    id: `${eventId}_rule`,
    type: 'event_rule',
    event: `#event:${eventId}`,
    ...(properties.length > 0 ? { properties } : {}),
  };
}

/**
 * A description within rudder-cli's 3 to 2000 characters, or none. An event's must start with a letter, so one
 * that does not ("'Add to bag' clicked") is introduced by 'Event: '.
 */
function catalogDescription(text: string, startsWithLetter: boolean): string | undefined {
  const opened = startsWithLetter && text && !/^[A-Za-z]/.test(text) ? `Event: ${text}` : text;
  if (opened.length < DESCRIPTION_LENGTH.min) return undefined;
  return opened.length > DESCRIPTION_LENGTH.max ? `${opened.slice(0, DESCRIPTION_LENGTH.max - 1)}…` : opened;
}

/** The plan's title as rudder-cli's display-name pattern allows it: other characters become spaces. */
export function trackingPlanDisplayName(title: string): string {
  const allowed = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ \w,.-]+/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
  const opened = /^[A-Za-z_]/.test(allowed) ? allowed : `Plan ${allowed}`.trim();
  const cut = opened.slice(0, 65).trimEnd();
  return DISPLAY_NAME.test(cut) ? cut : `${cut} tracking plan`;
}

function lengthWarnings(events: readonly TrackingEvent[]): string[] {
  const eventNames = events.map((event) => event.name).filter((name) => name.length > MAX_EVENT_NAME);
  const propertyNames = new Set(events.flatMap((event) => event.properties.map((property) => property.name)));
  return [
    ...eventNames.map((name) => `Event '${name}' is longer than RudderStack's ${MAX_EVENT_NAME} characters`),
    ...[...propertyNames]
      .filter((name) => name.length > MAX_PROPERTY_NAME)
      .map((name) => `Property '${name}' is longer than RudderStack's ${MAX_PROPERTY_NAME} characters`),
  ];
}

interface PropertyUse {
  event: TrackingEvent;
  property: TrackingProperty;
}

/** The plan's uses of one property name with one RudderStack type (and item type): one catalog property. */
interface PropertyGroup {
  key: string;
  name: string;
  type: JsonType;
  itemType?: JsonType;
  /** The first use, whose description the catalog keeps. */
  first: TrackingProperty;
  uses: PropertyUse[];
}

/**
 * The catalog's properties. RudderStack keeps one property per name, type and item type in a whole catalog
 * (rudder-cli rejects a second: rules/property/property_semantic_valid.go), while a plan property belongs to its
 * event, so:
 * - a name used with one type in every event is one property, id `snakeId(name)`;
 * - a name used with other types too is one property per type: the first keeps `snakeId(name)`, each other is
 *   `{id}_{type}` (`price_string`, `tags_array_number`), numbered on when taken; warned;
 * - a name whose events list different values is one property allowing all of them, or any text when one of its
 *   events lists none; warned, since RudderStack cannot keep values per event.
 * The first use gives the description; personal data in any use marks it.
 */
function propertyCatalog(events: readonly TrackingEvent[]): {
  properties: RudderProperty[];
  idOf: (property: TrackingProperty) => string;
  warnings: string[];
} {
  const groups = groupUses(events);
  const named = withUniqueIds(groups, (group) => {
    const firstOfName = groups.find((other) => other.name === group.name) === group;
    return firstOfName ? snakeId(group.name) : `${snakeId(group.name)}_${typeSuffix(group)}`;
  });
  const ids = new Map(named.map(({ item, id }) => [item.key, id]));
  return {
    properties: named.map(({ item, id }) => rudderProperty(item, id)),
    idOf: (property) => ids.get(groupKey(property)) ?? snakeId(property.name),
    warnings: [
      ...typeWarnings(named),
      ...groups.flatMap(valueWarnings),
      ...named
        .filter(({ renamed }) => renamed)
        .map(({ item, id }) => `Property '${item.name}' (${typeLabel(item)}) gets the id '${id}'`),
    ],
  };
}

/** What makes two uses of a property name one RudderStack property. */
function groupKey(property: TrackingProperty): string {
  const schema = propertySchema(property);
  return JSON.stringify([property.name, schema.type, schema.items?.type ?? null]);
}

function groupUses(events: readonly TrackingEvent[]): PropertyGroup[] {
  const groups = new Map<string, PropertyGroup>();
  for (const event of events) {
    for (const property of event.properties) {
      const key = groupKey(property);
      const schema = propertySchema(property);
      const group = groups.get(key) ?? {
        key,
        name: property.name,
        type: schema.type,
        itemType: schema.items?.type,
        first: property,
        uses: [],
      };
      group.uses.push({ event, property });
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

function rudderProperty(group: PropertyGroup, id: string): RudderProperty {
  const pii = group.uses.some((use) => use.property.pii);
  const { description: text, format } = withoutPiiKeyword(propertySchema({ ...group.first, pii }));
  const values = sharedValues(group);
  const config = { ...(values ? { enum: values } : {}), ...(format ? { format } : {}) };
  const description = catalogDescription(text.trim(), false);
  return {
    id,
    name: group.name,
    ...(description ? { description } : {}),
    type: group.type,
    ...(group.itemType ? { item_type: group.itemType } : {}),
    ...(Object.keys(config).length > 0 ? { config } : {}),
  };
}

/** The values every use allows, or none when some use takes any text. */
function sharedValues(group: PropertyGroup): string[] | undefined {
  const lists = group.uses.map((use) => propertySchema(use.property).enum);
  if (lists.some((list) => !list)) return undefined;
  return [...new Set(lists.flatMap((list) => list ?? []))];
}

function typeWarnings(named: readonly { item: PropertyGroup; id: string }[]): string[] {
  const names = [...new Set(named.map(({ item }) => item.name))];
  return names.flatMap((name) => {
    const ofName = named.filter(({ item }) => item.name === name);
    if (ofName.length < 2) return [];
    const each = ofName.map(({ item, id }) => `'${id}' (${typeLabel(item)} in ${eventList(item.uses)})`);
    return [
      `Property '${name}' has ${ofName.length} types, so RudderStack gets one property per type: ${each.join(', ')}`,
    ];
  });
}

function valueWarnings(group: PropertyGroup): string[] {
  const lists = group.uses.map((use) => propertySchema(use.property).enum);
  const distinct = new Set(lists.map((list) => (list ? JSON.stringify([...list].sort()) : 'any text')));
  if (distinct.size < 2) return [];
  const values = sharedValues(group);
  const outcome = values ? `allows all of them: ${values.join(', ')}` : 'takes any text';
  return [
    `Property '${group.name}' allows different values in ${eventList(group.uses)}; its one RudderStack property ${outcome}`,
  ];
}

function typeSuffix(group: PropertyGroup): string {
  return group.itemType ? `${group.type}_${group.itemType}` : group.type;
}

function typeLabel(group: PropertyGroup): string {
  return group.itemType ? `array of ${group.itemType}` : group.type;
}

function eventList(uses: readonly PropertyUse[]): string {
  return [...new Set(uses.map((use) => `'${use.event.name}'`))].join(', ');
}
