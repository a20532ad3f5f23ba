import { strFromU8, unzipSync } from 'fflate';
import { parseAllDocuments } from 'yaml';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import type { ExportablePlan } from './export-file';
import {
  RUDDER_SPEC_VERSION,
  rudderstackExport,
  trackingPlanDisplayName,
  type RudderCategory,
  type RudderEvent,
  type RudderProperty,
  type RudderTrackingPlan,
} from './rudderstack.export';

/** rudder-cli's patterns (cli/internal/providers/datacatalog/rules/constants.go and provider/rules/funcs/init.go). */
const REFERENCE = (kind: string) => new RegExp(`^#${kind}:([a-zA-Z0-9_-]+)$`);
const DISPLAY_NAME = /^[A-Z_a-z][ \w,.-]{1,63}[\w,.-]$/;
const PRIMITIVE_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];
const STRING_CONFIG_KEYS = ['enum', 'min_length', 'max_length', 'pattern', 'format'];

interface Catalog {
  events: RudderEvent[];
  properties: RudderProperty[];
  categories: RudderCategory[];
  trackingPlan: RudderTrackingPlan;
}

function filesOf(plan: ExportablePlan): Record<string, string> {
  const { body } = rudderstackExport(exportInput(plan));
  if (typeof body === 'string') throw new Error('a RudderStack export is a ZIP');
  return Object.fromEntries(Object.entries(unzipSync(body)).map(([file, bytes]) => [file, strFromU8(bytes)]));
}

/** Each file as rudder-cli reads it: its one YAML document, which must parse cleanly. */
function documentsOf(plan: ExportablePlan): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(filesOf(plan)).map(([file, text]) => {
      const documents = parseAllDocuments(text);
      if (!Array.isArray(documents) || documents.length !== 1)
        throw new Error(`${file} is not one YAML document`);
      const [document] = documents;
      if (!document || document.errors.length > 0 || document.warnings.length > 0)
        throw new Error(`${file} does not parse`);
      return [file, document.toJS() as Record<string, unknown>];
    }),
  );
}

function catalogOf(plan: ExportablePlan): Catalog {
  const documents = documentsOf(plan);
  const specOf = (file: string) => (documents[file]?.spec ?? {}) as Record<string, unknown>;
  return {
    events: specOf('events.yaml').events as RudderEvent[],
    properties: specOf('properties.yaml').properties as RudderProperty[],
    categories: specOf('categories.yaml').categories as RudderCategory[],
    trackingPlan: specOf('tracking-plan.yaml') as unknown as RudderTrackingPlan,
  };
}

/** The archive as reviewers read it: its files in order, each introduced by its name. */
function listing(plan: ExportablePlan): string {
  return Object.entries(filesOf(plan))
    .map(([file, text]) => `# ${file}\n${text}`)
    .join('---\n');
}

/** The id a reference names, when it has rudder-cli's form for that kind. */
function referencedId(kind: string, reference: string): string | undefined {
  return REFERENCE(kind).exec(reference)?.[1];
}

const PLANS = Object.entries(EXPORT_PLANS);

describe(rudderstackExport.name, () => {
  it.each(PLANS)('should write the %s plan as its golden catalog', (name, plan) => {
    const actual = listing(plan);

    expect(actual).toBe(golden(`${name}.rudderstack.yaml`, actual).toString('utf8'));
  });

  it('should name a ZIP of one YAML file per kind after the plan', () => {
    const file = rudderstackExport(exportInput(EXPORT_PLANS.shop));

    expect(file.fileName).toBe('northwind_goods_rudderstack_catalog.zip');
    expect(file.contentType).toBe('application/zip');
    expect(Object.keys(filesOf(EXPORT_PLANS.shop))).toEqual([
      'events.yaml',
      'properties.yaml',
      'categories.yaml',
      'tracking-plan.yaml',
    ]);
    expect(file.warnings).toEqual([]);
  });

  it.each(PLANS)(
    'should give each %s file one document of the rudder/v1 spec and its kind',
    (_name, plan) => {
      const documents = documentsOf(plan);

      expect(Object.values(documents).map(({ version, kind }) => [version, kind])).toEqual([
        [RUDDER_SPEC_VERSION, 'events'],
        [RUDDER_SPEC_VERSION, 'properties'],
        [RUDDER_SPEC_VERSION, 'categories'],
        [RUDDER_SPEC_VERSION, 'tracking-plan'],
      ]);
      for (const document of Object.values(documents)) {
        expect(Object.keys(document)).toEqual(['version', 'kind', 'metadata', 'spec']);
        expect(document.metadata).toEqual({ name: expect.stringMatching(/^[a-z0-9_-]+$/) });
      }
    },
  );

  it.each(PLANS)(
    'should resolve every reference of the %s catalog to an event, property or category it defines',
    (_name, plan) => {
      const { events, properties, categories, trackingPlan } = catalogOf(plan);
      const eventIds = new Set(events.map((e) => e.id));
      const propertyIds = new Set(properties.map((p) => p.id));
      const categoryIds = new Set(categories.map((c) => c.id));

      for (const e of events) expect(categoryIds.has(referencedId('category', e.category) ?? '')).toBe(true);
      for (const rule of trackingPlan.rules) {
        expect(eventIds.has(referencedId('event', rule.event) ?? '')).toBe(true);
        for (const p of rule.properties ?? [])
          expect(propertyIds.has(referencedId('property', p.property) ?? '')).toBe(true);
      }
      expect(trackingPlan.rules.map((rule) => referencedId('event', rule.event))).toEqual(
        events.map((e) => e.id),
      );
    },
  );

  it.each(PLANS)(
    'should keep every %s event, property use and requirement in the tracking plan',
    (_name, plan) => {
      const { properties, trackingPlan } = catalogOf(plan);
      const nameOf = new Map(properties.map((p) => [p.id, p.name]));

      expect(
        trackingPlan.rules.map((rule) =>
          (rule.properties ?? []).map((p) => [
            nameOf.get(referencedId('property', p.property) ?? ''),
            p.required,
          ]),
        ),
      ).toEqual(plan.content.events.map((e) => e.properties.map((p) => [p.name, p.required])));
    },
  );

  it.each(PLANS)(
    'should meet rudder-cli validation on ids, names, types and descriptions in the %s catalog',
    (_name, plan) => {
      const { events, properties, categories, trackingPlan } = catalogOf(plan);
      const ids = (items: { id: string }[]) => items.map((item) => item.id);

      for (const list of [ids(events), ids(properties), ids(categories), trackingPlan.rules.map((r) => r.id)])
        expect(new Set(list).size).toBe(list.length);
      expect(new Set(properties.map((p) => `${p.name}|${p.type}|${p.item_type ?? ''}`)).size).toBe(
        properties.length,
      );
      expect(trackingPlan.display_name).toMatch(DISPLAY_NAME);
      for (const c of categories) expect(c.name).toMatch(DISPLAY_NAME);
      for (const e of events) {
        expect(e.event_type).toBe('track');
        expect(e.name.length).toBeLessThanOrEqual(64);
        expect(e.description).toMatch(/^[a-zA-Z][\s\S]{2,1999}$/);
      }
      for (const p of properties) {
        expect(PRIMITIVE_TYPES).toContain(p.type);
        if (p.item_type) expect(PRIMITIVE_TYPES).toContain(p.item_type);
        expect(p.description?.length ?? 3).toBeGreaterThanOrEqual(3);
        if (p.config) expect(p.type).toBe('string');
        for (const key of Object.keys(p.config ?? {})) expect(STRING_CONFIG_KEYS).toContain(key);
      }
    },
  );

  it('should carry enums, date-times, array items, personal data and categories as the catalog spells them', () => {
    const { events, properties } = catalogOf(EXPORT_PLANS.shop);
    const byId = new Map(properties.map((p) => [p.id, p]));

    expect(byId.get('currency')?.config).toEqual({ enum: ['USD', 'EUR', 'GBP'] });
    expect(byId.get('completed_at')?.config).toEqual({ format: 'date-time' });
    expect(byId.get('products')).toMatchObject({ type: 'array', item_type: 'string' });
    expect(byId.get('shipping_address')?.description).toBe('Address the order ships to (personal data)');
    expect(events[0]).toEqual({
      id: 'page_viewed',
      name: 'Page Viewed',
      event_type: 'track',
      description: 'A page of the storefront is shown. Trigger: User opens any page',
      category: '#category:page_view',
    });
  });

  it('should give a property name used with two types one property per type, with distinct ids, and warn', () => {
    const plan = planOf([
      anEvent('Product Viewed', [aProperty('price', { type: 'number', required: true })]),
      anEvent('Quote Sent', [aProperty('price', { type: 'string', required: false })]),
    ]);
    const file = rudderstackExport(exportInput(plan));
    const { properties, trackingPlan } = catalogOf(plan);

    expect(properties.map((p) => [p.id, p.name, p.type])).toEqual([
      ['price', 'price', 'number'],
      ['price_string', 'price', 'string'],
    ]);
    expect(trackingPlan.rules.map((rule) => rule.properties)).toEqual([
      [{ property: '#property:price', required: true }],
      [{ property: '#property:price_string', required: false }],
    ]);
    expect(file.warnings).toEqual([
      "Property 'price' has 2 types, so RudderStack gets one property per type: 'price' (number in 'Product Viewed'), 'price_string' (string in 'Quote Sent')",
    ]);
  });

  it('should merge the values a property name lists in different events into its one property, and warn', () => {
    const screenName = (values: string[]) =>
      aProperty('screen_name', { type: 'enum', values, description: 'The screen_name', required: true });
    const plan = planOf([
      anEvent('Screen Viewed', [screenName(['Home', 'Menu'])]),
      anEvent('Tab Selected', [screenName(['Menu', 'Profile'])]),
    ]);
    const file = rudderstackExport(exportInput(plan));

    expect(catalogOf(plan).properties).toEqual([
      {
        id: 'screen_name',
        name: 'screen_name',
        description: 'The screen_name',
        type: 'string',
        config: { enum: ['Home', 'Menu', 'Profile'] },
      },
    ]);
    expect(file.warnings).toEqual([
      "Property 'screen_name' allows different values in 'Screen Viewed', 'Tab Selected'; its one RudderStack property allows all of them: Home, Menu, Profile",
    ]);
  });

  it('should keep both events whose names become one id, the second numbered, and warn', () => {
    const plan = planOf([anEvent('Sign Up'), anEvent('Sign-Up')]);
    const file = rudderstackExport(exportInput(plan));

    expect(catalogOf(plan).events.map((e) => [e.id, e.name])).toEqual([
      ['sign_up', 'Sign Up'],
      ['sign_up_2', 'Sign-Up'],
    ]);
    expect(file.warnings).toEqual([
      "Events 'Sign Up' and 'Sign-Up' become the same name 'sign_up'",
      "Event 'Sign-Up' gets the id 'sign_up_2'",
    ]);
  });

  it('should open an event description that does not start with a letter, as rudder-cli requires', () => {
    const plan = planOf([anEvent('Bag Opened', [], { description: "'Bag' tapped", trigger: '' })]);

    expect(catalogOf(plan).events[0]?.description).toBe("Event: 'Bag' tapped");
  });
});

describe(trackingPlanDisplayName.name, () => {
  it.each([
    ['Northwind Goods Tracking Plan', 'Northwind Goods Tracking Plan'],
    ["Café & Co's plan", 'Cafe Co s plan'],
    ['2026 roadmap', 'Plan 2026 roadmap'],
    ['Ab', 'Ab tracking plan'],
    ['x'.repeat(80), 'x'.repeat(65)],
  ])('should make %p the display name %p', (title, displayName) => {
    expect(trackingPlanDisplayName(title)).toBe(displayName);
    expect(displayName).toMatch(DISPLAY_NAME);
  });
});
