import { strictAjv } from '../testing/ajv';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import { examplePayload, withoutRequired, withWrongType } from '../testing/schema-payloads';
import type { ExportablePlan } from './export-file';
import { segmentExport, type SegmentRule } from './segment.export';

/** Draft-07 as strict as ajv gets, told of no vendor keyword: Segment's rules must carry none. */
const segmentAjv = () => strictAjv();

function rulesOf(plan: ExportablePlan): SegmentRule[] {
  return (JSON.parse(String(segmentExport(exportInput(plan)).body)) as { rules: SegmentRule[] }).rules;
}

const TRACK_RULES = Object.entries(EXPORT_PLANS).flatMap(([planName, plan]) =>
  rulesOf(plan)
    .filter((rule) => rule.type === 'TRACK')
    .map((rule) => ({ planName, key: rule.key, rule, properties: rule.jsonSchema.properties.properties })),
);

/** A Track call as Segment validates it: the event's properties sit under `properties`. */
function trackCall(properties: unknown): { properties: unknown } {
  return { properties };
}

describe(segmentExport.name, () => {
  it.each(Object.entries(EXPORT_PLANS))(
    'should write the %s plan byte for byte as its golden file',
    (name, plan) => {
      const file = segmentExport(exportInput(plan));

      expect(file.body).toBe(golden(`${name}.segment.json`, file.body).toString('utf8'));
    },
  );

  it('should name a JSON file after the plan', () => {
    const file = segmentExport(exportInput(EXPORT_PLANS.shop));

    expect(file.fileName).toBe('northwind_goods_segment_tracking_plan_rules.json');
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(file.warnings).toEqual([]);
  });

  it('should write one TRACK rule per event, keyed by its name, at version 1', () => {
    const rules = rulesOf(EXPORT_PLANS.shop);

    expect(rules.map(({ type, key, version }) => ({ type, key, version }))).toEqual(
      EXPORT_PLANS.shop.content.events.map((e) => ({ type: 'TRACK', key: e.name, version: 1 })),
    );
  });

  it.each(TRACK_RULES)('should compile the $key rule ($planName) under strict draft-07', ({ rule }) => {
    expect(() => segmentAjv().compile(rule.jsonSchema)).not.toThrow();
  });

  it.each(TRACK_RULES)(
    'should accept a $key call ($planName) built from its examples',
    ({ rule, properties }) => {
      expect(segmentAjv().validate(rule.jsonSchema, trackCall(examplePayload(properties)))).toBe(true);
    },
  );

  it.each(TRACK_RULES.filter(({ properties }) => Object.keys(properties.properties ?? {}).length))(
    'should refuse a $key call ($planName) with a property of the wrong type',
    ({ rule, properties }) => {
      const call = trackCall(withWrongType(properties, examplePayload(properties)));

      expect(segmentAjv().validate(rule.jsonSchema, call)).toBe(false);
    },
  );

  it.each(TRACK_RULES.filter(({ properties }) => properties.required?.length))(
    'should refuse a $key call ($planName) without a required property',
    ({ rule, properties }) => {
      const call = trackCall(withoutRequired(properties, examplePayload(properties)));

      expect(segmentAjv().validate(rule.jsonSchema, call)).toBe(false);
    },
  );

  it('should refuse a call without properties when the event requires some', () => {
    const rule = TRACK_RULES.find(({ key }) => key === 'Order Completed')?.rule;

    expect(segmentAjv().validate(rule?.jsonSchema ?? {}, {})).toBe(false);
  });

  it('should write dates as strings of format date-time', () => {
    const orderCompleted = rulesOf(EXPORT_PLANS.shop).find((rule) => rule.key === 'Order Completed');

    expect(orderCompleted?.jsonSchema.properties.properties.properties?.completed_at).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
  });

  it('should say personal data in the description instead of the x-pii keyword', () => {
    const file = segmentExport(exportInput(EXPORT_PLANS.saas));
    const signedUp = rulesOf(EXPORT_PLANS.saas).find((rule) => rule.key === 'Signed Up');

    expect(String(file.body)).not.toContain('x-pii');
    expect(signedUp?.jsonSchema.properties.properties.properties?.email).toEqual({
      type: 'string',
      description: 'E-mail the account was created with (personal data)',
    });
  });

  describe('IDENTIFY rule', () => {
    it('should list the reserved traits the sign-up event carries, optional and without a key', () => {
      const identify = rulesOf(EXPORT_PLANS.saas).find((rule) => rule.type === 'IDENTIFY');

      expect(identify?.key).toBeUndefined();
      expect(identify?.version).toBe(1);
      expect(identify?.jsonSchema.properties.traits).toEqual({
        type: 'object',
        properties: {
          email: { type: 'string', description: 'E-mail the account was created with (personal data)' },
          name: { type: 'string', description: 'Name given on the form (personal data)' },
        },
      });
    });

    it('should validate an Identify call by its traits', () => {
      const identify = rulesOf(EXPORT_PLANS.saas).find((rule) => rule.type === 'IDENTIFY');
      const traits = identify?.jsonSchema.properties.traits ?? {};
      const validate = segmentAjv().compile(identify?.jsonSchema ?? {});

      expect(validate({ traits: examplePayload(traits) })).toBe(true);
      expect(validate({ traits: withWrongType(traits, examplePayload(traits)) })).toBe(false);
    });

    it('should be left out when no sign-up or sign-in event carries a reserved trait', () => {
      expect(rulesOf(EXPORT_PLANS.shop).some((rule) => rule.type === 'IDENTIFY')).toBe(false);
      expect(rulesOf(EXPORT_PLANS.app).some((rule) => rule.type === 'IDENTIFY')).toBe(false);
    });

    it('should take a company name as the name of the company object and skip traits of another type', () => {
      const plan = planOf([
        anEvent('Account Created', [aProperty('company_name'), aProperty('age', { type: 'string' })]),
        anEvent('Logged In', [aProperty('phone_number')]),
      ]);
      const identify = rulesOf(plan).find((rule) => rule.type === 'IDENTIFY');

      expect(identify?.jsonSchema.properties.traits.properties).toEqual({
        company: { type: 'object', properties: { name: { type: 'string', description: 'company_name' } } },
        phone: { type: 'string', description: 'phone_number' },
      });
    });
  });

  it('should warn about property names that differ only in case', () => {
    const file = segmentExport(
      exportInput(planOf([anEvent('Signed Up', [aProperty('plan'), aProperty('Plan')])])),
    );

    expect(file.warnings).toEqual([
      "Properties of 'Signed Up': 'plan' and 'Plan' become the same name 'plan'",
    ]);
  });
});
