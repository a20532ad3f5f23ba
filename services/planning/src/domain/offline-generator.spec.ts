import { EVENT_NAME_PATTERN, PROPERTY_NAME_PATTERN, type TrackingPlanContent } from '@tracklens/contracts';
import { largeAnalysis, pageSpec, shopAnalysis } from '../testing/analysis.factory';
import { generateOfflinePlan } from './offline-generator';

function eventNamed(plan: TrackingPlanContent, name: string) {
  const event = plan.events.find((e) => e.name === name);
  if (!event) throw new Error(`no event '${name}' in ${plan.events.map((e) => e.name).join(', ')}`);
  return event;
}

describe(generateOfflinePlan.name, () => {
  const plan = generateOfflinePlan(shopAnalysis());
  const names = plan.events.map((e) => e.name);

  it('should make one view event per screen, named by a short title, in video order, with its screenshot', () => {
    const views = plan.events.filter((e) => e.category === 'page_view');
    expect(views.map((e) => e.name)).toEqual(['Home Viewed', 'Sign Up Viewed', 'Dashboard Viewed', 'Product Viewed', 'Checkout Viewed']);
    expect(eventNamed(plan, 'Home Viewed').screenshot_path).toBe('/api/images/users/u1/products/p1/frames/home.jpg');
    expect(eventNamed(plan, 'Checkout Viewed').screenshot_path).toBeNull();
    expect(eventNamed(plan, 'Sign Up Viewed').properties).toEqual([
      { name: 'screen_name', type: 'string', description: 'Name of the screen that was viewed', example: 'Sign Up', required: true },
      {
        name: 'referrer_screen',
        type: 'string',
        description: 'Screen the user came from; empty when the product was opened on this screen',
        example: 'Home',
        required: false,
      },
    ]);
    expect(eventNamed(plan, 'Product Viewed').properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Product'],
      ['referrer_screen', 'Dashboard'],
      ['product_id', 'prod_1042'],
      ['product_name', 'Linen Shirt'],
      ['price', '49.00'],
      ['currency', 'USD'],
    ]);
  });

  it('should name recognised actions as the e-commerce and SaaS specs do, and other primary buttons after their label', () => {
    const actions = plan.events.filter((e) => e.category === 'user_action').map((e) => e.name);
    expect(actions).toEqual([
      'Sign Up Clicked',
      'Navigation Clicked',
      'Account Created',
      'Add Product Clicked',
      'Invite Teammate Clicked',
      'Tab Selected',
      'Email Notifications Toggled',
      'Product Added',
      'Promo Code Dialog Opened',
      'Order Completed',
    ]);
    expect(eventNamed(plan, 'Account Created').screenshot_path).toBe('/api/images/users/u1/products/p1/frames/sign-up.jpg');
    expect(eventNamed(plan, 'Product Added').properties.map((p) => p.name)).toEqual([
      'screen_name',
      'product_id',
      'product_name',
      'price',
      'currency',
      'quantity',
    ]);
    expect(eventNamed(plan, 'Tab Selected').properties).toContainEqual(expect.objectContaining({ name: 'tab_name', example: 'Reports' }));
  });

  it('should give names of one convention, unique, short, and at least one well-formed property to every event', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const event of plan.events) {
      expect(event.name).toMatch(EVENT_NAME_PATTERN);
      expect(event.name.split(' ').length).toBeLessThanOrEqual(5);
      expect(event.trigger.length).toBeGreaterThan(0);
      expect(event.properties.length).toBeGreaterThanOrEqual(1);
      const propertyNames = event.properties.map((p) => p.name);
      expect(new Set(propertyNames).size).toBe(propertyNames.length);
      for (const property of event.properties) {
        expect(property.name).toMatch(PROPERTY_NAME_PATTERN);
        expect(['string', 'number', 'boolean', 'enum']).toContain(property.type);
        if (property.type === 'enum') expect(property.values?.length).toBeGreaterThan(1);
        expect(property.description.length).toBeGreaterThan(0);
        expect(typeof property.required).toBe('boolean');
      }
    }
  });

  it('should turn form fields into properties of the submit event without personal data or secrets', () => {
    expect(eventNamed(plan, 'Account Created').properties).toEqual([
      { name: 'screen_name', type: 'string', description: 'Screen the user was on', example: 'Sign Up', required: true },
      { name: 'method', type: 'string', description: 'How the user signed up', example: 'email', required: true },
      {
        name: 'email_domain',
        type: 'string',
        description: 'Domain of the e-mail address entered (never the address itself)',
        example: 'example.com',
        required: true,
      },
      {
        name: 'full_name_provided',
        type: 'boolean',
        description: 'Whether Full Name was filled in (the value itself is not sent)',
        example: 'true',
        required: false,
      },
      { name: 'company_size', type: 'string', description: 'Value chosen in Company size', example: '11-50', required: false },
    ]);
    expect(eventNamed(plan, 'Order Completed').properties.map((p) => p.name)).toEqual([
      'screen_name',
      'order_id',
      'total',
      'currency',
      'item_count',
      'payment_method',
      'shipping_address_provided',
    ]);
    const everything = JSON.stringify(plan);
    expect(everything).not.toMatch(/password|card_number/i);
    expect(everything).not.toMatch(/[^\s@'"]+@[^\s@'"]+\.[a-z]+/);
  });

  it('should drop noise labels: single characters, bare numbers and OK', () => {
    expect(names.filter((name) => /^(X|12|4 9|OK)\b/.test(name))).toEqual([]);
  });

  it('should make the same action on two screens one event that says where it happened', () => {
    const signUp = plan.events.filter((e) => e.name === 'Sign Up Clicked');
    expect(signUp).toHaveLength(1);
    expect(signUp[0]?.trigger).toBe("User clicks 'Sign Up' on the Home screen (also on Product)");
    expect(signUp[0]?.properties[0]).toEqual({
      name: 'screen_name',
      type: 'string',
      description: 'Screen the user was on: Home, Product',
      example: 'Home',
      required: true,
    });
  });

  it('should make one funnel per journey, in journey order, and the purchase funnel, whose steps are events of the plan', () => {
    expect(plan.funnels).toEqual([
      {
        name: 'Onboarding',
        description: 'A visitor signs up.',
        steps: ['Home Viewed', 'Sign Up Clicked', 'Sign Up Viewed', 'Account Created', 'Dashboard Viewed'],
      },
      {
        name: 'Purchase',
        description: 'A member buys something.',
        steps: ['Dashboard Viewed', 'Product Viewed', 'Product Added', 'Checkout Viewed', 'Order Completed'],
      },
      {
        name: 'Purchase Funnel',
        description: 'From browsing products to a completed order.',
        steps: ['Product Viewed', 'Product Added', 'Checkout Viewed', 'Order Completed'],
      },
    ]);
    for (const funnel of plan.funnels) for (const step of funnel.steps) expect(names).toContain(step);
  });

  it('should answer the same plan for the same analysis, whatever the order of its page specs', () => {
    const analysis = shopAnalysis();
    const reversed = { ...analysis, pageSpecs: [...analysis.pageSpecs].reverse() };
    expect(generateOfflinePlan(reversed)).toEqual(plan);
    expect(JSON.stringify(generateOfflinePlan(shopAnalysis()))).toBe(JSON.stringify(plan));
  });

  it('should merge specs of the same screen and keep action names apart from screen view names', () => {
    const merged = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({ screenName: 'Settings', screenKind: 'settings', order: 0, elements: [{ kind: 'button', label: 'Save' }] }),
          pageSpec({ screenName: 'settings', screenKind: 'settings', order: 1, screenshotKey: 'k/settings.jpg', elements: [{ kind: 'button', label: 'Save' }] }),
          pageSpec({ screenName: 'Dashboard', screenKind: 'dashboard', order: 2, elements: [{ kind: 'button', label: 'View Report' }] }),
          pageSpec({ screenName: 'Report', screenKind: 'other', order: 3 }),
        ],
        journeys: [],
        keyActions: [],
      }),
    );
    expect(merged.events.map((e) => e.name)).toEqual([
      'Settings Viewed',
      'Settings Saved',
      'Dashboard Viewed',
      'View Report Clicked',
      'Report Viewed',
    ]);
    expect(merged.events[0]?.screenshot_path).toBe('/api/images/k/settings.jpg');
    expect(merged.funnels).toEqual([
      {
        name: 'Main Flow',
        description: 'Users moving through the screens in the order the demo showed them: Settings → Dashboard → Report',
        steps: ['Settings Viewed', 'Dashboard Viewed', 'Report Viewed'],
      },
    ]);
  });

  it('should name generic submits after their screen and keep names well formed for odd labels', () => {
    const odd = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({
            screenName: 'Contact us!', screenKind: 'other',
            elements: [
              { kind: 'input', label: 'Message' },
              { kind: 'button', label: 'Submit' },
              { kind: 'button', label: 'Download CSV' },
              { kind: 'button', label: 'Order summary' },
            ],
          }),
        ],
        journeys: [],
        keyActions: [],
      }),
    );
    expect(odd.events.map((e) => e.name)).toEqual(['Contact Us Viewed', 'Contact Us Form Submitted', 'CSV Downloaded']);
    expect(odd.events[1]?.properties.map((p) => p.name)).toEqual(['screen_name', 'message_length']);
    expect(odd.funnels).toEqual([]);
  });

  it('should make every navigation link one Navigation Clicked event with real examples, and a tab bar too', () => {
    const header = ['Shop', 'New In', 'Sale', 'Cart 1', 'D Goods'].map((label) => ({ kind: 'link' as const, label }));
    const tabs = ['Feed', 'Search', 'Profile'].map((label) => ({ kind: 'tab' as const, label }));
    const navigation = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({ screenName: 'Feed', screenKind: 'content', order: 0, elements: [...header, ...tabs], actions: [{ kind: 'navigate', toScreen: 'Profile', atSec: 2 }] }),
          pageSpec({ screenName: 'Profile', screenKind: 'content', order: 1, elements: [...header, ...tabs, { kind: 'tab', label: 'Posts' }] }),
        ],
        journeys: [],
        keyActions: [{ screenName: 'Feed', keyActions: ['Open Shop', 'Open Cart 1', 'Switch to Search', 'Go to Profile', 'Scroll the page'] }],
      }),
    );
    expect(navigation.events.map((e) => e.name)).toEqual(['Feed Viewed', 'Navigation Clicked', 'Profile Viewed', 'Tab Selected']);
    const clicked = eventNamed(navigation, 'Navigation Clicked');
    expect(clicked.trigger).toBe('User clicks a navigation link, menu item or tab (e.g. Shop, New In, Sale, Feed, Search)');
    expect(clicked.properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Feed'],
      ['link_text', 'Feed'],
      ['destination_screen', 'Feed'],
    ]);
    // A tab bar is seen whole: its tabs are tab_name's allowed values.
    expect(eventNamed(navigation, 'Tab Selected').properties).toContainEqual(
      expect.objectContaining({ name: 'tab_name', type: 'enum', values: ['Feed', 'Search', 'Profile', 'Posts'], example: 'Posts' }),
    );
  });

  it('should read key actions back into the controls they name instead of doubling them', () => {
    const withKeyActions = generateOfflinePlan(
      shopAnalysis({
        keyActions: [
          { screenName: 'Home', keyActions: ['Click Sign Up', 'Open Pricing', 'Scroll the page', 'Go to Sign Up'] },
          { screenName: 'Sign Up', keyActions: ['Enter Email', 'Submit with Sign Up', 'Toggle Remember me'] },
          { screenName: 'Checkout', keyActions: ['Enter Card number', 'Click Place Order'] },
        ],
      }),
    );
    expect(withKeyActions.events.map((e) => e.name)).toEqual(names);
    expect(eventNamed(withKeyActions, 'Account Created').properties.map((p) => p.name)).toContain('remember_me');
  });

  it('should name a free key-action phrase only when it is recognised', () => {
    const phrased = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [pageSpec({ screenName: 'Catalogue', screenKind: 'listing', order: 0 })],
        journeys: [],
        keyActions: [{ screenName: 'Catalogue', keyActions: ['Add a product to the cart', 'Browse the whole catalogue', 'Compare two products'] }],
      }),
    );
    expect(phrased.events.map((e) => e.name)).toEqual(['Product List Viewed', 'Product Added']);
  });

  it('should infer the sign-in when the video leaves a sign-in form, and never use a long headline as a screen name', () => {
    const saas = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({
            screenName: 'Sign in to your account', screenKind: 'login',
            order: 0,
            elements: [
              { kind: 'input', label: 'Email' },
              { kind: 'input', label: 'Password' },
              { kind: 'checkbox', label: 'Remember me' },
            ],
            actions: [
              { kind: 'type', target: 'Email', atSec: 1 },
              { kind: 'navigate', toScreen: 'Everything your team needs in one place', atSec: 3 },
            ],
          }),
          pageSpec({ screenName: 'Everything your team needs in one place', screenKind: 'other', order: 1, elements: [{ kind: 'button', label: 'Export CSV' }] }),
        ],
        journeys: [{ name: 'Main Flow', description: '', steps: ['Sign in to your account', 'Everything your team needs in one place'] }],
        keyActions: [],
      }),
    );
    expect(saas.events.map((e) => e.name)).toEqual(['Login Viewed', 'Signed In', 'Everything Your Team Viewed', 'CSV Exported']);
    expect(eventNamed(saas, 'Signed In').properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Login'],
      ['method', 'email'],
      ['remember_me', 'true'],
    ]);
    expect(saas.funnels[0]?.steps).toEqual(['Login Viewed', 'Signed In', 'Everything Your Team Viewed']);
  });

  it('should leave a recognised name to its event and fall back to the label for a button that would take it', () => {
    const shop = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({ screenName: 'Admin', screenKind: 'other', order: 0, elements: [{ kind: 'button', label: 'Add product' }] }),
          pageSpec({ screenName: 'Product', screenKind: 'product', order: 1, elements: [{ kind: 'button', label: 'Add to bag' }] }),
        ],
        journeys: [],
        keyActions: [],
      }),
    );
    expect(shop.events.map((e) => e.name)).toEqual(['Admin Viewed', 'Add Product Clicked', 'Product Viewed', 'Product Added']);
  });

  it('should recognise the SaaS spec events: sign-in, search, filter, sign-out, invitation', () => {
    const saas = generateOfflinePlan(
      shopAnalysis({
        pageSpecs: [
          pageSpec({
            screenName: 'Login', screenKind: 'login',
            order: 0,
            elements: [
              { kind: 'input', label: 'Work email' },
              { kind: 'input', label: 'Password' },
              { kind: 'button', label: 'Sign in' },
              { kind: 'link', label: 'Create an account' },
            ],
            actions: [{ kind: 'click', target: 'Sign in', toScreen: 'Projects', atSec: 2 }],
          }),
          pageSpec({
            screenName: 'Projects', screenKind: 'other',
            order: 1,
            elements: [
              { kind: 'input', label: 'Search projects' },
              { kind: 'select', label: 'Filter by status' },
              { kind: 'button', label: 'New project' },
              { kind: 'button', label: 'Export CSV' },
              { kind: 'button', label: 'Log out' },
            ],
          }),
          pageSpec({
            screenName: 'Invite members', screenKind: 'other',
            order: 2,
            elements: [
              { kind: 'input', label: 'Email address' },
              { kind: 'select', label: 'Role' },
              { kind: 'button', label: 'Send invite' },
              { kind: 'button', label: 'Cancel' },
            ],
          }),
        ],
        journeys: [{ name: 'Login to Invite members', description: '', steps: ['Login', 'Projects', 'Invite members'] }],
        keyActions: [],
      }),
    );
    expect(saas.events.map((e) => e.name)).toEqual([
      'Login Viewed',
      'Signed In',
      'Navigation Clicked',
      'Projects Viewed',
      'Search Performed',
      'List Filtered',
      'New Project Clicked',
      'CSV Exported',
      'Signed Out',
      'Invite Members Viewed',
      'Teammate Invited',
    ]);
    // What the user typed in a search box may name a person: it is flagged as personal data.
    expect(eventNamed(saas, 'Search Performed').properties).toContainEqual(expect.objectContaining({ name: 'query', pii: true }));
    expect(saas.events.flatMap((e) => e.properties).filter((p) => p.pii).map((p) => p.name)).toEqual(['query']);
    expect(eventNamed(saas, 'List Filtered').properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Projects'],
      ['filter_name', 'status'],
      ['filter_value', 'active'],
    ]);
    expect(eventNamed(saas, 'Navigation Clicked').properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Login'],
      ['link_text', 'Create an account'],
      ['destination_screen', 'Create An Account'],
    ]);
    expect(saas.funnels).toEqual([
      {
        name: 'Login To Invite Members',
        description: 'Users moving through Login → Projects → Invite Members',
        steps: ['Login Viewed', 'Signed In', 'Projects Viewed', 'Invite Members Viewed', 'Teammate Invited'],
      },
    ]);
  });

  it('should generate a 20-screen product quickly with every name unique', () => {
    const started = performance.now();
    const large = generateOfflinePlan(largeAnalysis(20));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(large.events.filter((e) => e.category === 'page_view')).toHaveLength(20);
    const all = large.events.map((e) => e.name);
    expect(new Set(all).size).toBe(all.length);
    expect(large.funnels.map((f) => f.name)).toEqual(['Setup', 'Short Path']);
  });
});
