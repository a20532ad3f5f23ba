import { EVENT_NAME_PATTERN, PROPERTY_NAME_PATTERN, type AnalysedPageSpec, type TrackingPlanContent } from '@tracklens/contracts';
import { analysisOf, largeAnalysis, pageSpec, shopAnalysis } from '../testing/analysis.factory';
import { generateOfflinePlan } from './offline-generator';

function eventNamed(plan: TrackingPlanContent, name: string) {
  const event = plan.events.find((e) => e.name === name);
  if (!event) throw new Error(`no event '${name}' in ${plan.events.map((e) => e.name).join(', ')}`);
  return event;
}

describe(generateOfflinePlan.name, () => {
  const plan = generateOfflinePlan(shopAnalysis());
  const names = plan.events.map((e) => e.name);

  it("should make one Page Viewed event for a website's screens, its page a property, and the spec's view events of known kinds", () => {
    const views = plan.events.filter((e) => e.category === 'page_view');
    expect(views.map((e) => e.name)).toEqual(['Page Viewed', 'Product Viewed', 'Checkout Started']);
    const page = eventNamed(plan, 'Page Viewed');
    expect(page.screenshot_path).toBe('/api/images/users/u1/products/p1/frames/home.jpg');
    expect(page.properties).toEqual([
      {
        name: 'page_name',
        type: 'string',
        description: 'Name of the page viewed, e.g. Home, Sign Up, Dashboard, Product, Checkout',
        example: 'Home',
        required: true,
      },
    ]);
    expect(names.filter((name) => / Viewed$/.test(name) && !['Page Viewed', 'Product Viewed'].includes(name))).toEqual([]);
    expect(eventNamed(plan, 'Product Viewed').properties.map((p) => [p.name, p.example])).toEqual([
      ['product_id', 'prod_1042'],
      ['sku', 'SKU-1042'],
      ['category', ''],
      ['name', 'Linen Shirt'],
      ['brand', ''],
      ['variant', ''],
      ['price', '49.00'],
      ['currency', 'USD'],
    ]);
    expect(eventNamed(plan, 'Checkout Started').screenshot_path).toBeNull();
  });

  it("should make one Screen Viewed event with screen_name and the app's lifecycle events for a phone app", () => {
    // The same shop with a tab bar on every screen, as a phone app shows it.
    const shop = shopAnalysis();
    const tabBar = ['Home', 'Account'].map((label) => ({ kind: 'tab' as const, label }));
    const app = generateOfflinePlan({ ...shop, pageSpecs: shop.pageSpecs.map((spec) => ({ ...spec, elements: [...spec.elements, ...tabBar] })) });
    const appNames = app.events.map((e) => e.name);
    expect(appNames.slice(0, 5)).toEqual([
      'Application Installed',
      'Application Opened',
      'Application Backgrounded',
      'Application Updated',
      'Screen Viewed',
    ]);
    expect(appNames).not.toContain('Page Viewed');
    expect(eventNamed(app, 'Screen Viewed').properties.map((p) => [p.name, p.type, p.example])).toEqual([['screen_name', 'string', 'Home']]);
    expect(eventNamed(app, 'Application Opened').properties.map((p) => p.name)).toEqual([
      'from_background',
      'referring_application',
      'url',
      'version',
      'build',
    ]);
    expect(eventNamed(app, 'Application Backgrounded').screenshot_path).toBeNull();
    expect(app.funnels[0]?.description).toBe("A visitor signs up. The Screen Viewed step is the Home screen (screen_name = 'Home').");
  });

  it('should tell a phone app from its tab bar on every screen', () => {
    const tabs = ['Home', 'Search', 'Profile'].map((label) => ({ kind: 'tab' as const, label }));
    const app = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Home', screenKind: 'content', order: 0, elements: tabs }),
        pageSpec({ screenName: 'Profile', screenKind: 'content', order: 1, elements: tabs }),
      ]),
    );
    expect(app.events.map((e) => e.name)).toContain('Screen Viewed');
    expect(app.events.map((e) => e.name)).toContain('Application Opened');
    expect(names).not.toContain('Application Opened');
  });

  it('should name recognised actions as the e-commerce and SaaS specs do, and other primary buttons after their label', () => {
    const actions = plan.events.filter((e) => e.category === 'user_action').map((e) => e.name);
    expect(actions).toEqual([
      'Sign Up Clicked',
      'Navigation Clicked',
      'Signed Up',
      'Add Product Clicked',
      'Invite Teammate Clicked',
      'Tab Selected',
      'Email Notifications Toggled',
      'Product Added',
      'Payment Info Entered',
      'Promo Code Dialog Opened',
      'Order Completed',
    ]);
    expect(eventNamed(plan, 'Signed Up').screenshot_path).toBe('/api/images/users/u1/products/p1/frames/sign-up.jpg');
    expect(eventNamed(plan, 'Product Added').properties.map((p) => p.name)).toEqual([
      'screen_name',
      'product_id',
      'sku',
      'category',
      'name',
      'brand',
      'variant',
      'price',
      'currency',
      'quantity',
      'cart_id',
    ]);
    expect(eventNamed(plan, 'Payment Info Entered').properties.map((p) => p.name)).toEqual([
      'screen_name',
      'checkout_id',
      'order_id',
      'payment_method',
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
        expect(['string', 'number', 'boolean', 'enum', 'array']).toContain(property.type);
        if (property.type === 'enum') expect(property.values?.length).toBeGreaterThan(1);
        if (property.type === 'array') expect(property.items).toBeDefined();
        if (property.pii) expect(property.example).toBe('');
        expect(property.description.length).toBeGreaterThan(0);
        expect(typeof property.required).toBe('boolean');
      }
    }
  });

  it("should track the person a spec names as pii without examples, and other form fields as safe derivatives", () => {
    expect(eventNamed(plan, 'Signed Up').properties).toEqual([
      { name: 'screen_name', type: 'string', description: 'Screen the user was on', example: 'Sign Up', required: true },
      { name: 'type', type: 'string', description: 'The type of signup, e.g. organic or invited', example: 'organic', required: true },
      { name: 'email', type: 'string', description: 'E-mail address the user signed up with', example: '', required: true, pii: true },
      { name: 'first_name', type: 'string', description: "First name of the user's name as typed", example: '', required: false, pii: true },
      { name: 'last_name', type: 'string', description: "Last name of the user's name as typed", example: '', required: false, pii: true },
      { name: 'company_size', type: 'string', description: 'Value chosen in Company size', example: '11-50', required: false },
    ]);
    expect(eventNamed(plan, 'Order Completed').properties.map((p) => [p.name, p.type])).toEqual([
      ['screen_name', 'string'],
      ['order_id', 'string'],
      ['total', 'number'],
      ['revenue', 'number'],
      ['shipping', 'number'],
      ['tax', 'number'],
      ['discount', 'number'],
      ['coupon', 'string'],
      ['currency', 'string'],
      ['products', 'array'],
      ['shipping_address_provided', 'boolean'],
    ]);
    expect(eventNamed(plan, 'Order Completed').properties).toContainEqual(expect.objectContaining({ name: 'products', items: 'object' }));
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
        description: "A visitor signs up. The Page Viewed step is the Home page (page_name = 'Home').",
        steps: ['Page Viewed', 'Sign Up Clicked', 'Signed Up'],
      },
      {
        name: 'Purchase',
        description: "A member buys something. The Page Viewed step is the Dashboard page (page_name = 'Dashboard').",
        steps: ['Page Viewed', 'Product Viewed', 'Product Added', 'Checkout Started', 'Order Completed'],
      },
      {
        name: 'Purchase Funnel',
        description: 'From browsing products to a completed order.',
        steps: ['Product Viewed', 'Product Added', 'Checkout Started', 'Payment Info Entered', 'Order Completed'],
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

  it("should name a click after what its verb acts on, and after its label when the word after the verb is none ('Start free')", () => {
    const names = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Dashboard', screenKind: 'dashboard', order: 0,
          elements: ['Share report', 'Start free', 'Start over', 'Get', 'Upgrade plan'].map((label) => ({ kind: 'button' as const, label })),
        }),
      ]),
    ).events.map((e) => e.name);
    // An upsell leads to where the plan changes; it changes nothing itself.
    expect(names).toEqual(expect.arrayContaining(['Report Shared', 'Start Free Clicked', 'Start Over Clicked', 'Upgrade Plan Clicked']));
    expect(names).not.toContain('Plan Upgraded');
    expect(names).not.toEqual(expect.arrayContaining(['Free Started']));
    expect(names).not.toEqual(expect.arrayContaining(['Over Started']));
    expect(names).not.toContain('Get Clicked');
  });

  it('should merge specs of the same screen and keep action names apart from the page view', () => {
    const merged = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Settings', screenKind: 'settings', order: 0, elements: [{ kind: 'button', label: 'Save' }] }),
        pageSpec({ screenName: 'settings', screenKind: 'settings', order: 1, screenshotKey: 'k/settings.jpg', elements: [{ kind: 'button', label: 'Save' }] }),
        pageSpec({ screenName: 'Dashboard', screenKind: 'dashboard', order: 2, elements: [{ kind: 'button', label: 'View Report' }] }),
        pageSpec({ screenName: 'Report', screenKind: 'other', order: 3 }),
      ]),
    );
    expect(merged.events.map((e) => e.name)).toEqual(['Page Viewed', 'Settings Updated', 'View Report Clicked']);
    const ticket = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Ticket Detail', screenKind: 'content', elements: [{ kind: 'button', label: 'Send reply' }] }),
      ]),
    );
    expect(ticket.events.map((e) => e.name)).toEqual(['Page Viewed', 'Ticket Viewed', 'Reply Sent']);
    // A button without an object sends what the field beside it is written for.
    const feed = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Home', screenKind: 'content', elements: [{ kind: 'input', label: 'Add a comment' }, { kind: 'input', label: 'Comments' }, { kind: 'button', label: 'Post' }] }),
        pageSpec({ screenName: 'Story', screenKind: 'other', order: 1, elements: [{ kind: 'input', label: 'Send message' }, { kind: 'button', label: 'Send' }] }),
      ]),
    );
    expect(feed.events.map((e) => e.name)).toEqual(expect.arrayContaining(['Comment Posted', 'Message Sent']));
    expect(merged.events[0]?.screenshot_path).toBe('/api/images/k/settings.jpg');
    expect(merged.events[0]?.properties[0]?.description).toBe('Name of the page viewed, e.g. Settings, Dashboard, Report');
    // A funnel step is an event once: the pages in a row without an event of their own are one step.
    expect(merged.funnels).toEqual([]);
  });

  it('should name generic submits after their screen and keep names well formed for odd labels', () => {
    const odd = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Contact us!', screenKind: 'other',
          elements: [
            { kind: 'input', label: 'Message' },
            { kind: 'button', label: 'Submit' },
            { kind: 'button', label: 'Download CSV' },
            { kind: 'button', label: 'Order summary' },
          ],
        }),
      ]),
    );
    expect(odd.events.map((e) => e.name)).toEqual(['Page Viewed', 'Contact Us Form Submitted', 'CSV Downloaded']);
    expect(odd.events[1]?.properties.map((p) => p.name)).toEqual(['screen_name', 'message_length']);
    expect(odd.funnels).toEqual([]);
  });

  it('should make every navigation link one Navigation Clicked event with real examples, and a tab bar too', () => {
    const header = ['Shop', 'New In', 'Sale', 'Cart 1', 'D Goods'].map((label) => ({ kind: 'link' as const, label }));
    const tabs = ['Feed', 'Search', 'Profile'].map((label) => ({ kind: 'tab' as const, label }));
    const navigation = generateOfflinePlan(
      analysisOf(
        [
          pageSpec({ screenName: 'Feed', screenKind: 'content', order: 0, elements: [...header, ...tabs], actions: [{ kind: 'navigate', toScreen: 'Profile', atSec: 2 }] }),
          pageSpec({ screenName: 'Profile', screenKind: 'content', order: 1, elements: [...header, ...tabs, { kind: 'tab', label: 'Posts' }] }),
        ],
        { keyActions: [{ screenName: 'Feed', keyActions: ['Open Shop', 'Open Cart 1', 'Switch to Search', 'Go to Profile', 'Scroll the page'] }] },
      ),
    );
    expect(navigation.events.map((e) => e.name)).toEqual(['Page Viewed', 'Navigation Clicked', 'Tab Selected']);
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
    expect(eventNamed(withKeyActions, 'Signed Up').properties.map((p) => p.name)).toContain('remember_me');
  });

  it('should name a free key-action phrase only when it is recognised', () => {
    const phrased = generateOfflinePlan(
      analysisOf([pageSpec({ screenName: 'Catalogue', screenKind: 'listing', order: 0 })], {
        keyActions: [{ screenName: 'Catalogue', keyActions: ['Add a product to the cart', 'Browse the whole catalogue', 'Compare two products'] }],
      }),
    );
    expect(phrased.events.map((e) => e.name)).toEqual(['Page Viewed', 'Product List Viewed', 'Product Added']);
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
    expect(saas.events.map((e) => e.name)).toEqual(['Page Viewed', 'Signed In', 'CSV Exported']);
    expect(eventNamed(saas, 'Page Viewed').properties[0]?.description).toBe('Name of the page viewed, e.g. Login, Everything Your Team');
    expect(eventNamed(saas, 'Signed In').properties.map((p) => [p.name, p.example, p.pii])).toEqual([
      ['screen_name', 'Login', undefined],
      ['username', '', true],
      ['remember_me', 'true', undefined],
    ]);
    expect(saas.funnels[0]?.steps).toEqual(['Page Viewed', 'Signed In']);
  });

  it('should leave a recognised name to its event and fall back to the label for a button that would take it', () => {
    const shop = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Admin', screenKind: 'other', order: 0, elements: [{ kind: 'button', label: 'Add product' }] }),
        pageSpec({ screenName: 'Product', screenKind: 'product', order: 1, elements: [{ kind: 'button', label: 'Add to bag' }] }),
      ]),
    );
    expect(shop.events.map((e) => e.name)).toEqual(['Page Viewed', 'Add Product Clicked', 'Product Viewed', 'Product Added']);
  });

  it("should name a bare 'Start' after the screen it opens, and a lesson's 'Check' the answer checked", () => {
    const plan = (next: string) => generateOfflinePlan(analysisOf([
      pageSpec({ screenName: 'Learn', screenKind: 'other', order: 0, elements: [{ kind: 'button', label: 'Start' }], actions: [{ kind: 'click', target: 'Start', toScreen: next, atSec: 14 }] }),
      pageSpec({ screenName: next, screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: 'Write this in Spanish' }, { kind: 'button', label: 'Check' }] }),
    ])).events.map((e) => e.name);
    expect(plan('Lesson')).toEqual(expect.arrayContaining(['Lesson Started', 'Answer Checked']));
    // A screen named by a sentence is no thing to start.
    expect(plan('Which One Is the Coffee')).toContain('Learn Started');
    // The video did not show what the button opened: the one way on that is not a tab of the screen.
    const unseen = generateOfflinePlan(analysisOf([
      pageSpec({
        screenName: 'Learn', screenKind: 'other', order: 0,
        elements: [{ kind: 'button', label: 'Start' }, { kind: 'tab', label: 'Learn' }, { kind: 'tab', label: 'Leaderboard' }],
        actions: [{ kind: 'navigate', toScreen: 'Lesson', atSec: 14 }, { kind: 'navigate', toScreen: 'Leaderboard', atSec: 50 }],
      }),
      pageSpec({ screenName: 'Lesson', screenKind: 'other', order: 1, elements: [{ kind: 'button', label: 'Check' }] }),
      pageSpec({ screenName: 'Leaderboard', screenKind: 'other', order: 2, elements: [{ kind: 'tab', label: 'Learn' }, { kind: 'tab', label: 'Leaderboard' }] }),
    ])).events.map((e) => e.name);
    expect(unseen).toContain('Lesson Started');
    // Elsewhere a bare 'Check' is what was read of a longer label ('Check in' on a trip).
    const trip = generateOfflinePlan(analysisOf([
      pageSpec({ screenName: 'Manage', screenKind: 'other', order: 0, elements: [{ kind: 'heading', label: 'Your trip to Lisbon' }, { kind: 'button', label: 'Check' }] }),
    ])).events.map((e) => e.name);
    expect(trip).not.toContain('Answer Checked');
  });

  it("should name a product's photos opened over its page the gallery opened, with the photos it holds", () => {
    const plan = generateOfflinePlan(analysisOf([
      pageSpec({ screenName: 'Hotel Detail', screenKind: 'product', order: 0, actions: [{ kind: 'navigate', toScreen: 'Photo Gallery', atSec: 34 }] }),
      pageSpec({ screenName: 'Photo Gallery', screenKind: 'other', order: 1, elements: [{ kind: 'text', label: 'Deluxe Double Room with balcony 2 / 48' }], actions: [{ kind: 'navigate', toScreen: 'Hotel Detail', atSec: 39 }] }),
    ]));
    const opened = plan.events.find((event) => event.name === 'Photo Gallery Opened');
    expect(opened?.properties.find((p) => p.name === 'photo_count')?.example).toBe('48');
    // A gallery leads back to the product it shows: it is no list the product was picked from.
    expect(plan.events.map((event) => event.name)).not.toContain('Product List Viewed');
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
      'Page Viewed',
      'Signed In',
      'Navigation Clicked',
      'Projects Searched',
      'Projects Filtered',
      'New Project Clicked',
      'CSV Exported',
      'Signed Out',
      'Invite Sent',
    ]);
    // What the user typed in a search box may name a person: it is flagged as personal data, without example.
    expect(eventNamed(saas, 'Projects Searched').properties).toContainEqual(expect.objectContaining({ name: 'query', pii: true, example: '' }));
    expect(saas.events.flatMap((e) => e.properties).filter((p) => p.pii).map((p) => p.name)).toEqual([
      'username',
      'query',
      'username',
      'invitee_email',
    ]);
    expect(eventNamed(saas, 'Invite Sent').properties.map((p) => [p.name, p.required])).toEqual([
      ['screen_name', true],
      ['invitee_email', true],
      ['invitee_role', true],
    ]);
    expect(eventNamed(saas, 'Projects Filtered').properties.map((p) => [p.name, p.example])).toEqual([
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
        description: "Users moving through Login → Projects → Invite Members. The Page Viewed step is the Login page (page_name = 'Login').",
        steps: ['Page Viewed', 'Signed In', 'Invite Sent'],
      },
    ]);
  });

  it("should make a select showing its facet and value ('Status: Pending') a filter named after its list, and keep a form's select a field", () => {
    const desk = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Inbox', screenKind: 'other',
          order: 0,
          elements: [
            { kind: 'heading', label: 'Open conversations' },
            { kind: 'select', label: 'Status: Pending' },
            { kind: 'link', label: 'Inbox' },
            { kind: 'link', label: 'Tickets' },
            { kind: 'link', label: 'Reports' },
          ],
        }),
        pageSpec({
          screenName: 'Invite members', screenKind: 'other',
          order: 1,
          elements: [
            { kind: 'input', label: 'Email address' },
            { kind: 'select', label: 'Role' },
            { kind: 'button', label: 'Send invite' },
          ],
        }),
      ]),
    );
    expect(desk.events.map((e) => e.name)).toEqual(['Page Viewed', 'Inbox Filtered', 'Navigation Clicked', 'Invite Sent']);
    expect(eventNamed(desk, 'Inbox Filtered').properties.map((p) => [p.name, p.example])).toEqual([
      ['screen_name', 'Home'],
      ['filter_name', 'status'],
      ['filter_value', 'pending'],
    ]);
    expect(eventNamed(desk, 'Invite Sent').properties.map((p) => p.name)).toContain('invitee_role');
  });

  it("should take leaving a details step for its form sent, never a header's Sign in, and a list's count falling for a filter", () => {
    const header = [{ kind: 'button' as const, label: 'Sign in' }, { kind: 'link' as const, label: 'Help' }];
    const booking = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Search Results', screenKind: 'content', order: 0,
          elements: [...header, { kind: 'text', label: '48 dermatologists · Within 5 miles' }, { kind: 'text', label: '36 dermatologists · Within 5 miles' }],
          actions: [{ kind: 'navigate', toScreen: 'Patient Details', atSec: 9 }],
        }),
        pageSpec({
          screenName: 'Patient Details', screenKind: 'other', order: 1,
          elements: [...header, { kind: 'input', label: 'First name' }, { kind: 'input', label: 'Last name' }, { kind: 'button', label: 'Next available: Today' }],
          actions: [{ kind: 'type', target: 'First name', atSec: 12 }, { kind: 'navigate', toScreen: 'Review Booking', atSec: 20 }],
        }),
        pageSpec({ screenName: 'Review Booking', screenKind: 'other', order: 2, elements: header }),
      ]),
    );
    const bookingNames = booking.events.map((e) => e.name);
    expect(bookingNames).toContain('Patient Details Submitted');
    expect(bookingNames).toContain('Search Results Filtered');
    expect(bookingNames).not.toContain('Signed In');
    expect(bookingNames.filter((name) => /Next Available/.test(name))).toEqual([]);
    // A step's own 'Next: …' still sends it, though the header's button is on every page.
    const stepped = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Passenger Details', screenKind: 'other', order: 0,
          elements: [...header, { kind: 'input', label: 'Password' }, { kind: 'button', label: 'Next: seats' }],
          actions: [{ kind: 'navigate', toScreen: 'Seats', atSec: 20 }],
        }),
        pageSpec({ screenName: 'Seats', screenKind: 'other', order: 1, elements: header }),
        pageSpec({ screenName: 'Extras', screenKind: 'other', order: 2, elements: header }),
      ]),
    );
    expect(eventNamed(stepped, 'Passenger Details Submitted').trigger).toContain("'Next: seats'");
    // The header's 'Checkout' on every page does not send a details step left without its own button read.
    const chrome = [{ kind: 'button' as const, label: 'Checkout' }];
    const hotel = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Hotel Detail', screenKind: 'other', order: 0, elements: chrome, actions: [{ kind: 'navigate', toScreen: 'Booking Details', atSec: 5 }] }),
        pageSpec({
          screenName: 'Booking Details', screenKind: 'other', order: 1,
          elements: [...chrome, { kind: 'input', label: 'First name' }, { kind: 'input', label: 'Email address' }],
          actions: [{ kind: 'navigate', toScreen: 'Payment', atSec: 20 }],
        }),
        pageSpec({ screenName: 'Payment', screenKind: 'other', order: 2, elements: chrome }),
      ]),
    );
    expect(eventNamed(hotel, 'Booking Details Submitted').trigger).toBe('User sends the form on the Booking Details screen');
    // A count that stays or grows narrows nothing.
    const grown = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Search Results', screenKind: 'content', order: 0,
          elements: [{ kind: 'text', label: '36 dermatologists' }, { kind: 'text', label: '48 dermatologists' }, { kind: 'text', label: '2 nights' }],
        }),
      ]),
    );
    expect(grown.events.map((e) => e.name)).not.toContain('Search Results Filtered');
  });

  it("should take a bare 'Create' on a 'New <thing>' screen for the thing created", () => {
    const budgets = (label: string) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({ screenName: 'Budgets', screenKind: 'content', order: 0, actions: [{ kind: 'navigate', toScreen: 'New Budget', atSec: 3 }] }),
          pageSpec({ screenName: 'New Budget', screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: 'New budget' }, { kind: 'button', label }] }),
        ]),
      ).events.map((e) => e.name);
    expect(budgets('Create')).toContain('Budget Created');
    expect(budgets('Create')).not.toContain('Create Clicked');
    expect(budgets('Cancel')).not.toContain('Budget Created');
  });

  it("should take a shop's home a product was picked from for a product list, and a product left for the cart by an unread control for Product Added", () => {
    const shop = (moveToCart: AnalysedPageSpec['actions'][number]) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Home', screenKind: 'content',
            order: 0,
            elements: [{ kind: 'heading', label: 'Coffee time?' }, { kind: 'tab', label: 'Hot' }, { kind: 'tab', label: 'Iced' }],
            actions: [{ kind: 'navigate', toScreen: 'Oat Flat White', atSec: 12 }],
          }),
          pageSpec({
            screenName: 'Oat Flat White', screenKind: 'product',
            order: 1,
            elements: [{ kind: 'heading', label: 'Oat Flat White' }, { kind: 'tab', label: 'Small' }, { kind: 'tab', label: 'Large' }],
            actions: [moveToCart],
          }),
          pageSpec({ screenName: 'Cart', screenKind: 'cart', order: 2, elements: [{ kind: 'heading', label: 'Your order' }] }),
        ]),
      ).events.map((e) => e.name);
    const unread = shop({ kind: 'navigate', toScreen: 'Cart', atSec: 16 });
    expect(unread).toEqual(expect.arrayContaining(['Product List Viewed', 'Product Clicked', 'Product Viewed', 'Product Added', 'Cart Viewed']));
    // A cart link read as such is a way to the cart, not an addition to it.
    expect(shop({ kind: 'navigate', target: 'Cart', toScreen: 'Cart', atSec: 16 })).not.toContain('Product Added');
  });

  it('should take a cart or one product opened as a panel over a page for its view event, not its opening', () => {
    const names = (over: Pick<AnalysedPageSpec, 'screenName' | 'screenKind' | 'elements'>, target: string) =>
      generateOfflinePlan(analysisOf([pageSpec({ ...over, order: 0, actions: [{ kind: 'open_modal', target, atSec: 40.9 }] })])).events.map((e) => e.name);
    type Over = Parameters<typeof names>[0];
    const product: Over = { screenName: 'Product Detail', screenKind: 'product', elements: [{ kind: 'heading', label: 'Ridgeline Rain Jacket' }, { kind: 'button', label: 'Add to cart' }] };
    expect(names(product, 'Cart')).toContain('Cart Viewed');
    expect(names(product, 'Your cart drawer')).toContain('Cart Viewed');
    expect(names(product, 'Cart')).not.toContain('Cart Opened');
    expect(names(product, 'Size guide')).toContain('Size Guide Opened');
    // A dish's sheet over a restaurant's menu.
    const menu: Over = { screenName: 'Restaurant Menu', screenKind: 'listing', elements: [{ kind: 'heading', label: "Nonna's Pizzeria" }, { kind: 'tab', label: 'Mains' }] };
    expect(names(menu, 'Product Detail')).toEqual(expect.arrayContaining(['Product List Viewed', 'Product Viewed']));
    expect(names(menu, 'Product Detail')).not.toContain('Product Detail Opened');
    expect(names(menu, 'Allergens')).toContain('Allergens Opened');
  });

  /** The plan of a product whose one screen is its settings, with these controls and actions. */
  const settingsPlan = (elements: AnalysedPageSpec['elements'], actions: AnalysedPageSpec['actions'] = []) =>
    generateOfflinePlan(
      analysisOf([pageSpec({ screenName: 'Settings', screenKind: 'settings', order: 0, elements, actions })]),
    );

  it("should take a settings dialog named by the one setting it edits ('Reminder time'), saved, for that setting updated", () => {
    const dialog = (label: string, buttons: string[]) =>
      settingsPlan(
        [{ kind: 'heading', label: 'Settings' }, { kind: 'heading', label: 'Reminder time' }, ...buttons.map((b) => ({ kind: 'button' as const, label: b }))],
        [{ kind: 'open_modal', target: label, atSec: 3 }],
      ).events.map((e) => e.name);
    expect(dialog('Reminder Time', ['Cancel', 'Save'])).toEqual(expect.arrayContaining(['Reminder Time Updated']));
    expect(dialog('Reminder Time', ['Cancel', 'Save'])).not.toContain('Reminder Time Opened');
    // Nothing to save, or a dialog that does something ('Delete account'), is no setting changed.
    expect(dialog('Reminder Time', ['Close'])).toContain('Reminder Time Opened');
    expect(dialog('Delete Account', ['Cancel', 'Save'])).not.toContain('Delete Account Updated');
  });

  it("should take the confirmation a product shows once an invitation went ('Invite sent to …') for Invite Sent", () => {
    const confirmed = (element: AnalysedPageSpec['elements'][number]) =>
      settingsPlan([{ kind: 'button', label: 'Invite teammate' }, { kind: 'input', label: 'Role' }, element]);
    const toast = confirmed({ kind: 'button', label: 'Invite sent to' });
    expect(toast.events.map((e) => e.name)).toEqual(['Page Viewed', 'Invite Teammate Clicked', 'Invite Sent']);
    expect(eventNamed(toast, 'Invite Sent').properties.map((p) => [p.name, p.required])).toEqual([
      ['screen_name', true],
      ['invitee_email', true],
      ['invitee_role', true],
    ]);
    expect(confirmed({ kind: 'text', label: 'Invitation sent to maria@acme.shop' }).events.map((e) => e.name)).toContain('Invite Sent');
    expect(confirmed({ kind: 'text', label: 'Invite your whole team' }).events.map((e) => e.name)).not.toContain('Invite Sent');
  });

  it("should send what a notice that appeared says was done ('Promo applied'), once, and not a second event for an action the plan has", () => {
    const screen = (elements: AnalysedPageSpec['elements'], actions: AnalysedPageSpec['actions'] = []) =>
      generateOfflinePlan(analysisOf([pageSpec({ screenName: 'Choose Ride', screenKind: 'other', order: 0, elements, actions })]));
    const promo = screen([{ kind: 'heading', label: 'Choose a ride' }, { kind: 'text', label: 'Promo applied' }, { kind: 'text', label: 'Promo applied · 20% off' }]);
    expect(promo.events.map((e) => e.name)).toEqual(['Page Viewed', 'Promo Applied']);
    expect(eventNamed(promo, 'Promo Applied').properties.map((p) => p.name)).toEqual(['screen_name']);
    const sent = screen(
      [{ kind: 'button', label: 'Send message' }, { kind: 'text', label: 'Message sent to Marco' }],
      [{ kind: 'click', target: 'Send message', atSec: 3 }],
    );
    expect(sent.events.map((e) => e.name)).toEqual(['Page Viewed', 'Message Sent']);
    expect(screen([{ kind: 'text', label: 'Order placed' }]).events.map((e) => e.name)).not.toContain('Order Placed');
  });

  it('should send Article Viewed for a story of a publication, its headline the title example, one event for every article', () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Home', screenKind: 'content', order: 0, elements: [{ kind: 'heading', label: 'The Meridian' }] }),
        pageSpec({
          screenName: 'Article',
          screenKind: 'other',
          order: 1,
          elements: [{ kind: 'heading', label: "Europe's heatwave pushes power grids to the brink" }, { kind: 'button', label: 'Share' }],
        }),
      ]),
    );
    const viewed = eventNamed(plan, 'Article Viewed');
    expect(viewed.properties.map((p) => [p.name, p.example])).toEqual([
      ['article_id', ''],
      ['title', "Europe's heatwave pushes power grids to the brink"],
      ['category', ''],
    ]);
  });

  it("should take an e-mail address sent under a newsletter's name for Newsletter Subscribed, and a sign-up form asking more for Signed Up", () => {
    const article = (elements: AnalysedPageSpec['elements']) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Article',
            screenKind: 'other',
            order: 0,
            elements: [{ kind: 'heading', label: "Europe's heatwave pushes power grids to the brink" }, ...elements],
            actions: [{ kind: 'click', target: 'Sign up', atSec: 9 }],
          }),
        ]),
      );
    const briefing = article([{ kind: 'heading', label: 'The Morning Briefing' }, { kind: 'input', label: 'Email address' }, { kind: 'button', label: 'Sign up' }]);
    expect(briefing.events.map((e) => e.name)).toContain('Newsletter Subscribed');
    expect(briefing.events.map((e) => e.name)).not.toContain('Signed Up');
    expect(eventNamed(briefing, 'Newsletter Subscribed').properties.find((p) => p.name === 'newsletter_name')?.example).toBe('The Morning Briefing');
    const account = article([
      { kind: 'heading', label: 'The Morning Briefing' },
      { kind: 'input', label: 'Email address' },
      { kind: 'input', label: 'Password' },
      { kind: 'button', label: 'Sign up' },
    ]);
    expect(account.events.map((e) => e.name)).not.toContain('Newsletter Subscribed');
  });

  it("should take the allowing button of a phone's permission prompt for that permission granted, and other buttons for none", () => {
    const discover = (elements: AnalysedPageSpec['elements']) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Discover',
            screenKind: 'other',
            order: 0,
            elements: [{ kind: 'heading', label: 'Discover' }, ...elements],
            actions: [{ kind: 'click', target: 'Allow While Using App', atSec: 2 }],
          }),
        ]),
        'mobile_app',
      );
    const prompt = discover([
      { kind: 'heading', label: 'location?' },
      { kind: 'text', label: 'Gigly uses your location to show events near you' },
      { kind: 'button', label: 'Allow Once' },
      { kind: 'button', label: 'Allow While Using App' },
      { kind: 'button', label: "Don't Allow" },
    ]);
    const names = prompt.events.map((e) => e.name);
    expect(names.filter((name) => /Permission|Allow/.test(name))).toEqual(['Location Permission Granted']);
    expect(discover([{ kind: 'button', label: 'Allow While Using App' }]).events.map((e) => e.name)).not.toContain('Location Permission Granted');
    // The question unread, the prompt's own answers side by side name it; its 'Precise' switch is no dialog of the app.
    const unread = discover([
      { kind: 'button', label: 'Allow Once' },
      { kind: 'button', label: 'Allow While Using App' },
      { kind: 'button', label: "Don't Allow" },
      { kind: 'button', label: 'Precise' },
    ]).events.map((e) => e.name);
    expect(unread).toContain('Location Permission Granted');
    expect(unread.filter((name) => /Precise/.test(name))).toEqual([]);
  });

  it("should read a permission prompt's question wrapped over lines, the permission named on the next one", () => {
    const goal = (elements: AnalysedPageSpec['elements']) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Daily Goal',
            screenKind: 'other',
            order: 0,
            elements: [{ kind: 'heading', label: 'Pick a daily goal' }, ...elements, { kind: 'button', label: "Don't allow" }],
            actions: [],
          }),
        ]),
        'mobile_app',
      ).events.map((e) => e.name);
    // Android's dialog names the app in two words; iOS's alert puts the rest of its question on a line of its own.
    const android = goal([
      { kind: 'heading', label: 'Allow Lingo Leap to send you' },
      { kind: 'button', label: 'Notifications?' },
      { kind: 'button', label: 'Allow' },
    ]);
    expect(android).toContain('Notification Permission Granted');
    const ios = goal([
      { kind: 'heading', label: '“Stillpoint” Would Like to' },
      { kind: 'button', label: 'Send You Notifications' },
      { kind: 'button', label: 'Allow' },
    ]);
    expect(ios).toContain('Notification Permission Granted');
    // The question's wrapped line is no control of its own.
    expect(ios.filter((name) => /Notifications/.test(name))).toEqual([]);
    // A long line elsewhere that mentions notifications does not finish a question about something else.
    const unrelated = goal([
      { kind: 'heading', label: 'Allow Lingo Leap to access' },
      { kind: 'text', label: 'You can turn off notifications at any time in your settings' },
      { kind: 'button', label: 'Allow' },
    ]);
    expect(unrelated).not.toContain('Notification Permission Granted');
    // The system's own buttons are often unread: the question alone says what the app tracks.
    expect(goal([{ kind: 'heading', label: 'Allow Lingo Leap to send you' }])).toContain('Notification Permission Granted');
    // Its first line unread, the prompt's answers side by side and the line the question wraps onto say it.
    const unread = goal([{ kind: 'heading', label: 'Send You Notifications' }, { kind: 'button', label: 'Allow' }]);
    expect(unread).toContain('Notification Permission Granted');
    expect(unread.filter((name) => /Notifications/.test(name))).toEqual([]);
    expect(goal([{ kind: 'heading', label: 'Send You Notifications' }])).not.toContain('Notification Permission Granted');
  });

  it("should track the phone's permission prompt by its answer, not as a dialog the app opened", () => {
    const reminder = (heading: string) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Reminder',
            screenKind: 'other',
            order: 0,
            elements: [
              { kind: 'heading', label: 'When do you want to meditate?' },
              { kind: 'heading', label: heading },
              { kind: 'button', label: 'Send You Notifications' },
              { kind: 'button', label: 'Allow' },
            ],
            actions: [{ kind: 'open_modal', target: 'Stillpoint Would Like', atSec: 3 }],
          }),
        ]),
        'mobile_app',
      ).events.map((e) => e.name);
    const prompt = reminder('“Stillpoint” Would Like to');
    expect(prompt).toContain('Notification Permission Granted');
    expect(prompt.filter((name) => name.endsWith('Opened'))).toEqual(['Application Opened']);
    // A dialog of the app's own, titled like no prompt, is still opened.
    expect(reminder('Stillpoint Would Like You to Know')).toContain('Stillpoint Would Like Opened');
    // The question's first line unread, its wrapped rest taken for the dialog's title.
    const unread = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Reminder', screenKind: 'other', order: 0,
          elements: [{ kind: 'heading', label: 'Send You Notifications' }, { kind: 'button', label: "Don't Allow" }, { kind: 'button', label: 'Allow' }],
          actions: [{ kind: 'open_modal', target: 'Send You Notifications', atSec: 3 }],
        }),
      ]),
      'mobile_app',
    ).events.map((e) => e.name);
    expect(unread).toContain('Notification Permission Granted');
    expect(unread.filter((name) => name.endsWith('Opened'))).toEqual(['Application Opened']);
  });

  it("should take a phone app's call to start its free trial for its paywall, and a website's or a mere mention for none", () => {
    const screen = (productType: 'mobile_app' | 'website', elements: AnalysedPageSpec['elements']) =>
      generateOfflinePlan(
        analysisOf([pageSpec({ screenName: 'Premium', screenKind: 'other', order: 0, elements, actions: [] })]),
        productType,
      ).events.map((e) => e.name);
    const offer: AnalysedPageSpec['elements'] = [
      { kind: 'heading', label: 'Start your 7-day free trial' },
      { kind: 'text', label: 'Your plan for less stress and better sleep is ready.' },
    ];
    expect(screen('mobile_app', offer)).toContain('Paywall Viewed');
    expect(screen('mobile_app', [{ kind: 'heading', label: 'Super Lingo' }, { kind: 'heading', label: 'Try 2 weeks free' }])).toContain('Paywall Viewed');
    // Its way out without subscribing, a button that may read as a line of its own.
    expect(screen('mobile_app', [{ kind: 'heading', label: 'Try 2 weeks free' }, { kind: 'heading', label: 'No thanks' }])).toContain('Paywall Dismissed');
    expect(screen('mobile_app', [{ kind: 'heading', label: 'Try 2 weeks free' }])).not.toContain('Paywall Dismissed');
    expect(screen('mobile_app', [{ kind: 'heading', label: 'Settings' }, { kind: 'button', label: 'No thanks' }])).not.toContain('Paywall Dismissed');
    expect(screen('website', offer)).not.toContain('Paywall Viewed');
    const started = [{ kind: 'heading', label: "You're all set" }, { kind: 'text', label: 'Your 7-day free trial of Stillpoint Premium has started.' }] as const;
    expect(screen('mobile_app', [...started])).not.toContain('Paywall Viewed');
  });

  it("should take a phone app's Paywall for its page of plans: its free trial started there", () => {
    const names = (screenName: string) => generateOfflinePlan(
      analysisOf([pageSpec({
        screenName, screenKind: 'content', order: 0,
        elements: [{ kind: 'heading', label: 'Start your 7-day free trial' }, { kind: 'button', label: 'Start free trial' }],
        actions: [{ kind: 'click', target: 'Start free trial', atSec: 2 }],
      })]),
      'mobile_app',
    ).events.map((e) => e.name);
    expect(names('Paywall')).toContain('Trial Started');
    expect(names('Stillpoint')).not.toContain('Trial Started');
  });

  it("should send Paywall Viewed where a paywall stands in for the story, and drop an app store badge's first line", () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Article',
          screenKind: 'other',
          order: 0,
          elements: [
            { kind: 'heading', label: "You've reached your free article limit" },
            { kind: 'button', label: 'Subscribe now' },
            { kind: 'button', label: 'Get it on' },
          ],
        }),
      ]),
    );
    expect(eventNamed(plan, 'Paywall Viewed').properties.map((p) => [p.name, p.example])).toContainEqual(['paywall_type', 'metered']);
    expect(eventNamed(plan, 'Paywall Viewed').properties.find((p) => p.name === 'paywall_type')).toMatchObject({ type: 'enum', values: ['metered', 'hard', 'free_trial'] });
    expect(plan.events.map((e) => e.name)).not.toContain('Get It On Clicked');
  });

  it('should send Search Result Clicked for an article opened from the search results', () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Search Results',
          screenKind: 'search',
          order: 0,
          elements: [{ kind: 'heading', label: 'Search results for heat pumps' }, { kind: 'input', label: 'Search' }],
          actions: [{ kind: 'navigate', toScreen: 'Article', atSec: 6 }],
        }),
        pageSpec({ screenName: 'Article', screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: 'Heat pumps work even in bitter cold' }] }),
      ]),
    );
    expect(eventNamed(plan, 'Search Result Clicked').properties.map((p) => p.name)).toEqual(expect.arrayContaining(['query', 'position']));
  });

  it('should send Story Viewed for a story opened full screen', () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Home', screenKind: 'content', order: 0, elements: [{ kind: 'heading', label: 'Pixa' }] }),
        pageSpec({ screenName: 'Story', screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: 'earned this one' }] }),
      ]),
      'mobile_app',
    );
    expect(eventNamed(plan, 'Story Viewed').properties.map((p) => p.name)).toContain('story_id');
  });

  it("should take a cookie banner's answer for Cookie Consent Given, the answers it offers its values, and no click of its own", () => {
    const home = (elements: AnalysedPageSpec['elements']) =>
      generateOfflinePlan(
        analysisOf([
          pageSpec({
            screenName: 'Home',
            screenKind: 'content',
            order: 0,
            elements: [{ kind: 'heading', label: 'Good journalism, every morning' }, ...elements],
            actions: [{ kind: 'click', target: 'Accept all', atSec: 2 }],
          }),
        ]),
      );
    const banner = home([
      { kind: 'text', label: 'We use cookies' },
      { kind: 'button', label: 'Manage preferences' },
      { kind: 'button', label: 'Accept all' },
    ]);
    expect(banner.events.map((e) => e.name)).toEqual(['Page Viewed', 'Cookie Consent Given']);
    const choice = eventNamed(banner, 'Cookie Consent Given').properties.find((p) => p.name === 'consent_choice');
    expect(choice?.values).toEqual(['accept_all', 'custom']);
    expect(home([{ kind: 'button', label: 'Accept all' }]).events.map((e) => e.name)).not.toContain('Cookie Consent Given');
    const unread = home([{ kind: 'text', label: 'We use cookies' }, { kind: 'button', label: 'manage preferences' }]);
    expect(eventNamed(unread, 'Cookie Consent Given').properties.find((p) => p.name === 'consent_choice')?.values).toEqual(['accept_all', 'custom']);
  });

  it('should name what a button without an object did by the notice of the screen it led to, and not send that notice twice', () => {
    const shared = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Caption',
          screenKind: 'other',
          order: 0,
          elements: [{ kind: 'heading', label: 'Caption' }, { kind: 'button', label: 'Share' }],
          actions: [{ kind: 'navigate', toScreen: 'Home', atSec: 4 }],
        }),
        pageSpec({ screenName: 'Home', screenKind: 'other', order: 1, elements: [{ kind: 'text', label: 'Your post is shared' }] }),
      ]),
    );
    expect(shared.events.map((e) => e.name)).toEqual(['Page Viewed', 'Post Shared', 'Navigation Clicked']);
    const sent = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Payments',
          screenKind: 'other',
          order: 0,
          elements: [{ kind: 'button', label: 'Send money' }],
          actions: [{ kind: 'navigate', toScreen: 'Receipt', atSec: 4 }],
        }),
        pageSpec({ screenName: 'Receipt', screenKind: 'other', order: 1, elements: [{ kind: 'text', label: 'Transfer sent' }] }),
      ]),
    );
    expect(sent.events.map((e) => e.name)).toEqual(['Page Viewed', 'Money Sent', 'Navigation Clicked']);
    const transferred = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Ticket Detail',
          screenKind: 'other',
          order: 0,
          elements: [{ kind: 'heading', label: 'Transfer ticket' }, { kind: 'button', label: 'Send' }, { kind: 'text', label: 'Ticket transfer sent' }],
          actions: [{ kind: 'click', target: 'Send', atSec: 4 }],
        }),
      ]),
    );
    expect(transferred.events.map((e) => e.name)).toEqual(['Page Viewed', 'Ticket Viewed', 'Ticket Transfer Sent']);
  });

  it("should take a sign-in form sent with 'Sign in to continue' for Signed In", () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Login', screenKind: 'login',
          order: 0,
          elements: [{ kind: 'heading', label: 'Welcome back' }, { kind: 'input', label: 'Email' }, { kind: 'input', label: 'Password' }],
          actions: [{ kind: 'submit', target: 'Sign in to continue', toScreen: 'Today', atSec: 8 }],
        }),
        pageSpec({ screenName: 'Today', screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: 'Today' }] }),
      ]),
    );
    expect(plan.events.map((e) => e.name)).toContain('Signed In');
    expect(plan.events.map((e) => e.name)).not.toContain('Sign In To Continue Submitted');
  });

  it("should leave out a label the reader cut short ('Pay with', 'Discover We', 'Log') and a status badge ('Invite pending')", () => {
    const names = settingsPlan(
      ['Pay with', 'Discover We', 'Log', 'Invite pending', 'Export data'].map((label) => ({ kind: 'button' as const, label })),
    ).events.map((e) => e.name);
    expect(names).toContain('Data Exported');
    expect(names.filter((name) => /^(Pay With|Discover We|Log|Invite Pending)\b/.test(name))).toEqual([]);
  });

  it("should leave out a feature's promise read as a button ('Book faster next time', 'Book instantly, get reminders')", () => {
    const names = settingsPlan(
      ['Book faster next time', 'Book instantly, get reminders', 'Next available: Today', 'Book a table'].map((label) => ({ kind: 'button' as const, label })),
    ).events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Table Booked']));
    expect(names.filter((name) => /Faster|Instantly|Reminders|Available/.test(name))).toEqual([]);
  });

  it("should take a label cut at the edge of its box on one frame for the whole label read on another ('New pat', 'New patient')", () => {
    const names = settingsPlan(
      [{ kind: 'button', label: 'New patient' }, { kind: 'button', label: 'Subscribe for unlimited access' }, { kind: 'button', label: 'Subscribe for unlit' }],
      [{ kind: 'click', target: 'New pat', toScreen: 'Settings', atSec: 3 }],
    ).events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['New Patient Clicked', 'Subscribe For Unlimited Access Clicked']));
    expect(names.filter((name) => /\b(Pat|Unlit)\b/.test(name))).toEqual([]);
    // A shorter label of whole words is a control of its own.
    expect(settingsPlan(['Export', 'Export data'].map((label) => ({ kind: 'button' as const, label }))).events.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Data Exported']),
    );
  });

  it("should name a dialog for one thing ('Select dates') after that thing, not its opening", () => {
    const names = settingsPlan([{ kind: 'heading', label: 'Settings' }], [{ kind: 'open_modal', target: 'Select dates', atSec: 34.75 }]).events.map((e) => e.name);
    expect(names).toContain('Dates Selected');
    expect(names).not.toContain('Select Dates Opened');
  });

  it("should take an invitation's dialog opened with the address to send it to for Invite Sent, and a dialog without for none", () => {
    const dialog = (fields: string[]) =>
      settingsPlan(
        [{ kind: 'heading', label: 'Settings' }, ...fields.map((label) => ({ kind: 'input' as const, label }))],
        [{ kind: 'open_modal', target: 'Invite Teammate', atSec: 19.5 }],
      ).events.map((e) => e.name);
    expect(dialog(['Email address', 'Role'])).toEqual(['Page Viewed', 'Invite Sent']);
    expect(dialog(['Workspace name'])).toEqual(['Page Viewed', 'Invite Teammate Opened']);
  });

  it('should leave the rows of a data table out, and name a date range, a billing period, a plan choice and an FAQ', () => {
    const report = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Events', screenKind: 'dashboard',
          order: 0,
          elements: [
            { kind: 'select', label: 'Last 30 days' },
            { kind: 'link', label: 'Page Viewed' },
            { kind: 'button', label: 'Checkout Started' },
            { kind: 'button', label: 'Order Completed' },
            { kind: 'button', label: 'Checkout' },
            { kind: 'button', label: 'Checkout clicked legacy' },
          ],
        }),
        pageSpec({
          screenName: 'Pricing', screenKind: 'content',
          order: 1,
          elements: [
            { kind: 'tab', label: 'Monthly' },
            { kind: 'tab', label: 'Annual' },
            { kind: 'button', label: 'Choose Growth' },
            { kind: 'heading', label: 'Frequently asked questions' },
            { kind: 'text', label: 'What counts as a tracked user?' },
          ],
          actions: [{ kind: 'click', target: 'Choose Growth', toScreen: 'Sign Up', atSec: 4 }],
        }),
        pageSpec({ screenName: 'Sign Up', screenKind: 'signup', order: 2, elements: [{ kind: 'input', label: 'Work email' }] }),
      ]),
    );
    const names = report.events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Date Range Changed', 'Billing Period Changed', 'Plan Selected', 'FAQ Expanded']));
    expect(names.filter((name) => /Checkout|Order|Clicked/.test(name))).toEqual([]);
    expect(eventNamed(report, 'Billing Period Changed').properties.find((p) => p.name === 'billing_period')?.example).toBe('monthly');
    expect(eventNamed(report, 'Plan Selected').properties.find((p) => p.name === 'plan')?.example).toBe('growth');
  });

  it("should take a tab named after a screen ('Today' in a tab bar) for navigation, and a date range's tab elsewhere for a date range", () => {
    const plan = (screens: string[]) =>
      generateOfflinePlan(
        analysisOf(
          screens.map((screenName, order) =>
            pageSpec({
              screenName, screenKind: 'other', order,
              elements: [{ kind: 'heading', label: screenName }, { kind: 'tab', label: 'Today' }, { kind: 'tab', label: 'Explore' }],
            }),
          ),
        ),
        'mobile_app',
      ).events.map((e) => e.name);
    expect(plan(['Today', 'Explore'])).not.toContain('Date Range Changed');
    expect(plan(['Report'])).toContain('Date Range Changed');
  });

  it('should tell a phone app by a tab bar named after its screens, and name what its screens do', () => {
    const tabBar = [{ kind: 'tab' as const, label: 'Today' }, { kind: 'tab' as const, label: 'Workouts' }, { kind: 'tab' as const, label: 'Progress' }];
    const app = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Workouts', screenKind: 'listing',
          order: 0,
          elements: [...tabBar, { kind: 'tab', label: 'All' }, { kind: 'tab', label: 'Strength' }, { kind: 'button', label: 'Start workout' }],
        }),
        pageSpec({ screenName: 'Select Dates', screenKind: 'other', order: 1, elements: [{ kind: 'button', label: 'Continue' }], actions: [{ kind: 'navigate', toScreen: 'Workout Complete', atSec: 3 }] }),
        pageSpec({ screenName: 'Workout Complete', screenKind: 'other', order: 2, actions: [{ kind: 'navigate', toScreen: 'Progress', atSec: 5 }] }),
        pageSpec({ screenName: 'Progress', screenKind: 'other', order: 3, elements: tabBar }),
      ]),
    );
    const names = app.events.map((e) => e.name);
    expect(names).toContain('Screen Viewed');
    expect(names).toEqual(expect.arrayContaining(['Category Selected', 'Workout Started', 'Dates Selected', 'Workout Completed']));
    expect(names).not.toContain('Continue Clicked');
  });

  it("should complete what a screen confirms ('Transfer Confirmation'), send what it says was done ('Tour Requested'), and leave an order's or a booking's to their own events", () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Transfer', screenKind: 'other', order: 0, actions: [{ kind: 'navigate', toScreen: 'Transfer Confirmation', atSec: 3 }] }),
        pageSpec({ screenName: 'Transfer Confirmation', screenKind: 'other', order: 1 }),
        pageSpec({ screenName: 'Booking Confirmation', screenKind: 'other', order: 2 }),
        pageSpec({ screenName: 'Tour Requested', screenKind: 'other', order: 3 }),
      ]),
    );
    const names = plan.events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Transfer Completed', 'Tour Requested']));
    expect(eventNamed(plan, 'Transfer Completed').description).toBe('A transfer is completed.');
    expect(names).not.toContain('Booking Completed');
  });

  it("should take chips that narrow an app's list ('All', 'Strength', 'Cardio') for that list filtered, the chips its values, and a screen's own tabs for tabs", () => {
    const plan = generateOfflinePlan(
      analysisOf([
        pageSpec({ screenName: 'Workouts', screenKind: 'other', order: 0, elements: ['All', 'Strength', 'Cardio'].map((label) => ({ kind: 'tab' as const, label })) }),
        pageSpec({ screenName: 'Workout Detail', screenKind: 'other', order: 1, elements: ['Overview', 'Exercises', 'Reviews'].map((label) => ({ kind: 'tab' as const, label })) }),
        // 'All' read on another screen as well, as a link.
        pageSpec({ screenName: 'Active Workout', screenKind: 'other', order: 2, elements: [{ kind: 'link', label: 'All' }, { kind: 'tab', label: 'All' }] }),
      ]),
    );
    const names = plan.events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Workouts Filtered', 'Tab Selected']));
    expect(eventNamed(plan, 'Workouts Filtered').properties.find((p) => p.name === 'filter_value')).toMatchObject({
      type: 'enum',
      values: ['all', 'strength', 'cardio'],
      example: 'strength',
    });
    expect(eventNamed(plan, 'Tab Selected').properties.find((p) => p.name === 'tab_name')?.example).toBe('Overview');
    // The lit 'All', filled, read as a button beside the rest of the row.
    const lit = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Explore', screenKind: 'other', order: 0,
          elements: [{ kind: 'button', label: 'All' }, ...['Stress', 'Focus', 'Anxiety'].map((label) => ({ kind: 'tab' as const, label }))],
        }),
      ]),
    );
    // A screen not named by what it lists: the category chosen.
    expect(lit.events.map((e) => e.name)).toContain('Category Selected');
    expect(eventNamed(lit, 'Category Selected').properties.find((p) => p.name === 'category')).toMatchObject({ values: ['all', 'stress', 'focus', 'anxiety'], example: 'stress' });
    expect(lit.events.map((e) => e.name)).not.toContain('Tab Selected');
    // Each chip, a filled pill when lit, read as a button on another frame of the screen: still a chip.
    const pills = generateOfflinePlan(
      analysisOf([
        pageSpec({
          screenName: 'Explore', screenKind: 'other', order: 0,
          elements: [{ kind: 'button', label: 'All' }, ...['Stress', 'Focus', 'Anxiety'].flatMap((label) => [{ kind: 'tab' as const, label }, { kind: 'button' as const, label }])],
        }),
      ]),
    );
    expect(eventNamed(pills, 'Category Selected').properties.find((p) => p.name === 'category')).toMatchObject({ values: ['all', 'stress', 'focus', 'anxiety'] });
    expect(pills.events.map((e) => e.name)).not.toContain('Stress Clicked');
  });

  it("should start what a screen under way shows ('Active Workout'), once though its start button was read too, and finish it at its done screen", () => {
    const screens = (startButton: boolean) => analysisOf([
      pageSpec({
        screenName: 'Workout Detail', screenKind: 'other', order: 0,
        elements: startButton ? [{ kind: 'button', label: 'Start workout' }] : [],
        actions: [{ kind: 'navigate', toScreen: 'Active Workout', atSec: 3 }],
      }),
      pageSpec({ screenName: 'Active Workout', screenKind: 'other', order: 1, elements: [{ kind: 'button', label: 'Finish workout' }], actions: [{ kind: 'navigate', toScreen: 'Workout Complete', atSec: 8 }] }),
      pageSpec({ screenName: 'Workout Complete', screenKind: 'other', order: 2 }),
    ]);
    for (const startButton of [false, true]) {
      const names = generateOfflinePlan(screens(startButton)).events.map((e) => e.name);
      expect(names.filter((name) => name === 'Workout Started')).toHaveLength(1);
      expect(names).toContain('Workout Completed');
      // The buttons that start and finish it are how, not events of their own.
      expect(names).not.toEqual(expect.arrayContaining(['Start Workout Clicked']));
      expect(names).not.toContain('Workout Finished');
    }
  });

  it("should start an application at its form ('Apply now' to Job Application), and only at a form", () => {
    const screens = (fields: boolean) => analysisOf([
      pageSpec({
        screenName: 'Job Detail', screenKind: 'product', order: 0,
        elements: [{ kind: 'button', label: 'Apply now' }],
        actions: [{ kind: 'click', target: 'Apply now', toScreen: 'Job Application', atSec: 3 }],
      }),
      pageSpec({
        screenName: 'Job Application', screenKind: 'other', order: 1,
        elements: fields ? [{ kind: 'input', label: 'First name' }, { kind: 'input', label: 'Email' }, { kind: 'button', label: 'Submit application' }] : [],
        actions: [{ kind: 'navigate', toScreen: 'Application Submitted', atSec: 9 }],
      }),
      pageSpec({ screenName: 'Application Submitted', screenKind: 'other', order: 2 }),
    ]);
    const names = generateOfflinePlan(screens(true)).events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Application Started', 'Application Submitted']));
    expect(names).not.toContain('Apply Now Clicked');
    expect(generateOfflinePlan(screens(false)).events.map((e) => e.name)).not.toContain('Application Started');
  });

  it("should start a booking where its button opens the form to fill in ('Book an appointment'), and book it nowhere else", () => {
    const plan = (next: string, fields: boolean) => generateOfflinePlan(analysisOf([
      pageSpec({
        screenName: 'Doctor Profile', screenKind: 'other', order: 0,
        elements: [{ kind: 'button', label: 'Book an appointment' }],
        actions: [{ kind: 'navigate', toScreen: next, atSec: 3 }],
      }),
      pageSpec({
        screenName: next, screenKind: 'other', order: 1,
        elements: fields ? [{ kind: 'input', label: 'First name' }, { kind: 'input', label: 'Phone' }] : [],
      }),
    ])).events.map((e) => e.name);
    expect(plan('Patient Details', true)).toContain('Appointment Booking Started');
    expect(plan('Patient Details', true)).not.toContain('Appointment Booked');
    expect(plan('Booking Confirmation', true)).not.toContain('Appointment Booking Started');
    expect(plan('Patient Details', false)).not.toContain('Appointment Booking Started');
  });

  it('should confirm a booking at its confirmation where no checkout took a payment, and leave a paid one to Order Completed', () => {
    const plan = (paid: boolean) => generateOfflinePlan(analysisOf([
      pageSpec({ screenName: 'Patient Details', screenKind: paid ? 'checkout' : 'other', order: 0, elements: [{ kind: 'input', label: paid ? 'Card number' : 'First name' }] }),
      pageSpec({ screenName: 'Booking Confirmation', screenKind: 'other', order: 1, elements: [{ kind: 'heading', label: "You're booked" }] }),
    ])).events.map((e) => e.name);
    expect(plan(false)).toContain('Booking Confirmed');
    expect(plan(true)).not.toContain('Booking Confirmed');
  });

  it('should generate a 20-screen product quickly with every name unique', () => {
    const started = performance.now();
    const large = generateOfflinePlan(largeAnalysis(20));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(large.events.filter((e) => e.category === 'page_view').map((e) => e.name)).toEqual(['Page Viewed']);
    const all = large.events.map((e) => e.name);
    expect(new Set(all).size).toBe(all.length);
    expect(large.funnels.map((f) => f.name)).toEqual(['Setup']);
  });
});
