import { rawRecords, records, type CsvRow } from '../testing/csv-records';
import {
  aProperty,
  anEvent,
  APP_PLAN,
  EXPORT_PLANS,
  exportInput,
  personalExamples,
  planOf,
  SHOP_PLAN,
  type ExportPlanName,
} from '../testing/export-plans';
import { golden } from '../testing/golden';
import { avoExport } from './avo.export';
import type { ExportablePlan } from './export-file';

/** The required columns of Avo's Ultimate Tracking Plan Template (https://avo.app/docs/publishing/import/importing). */
const DOCUMENTED_HEADER = [
  'Event Name',
  'Event Description',
  'Event Category',
  'Sources',
  'Property Name',
  'Property Description',
  'Property Value Type',
  'Is Property Required?',
  'Is Property Array?',
  'Property Enumeration Options',
];
const VALUE_TYPES = ['string', 'int', 'float', 'bool', 'object', 'any'];
const BOOLEANS = ['true', 'false'];

const PLAN_NAMES = Object.keys(EXPORT_PLANS) as ExportPlanName[];

function bodyOf(plan: ExportablePlan): string {
  const { body } = avoExport(exportInput(plan));
  if (typeof body !== 'string') throw new Error('The Avo export is text');
  return body;
}

function goldenText(name: ExportPlanName): string {
  return golden(`${name}.avo.csv`, bodyOf(EXPORT_PLANS[name])).toString('utf8');
}

function propertyRow(rows: CsvRow[], eventName: string, propertyName: string): CsvRow {
  const row = rows.find((r) => r['Event Name'] === eventName && r['Property Name'] === propertyName);
  if (!row) throw new Error(`No row for ${eventName}.${propertyName}`);
  return row;
}

function options(cell: string | undefined): string[] {
  return (cell ?? '').split(',').map((option) => option.trim());
}

describe(avoExport.name, () => {
  it.each(PLAN_NAMES)('should write the %s plan as its golden file', (name) => {
    expect(bodyOf(EXPORT_PLANS[name])).toBe(goldenText(name));
  });

  it('should name the file after the plan and serve it as UTF-8 CSV', () => {
    const file = avoExport(exportInput(APP_PLAN));
    expect(file.fileName).toBe('brewly_app_avo_tracking_plan.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
  });

  describe('the golden files, read as the Avo importer reads them', () => {
    it.each(PLAN_NAMES)('should start the %s file with the documented required columns, in order', (name) => {
      expect(rawRecords(goldenText(name))[0]).toEqual(DOCUMENTED_HEADER);
    });

    it.each(PLAN_NAMES)('should give every row of the %s file as many cells as the header', (name) => {
      for (const record of rawRecords(goldenText(name))) expect(record).toHaveLength(DOCUMENTED_HEADER.length);
    });

    it.each(PLAN_NAMES)('should write one row per event property of the %s plan, one for an event without', (name) => {
      const { events } = EXPORT_PLANS[name].content;
      const rows = records(goldenText(name));
      expect(rows).toHaveLength(events.reduce((sum, e) => sum + Math.max(1, e.properties.length), 0));
      expect([...new Set(rows.map((row) => row['Event Name']))]).toEqual(events.map((e) => e.name));
      expect(rows.every((row) => row['Sources'] === '')).toBe(true);
    });

    it.each(PLAN_NAMES)('should keep the types and booleans of the %s file in the documented vocabulary', (name) => {
      for (const row of records(goldenText(name)).filter((r) => r['Property Name'])) {
        expect(VALUE_TYPES).toContain(row['Property Value Type']);
        expect(BOOLEANS).toContain(row['Is Property Required?']);
        expect(BOOLEANS).toContain(row['Is Property Array?']);
      }
    });

    it.each(PLAN_NAMES)("should list each enum's options of the %s plan, comma-separated", (name) => {
      const rows = records(goldenText(name));
      for (const e of EXPORT_PLANS[name].content.events) {
        for (const p of e.properties.filter((candidate) => candidate.type === 'enum')) {
          const row = propertyRow(rows, e.name, p.name);
          expect(row['Property Value Type']).toBe('string');
          expect(options(row['Property Enumeration Options'])).toEqual(p.values);
        }
      }
    });
  });

  it('should write a number property as a float, without its example', () => {
    expect(propertyRow(records(bodyOf(SHOP_PLAN)), 'Product Viewed', 'price')).toMatchObject({
      'Property Value Type': 'float',
      'Is Property Required?': 'true',
      'Is Property Array?': 'false',
      'Property Enumeration Options': '',
    });
    expect(bodyOf(SHOP_PLAN)).not.toContain('68.00');
  });

  it('should write an enum as a string with its options', () => {
    const row = propertyRow(records(bodyOf(SHOP_PLAN)), 'Product Added', 'size');
    expect(row).toMatchObject({ 'Property Value Type': 'string', 'Property Enumeration Options': 'S, M, L, XL' });
  });

  it("should write an array as its items' type with Is Property Array? set", () => {
    const row = propertyRow(records(bodyOf(APP_PLAN)), 'Drink Customized', 'add_ons');
    expect(row).toMatchObject({ 'Property Value Type': 'string', 'Is Property Array?': 'true', 'Is Property Required?': 'false' });
  });

  it('should say a property holds personal data and never write a personal example', () => {
    expect(propertyRow(records(bodyOf(SHOP_PLAN)), 'Products Searched', 'query')['Property Description']).toBe(
      'What the user typed in the search box (personal data)',
    );
    for (const plan of Object.values(EXPORT_PLANS)) {
      for (const example of personalExamples(plan)) expect(bodyOf(plan)).not.toContain(example);
    }
  });

  it('should write an event without properties as one row with empty property cells', () => {
    const rows = records(bodyOf(APP_PLAN)).filter((row) => row['Event Name'] === 'Application Backgrounded');
    expect(rows).toEqual([
      {
        'Event Name': 'Application Backgrounded',
        'Event Description': 'The app went to the background. Trigger: User leaves the app',
        'Event Category': 'User Action',
        Sources: '',
        'Property Name': '',
        'Property Description': '',
        'Property Value Type': '',
        'Is Property Required?': '',
        'Is Property Array?': '',
        'Property Enumeration Options': '',
      },
    ]);
  });

  it('should warn of names Avo would take for one and write them all', () => {
    const plan = planOf([
      anEvent('Order Completed', [aProperty('price', { type: 'number' })]),
      anEvent('ORDER COMPLETED', [aProperty('Price', { type: 'number' })]),
    ]);
    const file = avoExport(exportInput(plan));
    expect(file.warnings).toEqual([
      "Events 'Order Completed' and 'ORDER COMPLETED' become the same name 'Order Completed'",
      "Properties 'price' and 'Price' become the same name 'price'",
    ]);
    expect(records(file.body as string).map((row) => row['Event Name'])).toEqual(['Order Completed', 'ORDER COMPLETED']);
  });

  it('should warn of a property Avo would not merge across events', () => {
    expect(avoExport(exportInput(SHOP_PLAN)).warnings).toEqual([
      "Property 'price' has a different type or description on 'Product Viewed', 'Product Added': Avo merges a property only when its name, type and description match, so it imports several",
      "Property 'order_id' has a different type or description on 'Checkout Started', 'Order Completed': Avo merges a property only when its name, type and description match, so it imports several",
    ]);
  });

  it('should warn of an enum option holding the separator', () => {
    const plan = planOf([anEvent('Plan Chosen', [aProperty('size', { type: 'enum', values: ['Small, Medium', 'Large'] })])]);
    expect(avoExport(exportInput(plan)).warnings).toEqual([
      "Value 'Small, Medium' of property 'size' on 'Plan Chosen' contains a comma, which Avo reads as a separator between values",
    ]);
  });
});
