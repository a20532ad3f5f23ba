import { EVENT_NAME_PATTERN, PROPERTY_NAME_PATTERN } from '@tracklens/contracts';
import { shopAnalysis } from '../testing/analysis.factory';
import { planFromModelAnswer, type ModelAnswer } from './model-answer';

type RawEvent = ModelAnswer['events'][number];
type RawProperty = RawEvent['properties'][number];

function raw(overrides: Partial<RawEvent> & Pick<RawEvent, 'name'>): RawEvent {
  return { trigger: 'User does it', description: 'It happens.', category: 'user_action', screen_name: 'Checkout', properties: [], ...overrides };
}

function prop(name: string, example: string, type: RawProperty['type'] = 'string'): RawProperty {
  return { name, type, description: `The ${name}`, example, required: false };
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
          raw({ name: 'Everyday Essentials Thoughtfully Made For You Viewed', category: 'page_view', screen_name: 'Home' }),
        ],
        funnels: [
          { name: 'Browse', description: 'Looking around', steps: ['Navigation Clicked', 'navigation clicked', 'Everyday Essentials Thoughtfully Made For You Viewed'] },
          { name: 'Browse again', description: 'The same steps', steps: ['Navigation Clicked', 'Everyday Essentials Thoughtfully Made For You Viewed'] },
        ],
      },
      shopAnalysis(),
    );
    expect(plan.events.map((e) => e.name)).toEqual(['Navigation Clicked', 'Everyday Essentials Thoughtfully Made Viewed']);
    expect(plan.events[0]?.screenshot_path).toBe('/api/images/users/u1/products/p1/frames/home.jpg');
    expect(plan.events[0]?.properties.map((p) => [p.name, p.required])).toEqual([
      ['link_text', false],
      ['destination_screen', false],
    ]);
    expect(plan.funnels).toEqual([
      { name: 'Browse', description: 'Looking around', steps: ['Navigation Clicked', 'Everyday Essentials Thoughtfully Made Viewed'] },
    ]);
    for (const event of plan.events) {
      expect(event.name).toMatch(EVENT_NAME_PATTERN);
      for (const property of event.properties) expect(property.name).toMatch(PROPERTY_NAME_PATTERN);
    }
  });
});
