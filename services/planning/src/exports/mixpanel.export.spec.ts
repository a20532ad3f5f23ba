import { strictAjv } from '../testing/ajv';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import { examplePayload, withoutRequired, withWrongType } from '../testing/schema-payloads';
import type { ExportablePlan } from './export-file';
import { mixpanelExport, type MixpanelSchemaEntry } from './mixpanel.export';

/** Draft-07 as strict as ajv gets, told only of Mixpanel's `metadata` keyword. */
const mixpanelAjv = () => strictAjv(['metadata']);

function entriesOf(plan: ExportablePlan): MixpanelSchemaEntry[] {
  return (JSON.parse(String(mixpanelExport(exportInput(plan)).body)) as { entries: MixpanelSchemaEntry[] })
    .entries;
}

const ENTRIES = Object.entries(EXPORT_PLANS).flatMap(([planName, plan]) =>
  entriesOf(plan).map((entry) => ({ planName, name: entry.name, schema: entry.schemaJson })),
);

describe(mixpanelExport.name, () => {
  it.each(Object.entries(EXPORT_PLANS))(
    'should write the %s plan byte for byte as its golden file',
    (name, plan) => {
      const file = mixpanelExport(exportInput(plan));

      expect(file.body).toBe(golden(`${name}.mixpanel.json`, file.body).toString('utf8'));
    },
  );

  it('should name a JSON file after the plan', () => {
    const file = mixpanelExport(exportInput(EXPORT_PLANS.shop));

    expect(file.fileName).toBe('northwind_goods_mixpanel_lexicon_schemas.json');
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(file.warnings).toEqual([]);
  });

  it('should write one event entry per event and never ask Lexicon to truncate', () => {
    const body = JSON.parse(String(mixpanelExport(exportInput(EXPORT_PLANS.app)).body)) as Record<
      string,
      unknown
    >;

    expect(Object.keys(body)).toEqual(['entries']);
    expect(entriesOf(EXPORT_PLANS.app).map(({ entityType, name }) => ({ entityType, name }))).toEqual(
      EXPORT_PLANS.app.content.events.map((e) => ({ entityType: 'event', name: e.name })),
    );
  });

  it.each(ENTRIES)('should compile $name ($planName) under strict draft-07', ({ schema }) => {
    expect(() => mixpanelAjv().compile(schema)).not.toThrow();
  });

  it.each(ENTRIES)('should accept $name ($planName) built from its examples', ({ schema }) => {
    expect(mixpanelAjv().validate(schema, examplePayload(schema))).toBe(true);
  });

  it.each(ENTRIES.filter(({ schema }) => Object.keys(schema.properties).length))(
    'should refuse $name ($planName) with a property of the wrong type',
    ({ schema }) => {
      expect(mixpanelAjv().validate(schema, withWrongType(schema, examplePayload(schema)))).toBe(false);
    },
  );

  it.each(ENTRIES.filter(({ schema }) => schema.required.length))(
    'should refuse $name ($planName) without a required property',
    ({ schema }) => {
      expect(mixpanelAjv().validate(schema, withoutRequired(schema, examplePayload(schema)))).toBe(false);
    },
  );

  it("should accept the properties Mixpanel's SDKs add to every event", () => {
    const screenViewed = ENTRIES.find(({ name }) => name === 'Screen Viewed')?.schema ?? {};

    expect(mixpanelAjv().validate(screenViewed, { screen_name: 'Menu', $os: 'iOS' })).toBe(true);
  });

  it('should tag an event with its category and the funnels it is a step of', () => {
    const productAdded = entriesOf(EXPORT_PLANS.shop).find((entry) => entry.name === 'Product Added');

    expect(productAdded?.schemaJson.metadata).toEqual({
      'com.mixpanel': {
        displayName: 'Product Added',
        tags: ['User Action', 'Funnel: Purchase'],
        hidden: false,
        dropped: false,
      },
    });
  });

  it('should give each property a display name and say personal data in its description', () => {
    const signedUp = entriesOf(EXPORT_PLANS.saas).find((entry) => entry.name === 'Signed Up');

    expect(signedUp?.schemaJson.properties.email).toEqual({
      type: 'string',
      description: 'E-mail the account was created with (personal data)',
      metadata: { 'com.mixpanel': { displayName: 'Email', hidden: false, dropped: false } },
    });
    expect(
      entriesOf(EXPORT_PLANS.shop)[3]?.schemaJson.properties.product_id?.metadata['com.mixpanel'].displayName,
    ).toBe('Product ID');
  });

  it('should tag a funnel once even when the event is two of its steps', () => {
    const plan = planOf([anEvent('Step Done')], {
      funnels: [{ name: 'Loop', description: '', steps: ['Step Done', 'Step Done'] }],
    });

    expect(entriesOf(plan)[0]?.schemaJson.metadata['com.mixpanel'].tags).toEqual([
      'User Action',
      'Funnel: Loop',
    ]);
  });

  it('should warn about event names that differ only in case', () => {
    const file = mixpanelExport(
      exportInput(planOf([anEvent('Order Placed', [aProperty('id')]), anEvent('order placed')])),
    );

    expect(file.warnings).toEqual([
      "Events 'Order Placed' and 'order placed' become the same name 'Order Placed'",
    ]);
  });
});
