import { rawRecords, records, type CsvRow } from '../testing/csv-records';
import {
  aProperty,
  anEvent,
  EXPORT_PLANS,
  exportInput,
  personalExamples,
  planOf,
  SAAS_PLAN,
  SHOP_PLAN,
  type ExportPlanName,
} from '../testing/export-plans';
import { golden } from '../testing/golden';
import { amplitudeExport } from './amplitude.export';
import type { ExportablePlan } from './export-file';

/** The events-and-event-properties header of https://amplitude.com/docs/data/csv-import-export, as the template spells it. */
const DOCUMENTED_HEADER = [
  'Action',
  'Object Type',
  'Object Name',
  'Event Display Name',
  'Object Owner',
  'Object Description',
  'Event Category',
  'Tags',
  'Event Activity',
  'Event Hidden From Dropdowns',
  'Event Hidden From Persona Results',
  'Event Hidden From Pathfinder',
  'Event Hidden From Timeline',
  'Event Source',
  'Property Type',
  'Property Group Names',
  'Event Property Name',
  'Property Description',
  'Property Value Type',
  'Property Required',
  'Property Visibility',
  'Property Is Array',
  'Enum Values',
  'Property Regex',
  'Const Value',
  'String Property Value Min Length',
  'String Property Value Max Length',
  'Number Property Value Min',
  'Number Property Value Max',
  'Number Is Integer',
  'Array Min Items',
  'Array Max Items',
  'Array Unique Items',
];
const VALUE_TYPES = ['string', 'number', 'boolean', 'any', 'enum', 'const'];
const BOOLEANS = ['True', 'False', ''];

const PLAN_NAMES = Object.keys(EXPORT_PLANS) as ExportPlanName[];

function bodyOf(plan: ExportablePlan): string {
  const { body } = amplitudeExport(exportInput(plan));
  if (typeof body !== 'string') throw new Error('The Amplitude export is text');
  return body;
}

function goldenText(name: ExportPlanName): string {
  return golden(`${name}.amplitude.csv`, bodyOf(EXPORT_PLANS[name])).toString('utf8');
}

function propertyRow(rows: CsvRow[], eventName: string, propertyName: string): CsvRow {
  const start = rows.findIndex((row) => row['Object Type'] === 'Event' && row['Object Name'] === eventName);
  const end = rows.findIndex((row, index) => index > start && row['Object Type'] === 'Event');
  const row = rows.slice(start + 1, end === -1 ? undefined : end).find((r) => r['Event Property Name'] === propertyName);
  if (start === -1 || !row) throw new Error(`No row for ${eventName}.${propertyName}`);
  return row;
}

describe(amplitudeExport.name, () => {
  it.each(PLAN_NAMES)('should write the %s plan as its golden file', (name) => {
    expect(bodyOf(EXPORT_PLANS[name])).toBe(goldenText(name));
  });

  it('should name the file after the plan and serve it as UTF-8 CSV', () => {
    const file = amplitudeExport(exportInput(SHOP_PLAN));
    expect(file.fileName).toBe('northwind_goods_amplitude_data_import.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
  });

  describe('the golden files, read as Amplitude reads them', () => {
    it.each(PLAN_NAMES)('should start the %s file with every documented column, in the documented order', (name) => {
      expect(rawRecords(goldenText(name))[0]).toEqual(DOCUMENTED_HEADER);
    });

    it.each(PLAN_NAMES)('should give every row of the %s file as many cells as the header', (name) => {
      for (const record of rawRecords(goldenText(name))) expect(record).toHaveLength(DOCUMENTED_HEADER.length);
    });

    it.each(PLAN_NAMES)('should write one row per event and one per property of the %s plan', (name) => {
      const { events } = EXPORT_PLANS[name].content;
      const rows = records(goldenText(name));
      const propertyCount = events.reduce((sum, e) => sum + e.properties.length, 0);
      expect(rows).toHaveLength(events.length + propertyCount);
      expect(rows.filter((row) => row['Object Type'] === 'Event').map((row) => row['Object Name'])).toEqual(
        events.map((e) => e.name),
      );
      expect(rows.filter((row) => row['Property Type'] === 'Event Property')).toHaveLength(propertyCount);
    });

    it.each(PLAN_NAMES)('should keep the types and booleans of the %s file in the documented vocabulary', (name) => {
      for (const row of records(goldenText(name)).filter((r) => r['Property Type'] === 'Event Property')) {
        expect(VALUE_TYPES).toContain(row['Property Value Type']);
        expect(BOOLEANS).toContain(row['Property Required']);
        expect(BOOLEANS).toContain(row['Property Is Array']);
      }
    });

    it.each(PLAN_NAMES)("should list each enum's values of the %s plan, comma-separated", (name) => {
      const rows = records(goldenText(name));
      for (const e of EXPORT_PLANS[name].content.events) {
        for (const p of e.properties.filter((candidate) => candidate.type === 'enum')) {
          const row = propertyRow(rows, e.name, p.name);
          expect(row['Property Value Type']).toBe('enum');
          expect(row['Enum Values']?.split(',')).toEqual(p.values);
        }
      }
    });
  });

  it('should write a number property as a number, without its example', () => {
    const rows = records(bodyOf(SHOP_PLAN));
    expect(propertyRow(rows, 'Product Viewed', 'price')).toMatchObject({
      'Property Value Type': 'number',
      'Property Required': 'True',
      'Property Is Array': 'False',
      'Enum Values': '',
    });
    expect(bodyOf(SHOP_PLAN)).not.toContain('68.00');
  });

  it('should write an enum with its values', () => {
    const row = propertyRow(records(bodyOf(SAAS_PLAN)), 'Report Exported', 'report_type');
    expect(row).toMatchObject({ 'Property Value Type': 'enum', 'Enum Values': 'Profit and loss,Balance sheet,Cash flow' });
  });

  it("should write an array as its items' type with Property Is Array set", () => {
    const row = propertyRow(records(bodyOf(SHOP_PLAN)), 'Checkout Started', 'products');
    expect(row).toMatchObject({ 'Property Value Type': 'string', 'Property Is Array': 'True', 'Property Required': 'True' });
  });

  it('should say a property holds personal data and never write a personal example', () => {
    const body = bodyOf(SAAS_PLAN);
    expect(propertyRow(records(body), 'Signed Up', 'email')['Property Description']).toBe(
      'E-mail the account was created with (personal data)',
    );
    for (const plan of Object.values(EXPORT_PLANS)) {
      for (const example of personalExamples(plan)) expect(bodyOf(plan)).not.toContain(example);
    }
  });

  it('should write an event without properties as its event row alone', () => {
    const rows = records(bodyOf(SAAS_PLAN));
    const index = rows.findIndex((row) => row['Object Name'] === 'Dashboard Viewed');
    expect(rows[index]).toMatchObject({
      'Object Type': 'Event',
      'Object Description': 'The home dashboard is shown. Trigger: User opens the dashboard',
      'Event Category': 'Page View',
      'Property Type': '',
    });
    expect(rows.length).toBe(index + 1);
  });

  it('should warn of names Amplitude would take for one and write them all', () => {
    const plan = planOf([
      anEvent('Order Completed', [aProperty('price', { type: 'number' })]),
      anEvent('ORDER COMPLETED', [aProperty('Price', { type: 'number' })]),
    ]);
    const file = amplitudeExport(exportInput(plan));
    expect(file.warnings).toEqual([
      "Events 'Order Completed' and 'ORDER COMPLETED' become the same name 'Order Completed'",
      "Properties 'price' and 'Price' become the same name 'price'",
    ]);
    expect(records(file.body as string).filter((row) => row['Object Type'] === 'Event')).toHaveLength(2);
  });

  it('should warn of a property typed differently on two events, not of one only described differently', () => {
    expect(amplitudeExport(exportInput(SHOP_PLAN)).warnings).toEqual([]);
    const plan = planOf([
      anEvent('Plan Viewed', [aProperty('price', { type: 'number', description: 'Monthly price' })]),
      anEvent('Plan Chosen', [aProperty('price', { description: 'Price as shown' })]),
      anEvent('Plan Shared', [aProperty('price', { type: 'number', description: 'Price shared' })]),
    ]);
    expect(amplitudeExport(exportInput(plan)).warnings).toEqual([
      "Property 'price' is defined differently on 'Plan Viewed', 'Plan Chosen', 'Plan Shared': Amplitude Data keeps one definition of a property for all its events",
    ]);
  });

  it('should warn of an enum value holding the separator', () => {
    const plan = planOf([anEvent('Plan Chosen', [aProperty('size', { type: 'enum', values: ['Small, Medium', 'Large'] })])]);
    expect(amplitudeExport(exportInput(plan)).warnings).toEqual([
      "Value 'Small, Medium' of property 'size' on 'Plan Chosen' contains a comma, which Amplitude Data reads as a separator between values",
    ]);
  });
});
