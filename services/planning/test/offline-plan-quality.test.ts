/**
 * The offline plan for what the real analysis found in the three recorded demos (services/analysis/.fixtures:
 * a shop, a SaaS admin and a mobile app), saved as fixtures as GetProductAnalysis answers them (labels cleaned
 * of OCR noise, screen kinds recognised, OCR's odd words left in): the plan an analytics engineer would keep,
 * not one event per link or per key-action phrase.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  EVENT_NAME_PATTERN,
  PROPERTY_NAME_PATTERN,
  productAnalysisSchema,
  type ProductAnalysis,
  type TrackingPlanContent,
} from '@tracklens/contracts';
import { generateOfflinePlan } from '../src/domain/offline-generator';

function fixture(name: string): ProductAnalysis {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `${name}.analysis.json`), 'utf8'));
  return productAnalysisSchema.parse(raw);
}

/** The same analysis with its screens renamed (as a better screen-naming step would name them). */
function renamed(analysis: ProductAnalysis, names: Record<string, string>): ProductAnalysis {
  const rename = (name: string) => names[name] ?? name;
  return {
    ...analysis,
    pageSpecs: analysis.pageSpecs.map((spec) => ({
      ...spec,
      screenName: rename(spec.screenName),
      actions: spec.actions.map((action) => (action.toScreen ? { ...action, toScreen: rename(action.toScreen) } : action)),
    })),
    journeys: analysis.journeys.map((journey) => ({ ...journey, steps: journey.steps.map(rename) })),
    keyActions: analysis.keyActions.map((screen) => ({
      screenName: rename(screen.screenName),
      keyActions: screen.keyActions.map((action) => action.replace(/^Go to (.+)$/, (_, to: string) => `Go to ${rename(to)}`)),
    })),
  };
}

function namesOf(plan: TrackingPlanContent): string[] {
  return plan.events.map((event) => event.name);
}

function eventNamed(plan: TrackingPlanContent, name: string) {
  const event = plan.events.find((e) => e.name === name);
  if (!event) throw new Error(`no event '${name}' in ${namesOf(plan).join(', ')}`);
  return event;
}

/** Rules every plan keeps, whatever the product. */
function expectWellFormed(plan: TrackingPlanContent): void {
  const names = namesOf(plan);
  expect(new Set(names).size).toBe(names.length);
  for (const event of plan.events) {
    expect(event.name).toMatch(EVENT_NAME_PATTERN);
    expect(event.name.split(' ').length).toBeLessThanOrEqual(5);
    // The spec gives going to the background no property.
    if (event.name !== 'Application Backgrounded') expect(event.properties.length).toBeGreaterThanOrEqual(1);
    const properties = event.properties.map((p) => p.name);
    expect(new Set(properties).size).toBe(properties.length);
    for (const property of event.properties) {
      expect(property.name).toMatch(PROPERTY_NAME_PATTERN);
      // Examples are values a product sends, never an invented route; personal data has none.
      expect(property.example).not.toMatch(/^\//);
      if (property.pii) expect(property.example).toBe('');
      if (property.type === 'array') expect(property.items).toBeDefined();
    }
  }
  for (const funnel of plan.funnels) {
    expect(funnel.steps.length).toBeGreaterThanOrEqual(2);
    expect(new Set(funnel.steps).size).toBe(funnel.steps.length);
    for (const step of funnel.steps) expect(names).toContain(step);
  }
}

/** What an analyst throws a plan away for: an event per link, key-action phrases, OCR fragments, personal data. */
function expectNoNoise(plan: TrackingPlanContent, navigationLabels: string[]): void {
  const names = namesOf(plan);
  expect(names.filter((name) => / Link Clicked$/.test(name))).toEqual([]);
  expect(names.filter((name) => /^(Click|Go To|Enter|Open|Submit|Scroll|Switch To|Toggle|Choose) /.test(name))).toEqual([]);
  expect(names.filter((name) => /\d|\b[A-Z]\b/.test(name))).toEqual([]);
  for (const label of navigationLabels) expect(names.filter((name) => name.startsWith(`${label} `))).toEqual([]);
  expect(JSON.stringify(plan)).not.toMatch(/[^\s@'"]+@[^\s@'"]+\.[a-z]{2,}/);
  // A person's data is a property only where a spec names it, and then flagged.
  const properties = plan.events.flatMap((event) => event.properties).filter((p) => !p.pii).map((p) => p.name);
  expect(properties.filter((name) => /password|card|^(email|first_name|last_name|full_name|address|phone|username)$/.test(name))).toEqual([]);
  // One view event for every screen: no per-screen 'X Viewed' besides the spec's.
  const views = namesOf(plan).filter((name) => / Viewed$/.test(name));
  expect(views.filter((name) => !SPEC_VIEWS.has(name))).toEqual([]);
}

const SPEC_VIEWS = new Set(['Page Viewed', 'Screen Viewed', 'Product List Viewed', 'Product Viewed', 'Cart Viewed', 'Checkout Step Viewed', 'Promotion Viewed']);

describe('offline plans of the recorded demos', () => {
  describe('shop (Home → All Products → Linen Overshirt → Cart → Checkout → Order confirmation)', () => {
    const analysis = fixture('shop-desktop');
    const plan = generateOfflinePlan(analysis);
    const names = namesOf(plan);

    it("should answer a plan of 12 to 20 events in Segment's e-commerce spec, well formed and without noise", () => {
      expect(names.length).toBeGreaterThanOrEqual(12);
      expect(names.length).toBeLessThanOrEqual(20);
      expect(names).toEqual([
        'Page Viewed',
        'Promotion Viewed',
        'Navigation Clicked',
        'Products Searched',
        'Promotion Clicked',
        'Product Added',
        'Product List Viewed',
        'Product List Filtered',
        'Product Clicked',
        'Product Viewed',
        'Product Added To Wishlist',
        'Cart Viewed',
        'Checkout Started',
        'Payment Info Entered',
        'Order Completed',
      ]);
      expectWellFormed(plan);
      expectNoNoise(plan, ['Shop Link', 'Shop Opened', 'New In', 'Sale', 'Journal', 'Cart 1', 'D Goods', 'Everyday', 'Order Summary', 'Scroll']);
    });

    it('should make every page one Page Viewed event whose page_name gives the pages seen as examples', () => {
      const page = eventNamed(plan, 'Page Viewed');
      expect(page.category).toBe('page_view');
      expect(page.properties).toEqual([
        {
          name: 'page_name',
          type: 'string',
          description: 'Name of the page viewed, e.g. Home, Product List, Product, Cart, Checkout, Order Confirmation',
          example: 'Home',
          required: true,
        },
      ]);
      expect(plan.events.filter((e) => e.category === 'page_view').map((e) => e.name)).toEqual([
        'Page Viewed',
        'Product List Viewed',
        'Product Viewed',
        'Cart Viewed',
        'Checkout Started',
      ]);
    });

    it('should make every navigation link one Navigation Clicked event with link_text and destination_screen', () => {
      const navigation = eventNamed(plan, 'Navigation Clicked');
      expect(navigation.trigger).toBe('User clicks a navigation link, menu item or tab (e.g. Shop, New In, Sale, Journal, Contact)');
      expect(navigation.properties.map((p) => [p.name, p.example])).toEqual([
        ['screen_name', 'Home'],
        ['link_text', 'Shop'],
        ['destination_screen', 'Product List'],
      ]);
    });

    it('should give the order its spec properties with realistic examples and only safe derivatives of the form', () => {
      const order = eventNamed(plan, 'Order Completed');
      expect(order.properties.map((p) => [p.name, p.type, p.example])).toEqual([
        ['screen_name', 'string', 'Checkout'],
        ['order_id', 'string', 'NW-48213'],
        ['total', 'number', '49.00'],
        ['revenue', 'number', '49.00'],
        ['shipping', 'number', '0.00'],
        ['tax', 'number', '0.00'],
        ['discount', 'number', '0.00'],
        ['coupon', 'string', ''],
        ['currency', 'string', 'USD'],
        ['products', 'array', '[{"product_id":"prod_1042","sku":"SKU-1042","name":"Linen Overshirt","price":49,"quantity":1}]'],
        ['email_domain', 'string', 'example.com'],
        ['full_name_provided', 'boolean', 'true'],
        ['address_provided', 'boolean', 'true'],
        ['city_provided', 'boolean', 'true'],
        ['postal_code_provided', 'boolean', 'true'],
      ]);
      expect(order.screenshot_path).toBe('/api/images/users/u1/products/shop/screenshots/4.jpg');
      expect(eventNamed(plan, 'Product Added').properties.map((p) => [p.name, p.example])).toEqual([
        ['screen_name', 'Home'],
        ['product_id', 'prod_1042'],
        ['sku', 'SKU-1042'],
        ['category', ''],
        ['name', 'Linen Overshirt'],
        ['brand', ''],
        ['variant', ''],
        ['price', '49.00'],
        ['currency', 'USD'],
        ['quantity', '1'],
        ['cart_id', 'cart_5521'],
      ]);
      expect(eventNamed(plan, 'Product List Filtered').properties).toContainEqual(
        expect.objectContaining({ name: 'sorts', type: 'array', items: 'object', example: '[{"type":"featured","value":"desc"}]' }),
      );
      expect(eventNamed(plan, 'Product Added').screenshot_path).toBe('/api/images/users/u1/products/shop/screenshots/0.jpg');
    });

    it('should make funnels of the journeys with the spec view events, and the purchase funnel', () => {
      expect(plan.funnels).toEqual([
        {
          name: 'Main Flow',
          description: "Every screen in the order the demo shows it. The Page Viewed step is the Home page (page_name = 'Home').",
          steps: [
            'Page Viewed',
            'Product List Viewed',
            'Product Clicked',
            'Product Viewed',
            'Product Added',
            'Cart Viewed',
            'Checkout Started',
            'Payment Info Entered',
            'Order Completed',
          ],
        },
        {
          name: 'Place Order',
          description:
            "Fill in Email, Full Name, Address, Postal Code, City and Card Number on Checkout and press Place Order. The Page Viewed step is the Order Confirmation page (page_name = 'Order Confirmation').",
          steps: ['Checkout Started', 'Payment Info Entered', 'Order Completed', 'Page Viewed'],
        },
        {
          name: 'Purchase Funnel',
          description: 'From browsing products to a completed order.',
          steps: ['Product List Viewed', 'Product Viewed', 'Product Added', 'Checkout Started', 'Payment Info Entered', 'Order Completed'],
        },
      ]);
    });

    it('should answer the same plan when the screens are named as an analytics engineer would', () => {
      const better = generateOfflinePlan(
        renamed(analysis, {
          'Everyday essentials thoughtfully made': 'Home',
          'All Products': 'Product Listing',
          'Linen Overshirt': 'Product Detail',
          'Your Cart': 'Cart',
          'Thank you for your order': 'Order Confirmation',
        }),
      );
      expect(namesOf(better)).toEqual(names);
      expect(better.funnels.map((funnel) => funnel.steps)).toEqual(plan.funnels.map((funnel) => funnel.steps));
      expect(eventNamed(better, 'Product Viewed').properties).toContainEqual(expect.objectContaining({ name: 'name', example: 'Linen Overshirt' }));
      expectWellFormed(better);
    });
  });

  describe('SaaS (sign in → dashboard → settings → invite a teammate)', () => {
    const plan = generateOfflinePlan(fixture('saas-1080p'));
    const names = namesOf(plan);

    it('should answer the B2B SaaS spec events: a sign-in, saved settings, an invitation, one page view, one navigation event', () => {
      expect(names.length).toBeGreaterThanOrEqual(5);
      expect(names.length).toBeLessThanOrEqual(14);
      expect(names).toEqual(['Page Viewed', 'Signed In', 'Navigation Clicked', 'Settings Updated', 'Tab Selected', 'Invite Sent']);
      expectWellFormed(plan);
      expectNoNoise(plan, ['Acme', 'Jane', 'Forgot', 'Chi', 'Cancel', 'Remember']);
      // The signed-in user's name in the header is an OCR'd link: it never names an event or an example.
      expect(JSON.stringify(plan.events.map((e) => [e.name, e.trigger, e.properties]))).not.toMatch(/Jane|Cooper/);
    });

    it('should make the form on each screen a property list without personal data', () => {
      expect(eventNamed(plan, 'Signed In').properties.map((p) => [p.name, p.example, p.pii])).toEqual([
        ['screen_name', 'Login', undefined],
        ['username', '', true],
        ['remember_me', 'true', undefined],
      ]);
      expect(eventNamed(plan, 'Invite Sent').properties.map((p) => [p.name, p.example, p.pii])).toEqual([
        ['screen_name', 'Invite Teammate', undefined],
        ['invitee_email', '', true],
        ['invitee_role', 'member', undefined],
      ]);
      expect(plan.funnels).toEqual([
        {
          name: 'Main Flow',
          description: "Every screen in the order the demo shows it. The Page Viewed step is the Login page (page_name = 'Login').",
          steps: ['Page Viewed', 'Signed In', 'Invite Sent'],
        },
      ]);
    });
  });

  describe('mobile (onboarding → sign up → feed → profile)', () => {
    const plan = generateOfflinePlan(fixture('mobile-portrait'));
    const names = namesOf(plan);

    it("should answer a small app plan: the lifecycle, one Screen Viewed, the onboarding begun from the welcome, the sign-up, the tab bar as navigation", () => {
      expect(names.length).toBeGreaterThanOrEqual(5);
      expect(names.length).toBeLessThanOrEqual(12);
      expect(names).toEqual([
        'Application Installed',
        'Application Opened',
        'Application Backgrounded',
        'Application Updated',
        'Screen Viewed',
        'Onboarding Started',
        'Navigation Clicked',
        'Signed Up',
        'Tab Selected',
      ]);
      expect(eventNamed(plan, 'Screen Viewed').properties).toEqual([
        {
          name: 'screen_name',
          type: 'string',
          description: 'Name of the screen viewed, e.g. Welcome, Sign Up, Feed, Profile',
          example: 'Welcome',
          required: true,
        },
      ]);
      expectWellFormed(plan);
      expectNoNoise(plan, ['Share', 'Create', 'Search', 'Feed Tab', 'Maya', 'Already']);
      // A profile is named after its person: the person never names an event or an example.
      expect(JSON.stringify(plan.events.map((e) => [e.name, e.trigger, e.properties]))).not.toContain('Maya Chen');
    });

    it('should send the sign-up form as Signed Up with the person flagged pii, and funnel the journey', () => {
      expect(eventNamed(plan, 'Signed Up').properties.map((p) => [p.name, p.example, p.pii])).toEqual([
        ['screen_name', 'Sign Up', undefined],
        ['type', 'organic', undefined],
        ['email', '', true],
        ['first_name', '', true],
        ['last_name', '', true],
      ]);
      expect(plan.funnels.map((funnel) => [funnel.steps, funnel.description])).toEqual([
        [['Screen Viewed', 'Signed Up'], "Every screen in the order the demo shows it. The Screen Viewed step is the Welcome screen (screen_name = 'Welcome')."],
      ]);
    });
  });
});
