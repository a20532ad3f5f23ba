import type { TrackingPlanContent } from './planning';
import {
  TRACKING_PLAN_CSV_COLUMNS,
  csvField,
  markdownFileName,
  safeFileName,
  timestampedFileName,
  toCsv,
  trackingPlanCsv,
  trackingPlanMarkdown,
} from './tracking-plan-export';

/** A fixed plan with every case the formats care about: commas, quotes, line breaks, pipes, no properties, no image. */
function fixedPlan(): TrackingPlanContent {
  return {
    events: [
      {
        name: 'Sign Up Submitted',
        trigger: "User submits the form with 'Sign Up', then waits",
        description: 'The sign-up form is sent.',
        category: 'user_action',
        screenshot_path: '/api/images/u/p/sign-up.jpg',
        properties: [
          {
            name: 'email_domain',
            type: 'string',
            description: 'Domain of the "e-mail"',
            example: 'example.com',
            required: true,
          },
          {
            name: 'seats',
            type: 'number',
            description: 'Seats | licences\nrequested',
            example: '3',
            required: false,
          },
          {
            name: 'billing_cycle',
            type: 'enum',
            description: 'Billing cycle chosen',
            example: 'Annual',
            required: true,
            values: ['Monthly', 'Annual'],
          },
          { name: 'company_name', type: 'string', description: 'Company', example: 'Acme', required: false, pii: true },
          { name: 'tags', type: 'array', items: 'string', description: 'Tags', example: 'beta', required: false },
        ],
      },
      {
        name: 'Home Viewed',
        trigger: 'User opens the Home screen',
        description: 'The landing page.',
        category: 'page_view',
        screenshot_path: null,
        properties: [],
      },
      {
        name: 'Formula Clicked',
        trigger: '=HYPERLINK("x")',
        description: '-not a number',
        category: 'user_action',
        screenshot_path: '/api/images/u/p/shot (1).jpg',
        properties: [
          { name: 'delta', type: 'number', description: 'Change', example: '-1', required: false },
        ],
      },
    ],
    funnels: [
      { name: 'Onboarding', description: 'A visitor signs up.', steps: ['Home Viewed', 'Sign Up Submitted'] },
    ],
  };
}

describe('tracking plan export', () => {
  it('should write the CSV of product-spec §9 byte for byte: one CRLF record per property, RFC 4180 quoting', () => {
    expect(trackingPlanCsv(fixedPlan().events)).toBe(
      'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path\r\n' +
        '"User submits the form with \'Sign Up\', then waits",Sign Up Submitted,email_domain,string,example.com,"Domain of the ""e-mail""",/api/images/u/p/sign-up.jpg\r\n' +
        '"User submits the form with \'Sign Up\', then waits",Sign Up Submitted,seats,number,3,"Seats | licences\nrequested",/api/images/u/p/sign-up.jpg\r\n' +
        '"User submits the form with \'Sign Up\', then waits",Sign Up Submitted,billing_cycle,enum (Monthly | Annual),Annual,Billing cycle chosen,/api/images/u/p/sign-up.jpg\r\n' +
        '"User submits the form with \'Sign Up\', then waits",Sign Up Submitted,company_name,string,Acme,Company (personal data),/api/images/u/p/sign-up.jpg\r\n' +
        '"User submits the form with \'Sign Up\', then waits",Sign Up Submitted,tags,array of string,beta,Tags,/api/images/u/p/sign-up.jpg\r\n' +
        'User opens the Home screen,Home Viewed,,,,The landing page.,\r\n' +
        '"\'=HYPERLINK(""x"")",Formula Clicked,delta,number,-1,Change,/api/images/u/p/shot (1).jpg\r\n',
    );
  });

  it('should write only the header for a plan without events', () => {
    expect(trackingPlanCsv([])).toBe(
      'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path\r\n',
    );
  });

  it("should start with the spec's header row in the contract's column order", () => {
    expect(trackingPlanCsv([])).toBe(`${TRACKING_PLAN_CSV_COLUMNS.join(',')}\r\n`);
    expect(TRACKING_PLAN_CSV_COLUMNS.join(', ')).toBe(
      'Event Trigger, Event Name, Property, Property Type, Example Property Value, Description, Screenshot Path',
    );
  });

  it('should leave the description and screenshot empty for a saved event without them', () => {
    expect(trackingPlanCsv([{ name: 'Cart Viewed', trigger: 'Opens the cart', properties: [] }])).toBe(
      `${TRACKING_PLAN_CSV_COLUMNS.join(',')}\r\nOpens the cart,Cart Viewed,,,,,\r\n`,
    );
  });

  it('should quote commas, quotes and line breaks and neutralise formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-1.5')).toBe('-1.5');
    expect(csvField('-x')).toBe("'-x");
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', ''],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n');
  });

  it('should write the markdown byte for byte: heading, generated date, events with trigger, screenshot and properties, funnels', () => {
    const markdown = trackingPlanMarkdown({
      title: 'Acme Shop Tracking Plan',
      ...fixedPlan(),
      generatedAt: new Date('2025-03-04T23:59:00Z'),
    });
    expect(markdown).toBe(
      [
        '# Acme Shop Tracking Plan',
        '',
        'Generated: 2025-03-04',
        '',
        '## Events',
        '',
        '### Sign Up Submitted',
        '',
        "**Trigger:** User submits the form with 'Sign Up', then waits",
        '',
        '**Screenshot:** ![Sign Up Submitted](/api/images/u/p/sign-up.jpg)',
        '',
        '| Property | Type | Required | PII | Example | Description |',
        '|---|---|---|---|---|---|',
        '| email_domain | string | yes | no | example.com | Domain of the "e-mail" |',
        '| seats | number | no | no | 3 | Seats \\| licences requested |',
        '| billing_cycle | enum (Monthly \\| Annual) | yes | no | Annual | Billing cycle chosen |',
        '| company_name | string | no | yes | Acme | Company |',
        '| tags | array of string | no | no | beta | Tags |',
        '',
        '### Home Viewed',
        '',
        '**Trigger:** User opens the Home screen',
        '',
        '**Screenshot:** No image',
        '',
        'No properties.',
        '',
        '### Formula Clicked',
        '',
        '**Trigger:** =HYPERLINK("x")',
        '',
        '**Screenshot:** ![Formula Clicked](/api/images/u/p/shot%20%281%29.jpg)',
        '',
        '| Property | Type | Required | PII | Example | Description |',
        '|---|---|---|---|---|---|',
        '| delta | number | no | no | -1 | Change |',
        '',
        '## Funnels',
        '',
        '### Onboarding',
        '',
        'A visitor signs up.',
        '',
        'Steps: Home Viewed → Sign Up Submitted',
        '',
      ].join('\n'),
    );
  });

  it('should leave out the generated line without a date and the funnels section without funnels', () => {
    const markdown = trackingPlanMarkdown({
      title: 'Plan',
      events: [],
      funnels: [],
      generatedAt: null,
    });
    expect(markdown).toBe('# Plan\n\n## Events\n');
  });

  it('should name the files as product-spec §9 says', () => {
    expect(timestampedFileName(new Date(1_700_000_000_123), 'csv')).toBe('tracking_plan_1700000000123.csv');
    expect(timestampedFileName(new Date(1_700_000_000_123), 'json')).toBe('tracking_plan_1700000000123.json');
    expect(markdownFileName('Acme Shop: Q3!')).toBe('acme_shop__q3__tracking_plan.md');
    expect(markdownFileName('Acme Shop Tracking Plan')).toBe('acme_shop_tracking_plan.md');
    expect(safeFileName('Checkout Plan v2 (final)!')).toBe('checkout_plan_v2__final__');
    expect(safeFileName('Café')).toBe('caf_');
  });
});
