import { strictAjv } from '../testing/ajv';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import { examplePayload, withoutRequired, withWrongType } from '../testing/schema-payloads';
import { PII_KEYWORD, type EventSchema } from './event-schema';
import type { ExportablePlan } from './export-file';
import { jsonSchemaExport } from './json-schema.export';

/** Draft-07 as strict as ajv gets, told only of the vendor keyword the file documents. */
const schemaAjv = () => strictAjv([PII_KEYWORD]);

function schemasOf(plan: ExportablePlan): Record<string, EventSchema> {
  return JSON.parse(String(jsonSchemaExport(exportInput(plan)).body)) as Record<string, EventSchema>;
}

const SCHEMAS = Object.entries(EXPORT_PLANS).flatMap(([planName, plan]) =>
  Object.entries(schemasOf(plan)).map(([eventName, schema]) => ({ planName, eventName, schema })),
);

describe(jsonSchemaExport.name, () => {
  it.each(Object.entries(EXPORT_PLANS))(
    'should write the %s plan byte for byte as its golden file',
    (name, plan) => {
      const file = jsonSchemaExport(exportInput(plan));

      expect(file.body).toBe(golden(`${name}.jsonschema.json`, file.body).toString('utf8'));
    },
  );

  it('should name a JSON file after the plan', () => {
    const file = jsonSchemaExport(exportInput(EXPORT_PLANS.shop));

    expect(file.fileName).toBe('northwind_goods_json_schemas.json');
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(file.warnings).toEqual([]);
  });

  it('should key each schema by its event display name', () => {
    expect(Object.keys(schemasOf(EXPORT_PLANS.saas))).toEqual(
      EXPORT_PLANS.saas.content.events.map((e) => e.name),
    );
  });

  it.each(SCHEMAS)('should compile $eventName ($planName) under strict draft-07', ({ schema }) => {
    expect(() => schemaAjv().compile(schema)).not.toThrow();
  });

  it.each(SCHEMAS)('should accept $eventName ($planName) built from its examples', ({ schema }) => {
    expect(schemaAjv().validate(schema, examplePayload(schema))).toBe(true);
  });

  it.each(SCHEMAS.filter(({ schema }) => Object.keys(schema.properties).length))(
    'should refuse $eventName ($planName) with a property of the wrong type',
    ({ schema }) => {
      expect(schemaAjv().validate(schema, withWrongType(schema, examplePayload(schema)))).toBe(false);
    },
  );

  it.each(SCHEMAS.filter(({ schema }) => schema.required.length))(
    'should refuse $eventName ($planName) without a required property',
    ({ schema }) => {
      expect(schemaAjv().validate(schema, withoutRequired(schema, examplePayload(schema)))).toBe(false);
    },
  );

  it('should warn about event names that differ only in case', () => {
    const file = jsonSchemaExport(exportInput(planOf([anEvent('Sign Up'), anEvent('sign up')])));

    expect(file.warnings).toEqual(["Events 'Sign Up' and 'sign up' become the same name 'Sign Up'"]);
  });

  it('should keep both schemas of two events with one name, the second under a numbered key', () => {
    const plan = planOf([
      anEvent('Signed Up', [aProperty('email')]),
      anEvent('Signed Up', [aProperty('plan_name')]),
    ]);
    const file = jsonSchemaExport(exportInput(plan));

    expect(Object.keys(JSON.parse(String(file.body)))).toEqual(['Signed Up', 'Signed Up (2)']);
    expect(file.warnings).toEqual([
      "Event 'Signed Up' appears more than once: this one is keyed 'Signed Up (2)'",
    ]);
  });

  it('should mark personal data with the x-pii keyword', () => {
    const schemas = schemasOf(planOf([anEvent('Signed Up', [aProperty('email', { pii: true })])]));

    expect(schemas['Signed Up']?.properties.email?.[PII_KEYWORD]).toBe(true);
  });
});
