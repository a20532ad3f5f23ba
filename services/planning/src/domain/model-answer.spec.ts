import { EVENT_NAME_PATTERN, PROPERTY_NAME_PATTERN } from '@tracklens/contracts';
import { shopAnalysis } from '../testing/analysis.factory';
import { planFromModelAnswer, type ModelAnswer } from './model-answer';

type RawEvent = ModelAnswer['events'][number];
type RawProperty = RawEvent['properties'][number];

function raw(overrides: Partial<RawEvent> & Pick<RawEvent, 'name'>): RawEvent {
  return { trigger: 'User does it', description: 'It happens.', category: 'user_action', screen_name: 'Checkout', properties: [], ...overrides };
}

function prop(name: string, example: string, type: RawProperty['type'] = 'string', extra: Partial<RawProperty> = {}): RawProperty {
  return { name, type, description: `The ${name}`, example, required: false, ...extra };
}

describe(planFromModelAnswer.name, () => {
  it('should keep personal data only as safe derivatives and never as an example or in a text', () => {
    const plan = planFromModelAnswer(
      {
        events: [
          raw({
            name: 'Order Completed',
            trigger: 'User pays; receipt sent to jane@example.com',
            properties: [
              prop('order_id', 'ord_48213'),
              prop('email', 'jane@acme.io'),
              prop('full_name', 'Jane Doe'),
              prop('shipping_address', '12 Harbour Street'),
              prop('phone', '+1 555 010 2030'),
              prop('card_number', '4242 4242 4242 4242'),
              prop('cvv', '123'),
              prop('contact', 'jane@acme.io'),
              prop('reference', '4242424242424242'),
              prop('full_name_provided', 'true', 'boolean'),
            ],
          }),
        ],
        funnels: [],
      },
      shopAnalysis(),
    );
    const [event] = plan.events;
    expect(event?.trigger).toBe('User pays; receipt sent to an e-mail address');
    expect(event?.properties.map((p) => [p.name, p.type, p.example])).toEqual([
      ['order_id', 'string', 'ord_48213'],
      ['email_domain', 'string', 'example.com'],
      ['full_name_provided', 'boolean', 'true'],
      ['shipping_address_provided', 'boolean', 'true'],
      ['phone_country_code', 'string', '+1'],
      ['contact', 'string', 'example.com'],
      ['reference', 'string', ''],
    ]);
    expect(event?.screenshot_path).toBeNull();
  });

  it('should make a repeated name one event, cut long names to five words, and keep funnel steps once each', () => {
    const plan = planFromModelAnswer(
      {
        events: [
          raw({ name: 'navigation clicked', screen_name: 'Home', properties: [prop('link_text', 'Shop')] }),
          raw({ name: 'Navigation Clicked', screen_name: 'Dashboard', properties: [prop('link_text', 'Sale'), prop('destination_screen', 'Sale')] }),
          raw({ name: 'Everyday Essentials Thoughtfully Made For You Clicked', screen_name: 'Home' }),
        ],
        funnels: [
          { name: 'Browse', description: 'Looking around', steps: ['Navigation Clicked', 'navigation clicked', 'Everyday Essentials Thoughtfully Made For You Clicked'] },
          { name: 'Browse again', description: 'The same steps', steps: ['Navigation Clicked', 'Everyday Essentials Thoughtfully Made For You Clicked'] },
        ],
      },
      shopAnalysis(),
    );
    expect(plan.events.map((e) => e.name)).toEqual(['Navigation Clicked', 'Everyday Essentials Thoughtfully Made Clicked']);
    expect(plan.events[0]?.screenshot_path).toBe('/api/images/users/u1/products/p1/frames/home.jpg');
    expect(plan.events[0]?.properties.map((p) => [p.name, p.required])).toEqual([
      ['link_text', false],
      ['destination_screen', false],
    ]);
    expect(plan.funnels).toEqual([
      { name: 'Browse', description: 'Looking around', steps: ['Navigation Clicked', 'Everyday Essentials Thoughtfully Made Clicked'] },
    ]);
    for (const event of plan.events) {
      expect(event.name).toMatch(EVENT_NAME_PATTERN);
      for (const property of event.properties) expect(property.name).toMatch(PROPERTY_NAME_PATTERN);
    }
  });

  it("should make a model's per-screen views one Page Viewed with page_name, keeping the spec's view events and the funnels", () => {
    const plan = planFromModelAnswer(
      {
        events: [
          raw({ name: 'Home Viewed', category: 'page_view', screen_name: 'Home', properties: [prop('screen_name', 'Home')] }),
          raw({ name: 'Dashboard Viewed', category: 'page_view', screen_name: 'Dashboard' }),
          raw({ name: 'Product Viewed', category: 'page_view', screen_name: 'Product Details', properties: [prop('product_id', 'prod_1')] }),
          raw({ name: 'Product Added', screen_name: 'Product Details', properties: [prop('product_id', 'prod_1')] }),
        ],
        funnels: [{ name: 'Buy', description: 'From the dashboard to the cart', steps: ['Dashboard Viewed', 'Product Viewed', 'Product Added'] }],
      },
      shopAnalysis(),
    );
    expect(plan.events.map((e) => [e.name, e.category])).toEqual([
      ['Page Viewed', 'page_view'],
      ['Product Viewed', 'page_view'],
      ['Product Added', 'user_action'],
    ]);
    expect(plan.events[0]?.properties).toEqual([
      { name: 'page_name', type: 'string', description: 'Name of the page viewed, e.g. Home, Dashboard', example: 'Home', required: true },
    ]);
    expect(plan.funnels[0]?.steps).toEqual(['Page Viewed', 'Product Viewed', 'Product Added']);
  });

  it('should name the one view Screen Viewed with screen_name for a phone app', () => {
    const plan = planFromModelAnswer(
      { events: [raw({ name: 'Feed Viewed', category: 'page_view', screen_name: 'Feed' })], funnels: [] },
      shopAnalysis(),
      'mobile_app',
    );
    expect(plan.events.map((e) => [e.name, e.properties.map((p) => [p.name, p.example])])).toEqual([['Screen Viewed', [['screen_name', 'Feed']]]]);
  });

  it("should keep enums with their values, arrays with their items, and the person a spec names as pii without example", () => {
    const plan = planFromModelAnswer(
      {
        events: [
          raw({
            name: 'Signed Up',
            screen_name: 'Sign Up',
            properties: [
              prop('email', 'jane@acme.io', 'string', { pii: true }),
              prop('first_name', 'Jane'),
              prop('plan', 'Team', 'enum', { values: ['Starter', 'Team', 'Team', ''] }),
              prop('role', 'Owner', 'enum', { values: ['Admin', 'Member'] }),
              prop('seats', 'x', 'enum', { values: ['5'] }),
              prop('interests', 'design, code', 'array', { items: 'string' }),
              prop('products', '', 'array', { items: null }),
            ],
          }),
          raw({ name: 'Order Completed', properties: [prop('first_name', 'Jane'), prop('query', 'jane doe')] }),
        ],
        funnels: [],
      },
      shopAnalysis(),
    );
    expect(plan.events[0]?.properties.map(({ name, type, example, values, items, pii }) => ({ name, type, example, values, items, pii }))).toEqual([
      { name: 'email', type: 'string', example: '', values: undefined, items: undefined, pii: true },
      { name: 'first_name', type: 'string', example: '', values: undefined, items: undefined, pii: true },
      { name: 'plan', type: 'enum', example: 'Team', values: ['Starter', 'Team'], items: undefined, pii: undefined },
      { name: 'role', type: 'enum', example: '', values: ['Admin', 'Member'], items: undefined, pii: undefined },
      { name: 'seats', type: 'string', example: 'x', values: undefined, items: undefined, pii: undefined },
      { name: 'interests', type: 'array', example: 'design, code', values: undefined, items: 'string', pii: undefined },
      { name: 'products', type: 'array', example: '', values: undefined, items: 'string', pii: undefined },
    ]);
    // Where no spec names a name, it is only whether one was given; what the user typed is pii.
    expect(plan.events[1]?.properties.map((p) => [p.name, p.example, p.pii])).toEqual([
      ['first_name_provided', 'true', undefined],
      ['query', '', true],
    ]);
  });
});
