import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import { strFromU8, unzipSync } from 'fflate';
import { isDateTime } from '../testing/ajv';
import { aProperty, anEvent, EXPORT_PLANS, exportInput, planOf } from '../testing/export-plans';
import { golden } from '../testing/golden';
import { examplePayload, withoutRequired, withWrongType } from '../testing/schema-payloads';
import { eventSchema } from './event-schema';
import type { ExportablePlan } from './export-file';
import {
  defaultIgluVendor,
  IGLU_SELF_DESCRIBING_SCHEMA,
  isIgluVendor,
  registryPath,
  snowplowExport,
  type IgluPropertySchema,
  type IgluSchema,
} from './snowplow.export';

const VENDOR = 'com.northwindgoods';
/** Each fixture plan under its own product's default vendor. */
const VENDORS: Record<keyof typeof EXPORT_PLANS, string> = {
  shop: VENDOR,
  saas: 'com.ledgerly',
  app: 'com.brewly',
};
const META_SCHEMA = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'vendor', 'iglu-self-desc-1-0-0.json'), 'utf8'),
) as Record<string, unknown>;

/** Draft-04 as strict as ajv gets, with Iglu's meta-schema registered under the URI every schema names. */
function igluAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  ajv.addKeyword('self');
  ajv.addFormat('date-time', isDateTime);
  ajv.addMetaSchema(META_SCHEMA, IGLU_SELF_DESCRIBING_SCHEMA);
  return ajv;
}

function zipOf(plan: ExportablePlan, vendor = VENDOR): Uint8Array {
  const { body } = snowplowExport(exportInput(plan, vendor));
  if (typeof body === 'string') throw new Error('a Snowplow export is a ZIP');
  return body;
}

/** The archive's files as path → text, in archive order. */
function unzipped(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([file, bytes]) => [file, strFromU8(bytes)]));
}

/** The archive as reviewers read it: each registry path with the schema it holds. */
function listing(plan: ExportablePlan, vendor: string): string {
  const schemas = Object.entries(unzipped(zipOf(plan, vendor))).map(([file, text]) => [
    file,
    JSON.parse(text) as unknown,
  ]);
  return `${JSON.stringify(Object.fromEntries(schemas), null, 2)}\n`;
}

/** Each local file header's DOS time and date fields (PKWARE APPNOTE 4.3.7), walking the entries in order. */
function entryStamps(zip: Uint8Array): { time: number; date: number }[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const stamps: { time: number; date: number }[] = [];
  for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
    stamps.push({ time: view.getUint16(at + 10, true), date: view.getUint16(at + 12, true) });
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
  }
  return stamps;
}

/**
 * What igluctl lint (default checks) reports on a schema, restated from schema-ddl's Linter.scala for the keywords
 * these schemas use: schemaUri, rootObject, requiredPropertiesExist, stringLength, numericMinMax, optionalNull,
 * description.
 */
function lintIssues(schema: IgluSchema): string[] {
  const issues: string[] = [];
  if (schema.$schema !== IGLU_SELF_DESCRIBING_SCHEMA) issues.push('schemaUri');
  if (schema.type !== 'object' || !schema.properties) issues.push('rootObject');
  if (!schema.description) issues.push('description: /');
  for (const name of schema.required ?? [])
    if (!(name in schema.properties)) issues.push(`requiredPropertiesExist: ${name}`);
  for (const [name, property] of Object.entries(schema.properties)) {
    const optional = !(schema.required ?? []).includes(name);
    if (optional && !typesOf(property).includes('null')) issues.push(`optionalNull: ${name}`);
    issues.push(...propertyIssues(`/properties/${name}`, property));
  }
  return issues;
}

function propertyIssues(pointer: string, property: IgluPropertySchema): string[] {
  const types = typesOf(property);
  const issues: string[] = [];
  if (!property.description) issues.push(`description: ${pointer}`);
  if (types.includes('string') && !property.enum && property.maxLength === undefined && !property.format)
    issues.push(`stringLength: ${pointer}`);
  if (types.includes('number') && (property.minimum === undefined || property.maximum === undefined))
    issues.push(`numericMinMax: ${pointer}`);
  if (property.items) issues.push(...propertyIssues(`${pointer}/items`, property.items));
  return issues;
}

function typesOf(property: IgluPropertySchema): string[] {
  return Array.isArray(property.type) ? property.type : [property.type];
}

function schemasOf(plan: ExportablePlan): IgluSchema[] {
  return Object.values(unzipped(zipOf(plan))).map((text) => JSON.parse(text) as IgluSchema);
}

const SCHEMAS = Object.entries(EXPORT_PLANS).flatMap(([planName, plan]) =>
  plan.content.events.map((planEvent, index) => ({
    planName,
    eventName: planEvent.name,
    planEvent,
    schema: schemasOf(plan)[index] as IgluSchema,
  })),
);

describe(snowplowExport.name, () => {
  it.each(Object.entries(EXPORT_PLANS))(
    'should write the %s plan as its golden registry listing',
    (name, plan) => {
      const actual = listing(plan, VENDORS[name as keyof typeof EXPORT_PLANS]);

      expect(actual).toBe(golden(`${name}.snowplow.json`, actual).toString('utf8'));
    },
  );

  it('should name a ZIP file after the plan', () => {
    const file = snowplowExport(exportInput(EXPORT_PLANS.shop, VENDOR));

    expect(file.fileName).toBe('northwind_goods_snowplow_iglu_schemas.zip');
    expect(file.contentType).toBe('application/zip');
    expect(file.warnings).toEqual([]);
  });

  it('should lay every schema out at its static registry path, one per event, named by its snake_case id', () => {
    const files = unzipped(zipOf(EXPORT_PLANS.shop));

    expect(Object.keys(files)).toEqual(
      EXPORT_PLANS.shop.content.events.map(
        (e) => `schemas/${VENDOR}/${e.name.toLowerCase().replace(/ /g, '_')}/jsonschema/1-0-0`,
      ),
    );
    for (const [file, text] of Object.entries(files))
      expect(registryPath((JSON.parse(text) as IgluSchema).self)).toBe(file);
  });

  it('should write the same bytes on every run, each entry stamped 1980-01-01 00:00 whatever the clock or time zone', () => {
    const zip = zipOf(EXPORT_PLANS.app);

    expect(zipOf(EXPORT_PLANS.app)).toEqual(zip);
    expect(entryStamps(zip)).toEqual(
      EXPORT_PLANS.app.content.events.map(() => ({ time: 0, date: (0 << 9) | (1 << 5) | 1 })),
    );
  });

  it.each(SCHEMAS)(
    'should validate $eventName ($planName) against the vendored Iglu meta-schema',
    ({ schema }) => {
      const ajv = igluAjv();
      const validate = ajv.getSchema(IGLU_SELF_DESCRIBING_SCHEMA);

      expect(validate?.(schema)).toBe(true);
      expect(validate?.errors ?? null).toBeNull();
    },
  );

  it.each(SCHEMAS)('should pass the default igluctl lint checks on $eventName ($planName)', ({ schema }) => {
    expect(lintIssues(schema)).toEqual([]);
  });

  it.each(SCHEMAS)('should compile $eventName ($planName) under strict draft-04', ({ schema }) => {
    expect(() => igluAjv().compile(schema)).not.toThrow();
  });

  it.each(SCHEMAS)(
    'should accept $eventName ($planName) built from the plan examples',
    ({ planEvent, schema }) => {
      const validate = igluAjv().compile(schema);

      expect(validate(examplePayload(eventSchema(planEvent)))).toBe(true);
    },
  );

  it.each(SCHEMAS)(
    'should reject $eventName ($planName) with a value of the wrong type',
    ({ planEvent, schema }) => {
      const canonical = eventSchema(planEvent);
      const wrong = withWrongType(canonical, examplePayload(canonical)) ?? { unplanned_property: 1 };

      expect(igluAjv().validate(schema, wrong)).toBe(false);
    },
  );

  it('should reject a payload without a required property and accept null for an optional one', () => {
    const planEvent = anEvent('Order Completed', [
      aProperty('order_id', { required: true }),
      aProperty('coupon', { required: false }),
    ]);
    const [schema] = schemasOf(planOf([planEvent]));
    const validate = igluAjv().compile(schema as IgluSchema);
    const payload = examplePayload(eventSchema(planEvent));

    expect(validate(withoutRequired(eventSchema(planEvent), payload))).toBe(false);
    expect(validate({ ...payload, coupon: null })).toBe(true);
    expect(validate({ ...payload, order_id: null })).toBe(false);
  });

  it('should keep an optional enum to its values or null', () => {
    const planEvent = anEvent('Size Picked', [
      aProperty('size', { type: 'enum', values: ['S', 'M'], required: false }),
    ]);
    const [schema] = schemasOf(planOf([planEvent]));

    expect(schema?.properties.size).toEqual({
      type: ['string', 'null'],
      description: 'size',
      enum: ['S', 'M', null],
    });
    expect(igluAjv().validate(schema as IgluSchema, { size: 'XL' })).toBe(false);
  });

  it('should keep the display name and trigger in the description and note personal data there, not as x-pii', () => {
    const [signedUp] = schemasOf(EXPORT_PLANS.saas);

    expect(signedUp?.description).toBe(
      "Signed Up: A new account was created. Trigger: User submits the 'Create account' form",
    );
    expect(signedUp?.properties.email?.description).toBe(
      'E-mail the account was created with (personal data)',
    );
    expect(JSON.stringify(schemasOf(EXPORT_PLANS.saas))).not.toMatch(/x-pii|examples/);
  });

  it('should keep both events whose names become one schema name, the second numbered, and warn', () => {
    const file = snowplowExport(exportInput(planOf([anEvent('Sign Up'), anEvent('Sign-Up')]), VENDOR));

    expect(Object.keys(unzipped(file.body as Uint8Array))).toEqual([
      `schemas/${VENDOR}/sign_up/jsonschema/1-0-0`,
      `schemas/${VENDOR}/sign_up_2/jsonschema/1-0-0`,
    ]);
    expect(file.warnings).toEqual([
      "Events 'Sign Up' and 'Sign-Up' become the same name 'sign_up'",
      "Event 'Sign-Up' is published as 'sign_up_2'",
    ]);
  });

  it('should refuse a vendor that is not reverse-DNS rather than write paths outside the registry', () => {
    expect(() => snowplowExport(exportInput(EXPORT_PLANS.shop, '..'))).toThrow("'..' is not an Iglu vendor");
  });
});

describe(isIgluVendor.name, () => {
  it.each(['com.acme', 'com.snowplowanalytics.snowplow', 'io.my-company_eu', 'acme'])(
    'should accept %s',
    (vendor) => {
      expect(isIgluVendor(vendor)).toBe(true);
    },
  );

  it.each(['', 'com acme', 'com/acme', '..', '.com', 'com.', 'com..acme', 'com.acmé'])(
    'should refuse %p',
    (vendor) => {
      expect(isIgluVendor(vendor)).toBe(false);
    },
  );
});

describe(defaultIgluVendor.name, () => {
  it.each([
    ['Northwind Goods', 'com.northwindgoods'],
    ['Ledgerly', 'com.ledgerly'],
    ['Café Olé!', 'com.cafeole'],
    ['7-Eleven', 'com.7eleven'],
    ['日本', 'com.example'],
  ])('should make %p the vendor %s', (productName, vendor) => {
    expect(defaultIgluVendor(productName)).toBe(vendor);
    expect(isIgluVendor(vendor)).toBe(true);
  });
});
