import { PROPERTY_NAME_PATTERN } from '@tracklens/contracts';
import { analysisOf, pageSpec } from '../testing/analysis.factory';
import { examplesOf } from './plan-properties';
import { screensOf, type Interaction, type Screen, type ScreenKind } from './plan-screens';
import { lifecycleEvents, noticedEventsOf, recognise, screenEventsOf, semanticViewOf } from './plan-vocabulary';

/** A settled screen of `kind` with these elements, as the generator sees it. */
function screenOf(kind: Parameters<typeof pageSpec>[0]['screenKind'], elements: Parameters<typeof pageSpec>[0]['elements'] = [], screenName = 'Screen'): Screen {
  const [screen] = screensOf(analysisOf([pageSpec({ screenName, screenKind: kind, elements })]));
  if (!screen) throw new Error('no screen');
  return screen;
}

const shop = examplesOf([screenOf('product', [], 'Linen Overshirt')]);

function named(screen: Screen, interaction: Partial<Interaction> & Pick<Interaction, 'label'>, destination: ScreenKind | null = null) {
  const full: Interaction = { kind: 'click', toScreen: null, seen: true, ...interaction };
  return recognise({ interaction: full, screen, submitsForm: full.kind === 'submit', examples: shop, destination })?.name ?? null;
}

describe('plan vocabulary', () => {
  it('should name e-commerce actions with the spec names', () => {
    const product = screenOf('product');
    const cart = screenOf('cart');
    const checkout = screenOf('checkout');
    expect(named(product, { label: 'Add to bag' })).toBe('Product Added');
    expect(named(cart, { label: 'Remove' })).toBe('Product Removed');
    expect(named(product, { label: 'Add to Wishlist' })).toBe('Product Added To Wishlist');
    expect(named(cart, { label: 'Add To Your Calendar' })).toBe('Calendar Event Added');
    expect(named(cart, { label: 'Add to Apple Wallet' })).toBe('Wallet Pass Added');
    expect(named(product, { label: 'Add to playlist' })).toBe(`${shop.itemNoun} Added To Playlist`);
    expect(named(product, { label: 'Share' })).toBe('Product Shared');
    expect(named(product, { label: 'Write a review' })).toBe('Product Reviewed');
    expect(named(screenOf('listing'), { label: '', kind: 'navigate' }, 'product')).toBe('Product Clicked');
    expect(named(screenOf('listing'), { label: 'Select' })).toBe('Product Clicked');
    expect(named(screenOf('listing'), { label: 'See availability' })).toBe('Product Clicked');
    expect(named(screenOf('other'), { label: 'Select' })).toBeNull();
    expect(named(screenOf('listing'), { label: 'Sort by Price', kind: 'select' })).toBe('Product List Filtered');
    expect(named(screenOf('listing'), { label: 'Filter by size', kind: 'select' })).toBe('Product List Filtered');
    expect(named(screenOf('content'), { label: 'Search products', kind: 'input' })).toBe('Products Searched');
    expect(named(cart, { label: 'Proceed to checkout' })).toBe('Checkout Started');
    expect(named(checkout, { label: 'Continue to payment' })).toBe('Checkout Step Completed');
    expect(named(checkout, { label: 'Continue', kind: 'submit' }, 'checkout')).toBe('Checkout Step Completed');
    expect(named(checkout, { label: 'Place order', kind: 'submit' })).toBe('Order Completed');
    expect(named(cart, { label: 'Apply coupon' })).toBe('Coupon Applied');
    expect(named(screenOf('content', [], 'Home'), { label: 'Shop now' })).toBe('Promotion Clicked');
  });

  it('should name B2B SaaS and video actions with the spec names', () => {
    const other = screenOf('other');
    expect(named(screenOf('signup', [{ kind: 'input', label: 'Email' }]), { label: 'Create account', kind: 'submit' })).toBe('Signed Up');
    expect(named(screenOf('login'), { label: 'Log in', kind: 'submit' })).toBe('Signed In');
    expect(named(other, { label: 'Log out' })).toBe('Signed Out');
    expect(named(other, { label: 'Send invite', kind: 'submit' })).toBe('Invite Sent');
    expect(named(other, { label: 'Create workspace' })).toBe('Account Created');
    expect(named(screenOf('settings'), { label: 'Delete account' })).toBe('Account Deleted');
    expect(named(screenOf('dashboard'), { label: 'Start free trial' })).toBe('Trial Started');
    expect(named(screenOf('dashboard'), { label: 'Start 7-day free trial' })).toBe('Trial Started');
    expect(named(other, { label: 'Play video' })).toBe('Video Playback Started');
    // 'Sign Up' on a landing page opens the form; it is not the sign-up itself.
    expect(named(screenOf('content', [], 'Home'), { label: 'Sign Up' })).toBeNull();
  });

  it('should give Signed Up the spec properties of the fields its form shows, personal ones flagged pii without examples', () => {
    const signUp = screenOf('signup', [
      { kind: 'input', label: 'First name' },
      { kind: 'input', label: 'Last name' },
      { kind: 'input', label: 'Work email' },
      { kind: 'input', label: 'Phone' },
      { kind: 'input', label: 'Job title' },
      { kind: 'input', label: 'Password' },
    ]);
    const recognised = recognise({
      interaction: { kind: 'submit', label: 'Sign up', toScreen: null, seen: true },
      screen: signUp,
      submitsForm: true,
      examples: shop,
    });
    expect(recognised?.properties.map((p) => [p.name, p.pii ?? false, p.example])).toEqual([
      ['type', false, 'organic'],
      ['email', true, ''],
      ['first_name', true, ''],
      ['last_name', true, ''],
      ['title', false, 'Head of Growth'],
      ['phone', true, ''],
    ]);
    // The form's own fields are the spec's properties, not derivatives beside them.
    expect(signUp.fields.filter((field) => recognised?.coversField?.(field.label)).map((field) => field.label)).toEqual([
      'First name',
      'Last name',
      'Work email',
      'Phone',
      'Job title',
    ]);
  });

  it("should answer the spec's view event of each kind of screen, and none for the others", () => {
    const view = (kind: Parameters<typeof screenOf>[0], step = 0) => semanticViewOf(screenOf(kind), shop, step)?.name ?? null;
    expect(view('listing')).toBe('Product List Viewed');
    expect(view('product')).toBe('Product Viewed');
    expect(view('cart')).toBe('Cart Viewed');
    expect(view('checkout', 1)).toBe('Checkout Started');
    expect(view('checkout', 2)).toBe('Checkout Step Viewed');
    expect(view('search')).toBe('Products Searched');
    expect(view('dashboard')).toBeNull();
    expect(view('content')).toBeNull();
    const issue = semanticViewOf(screenOf('other', [], 'Issue Detail'), shop, 0);
    expect(issue?.name).toBe('Issue Viewed');
    expect(issue?.properties.map((p) => p.name)).toEqual(['issue_id']);
    expect(semanticViewOf(screenOf('content', [], 'User Profile'), shop, 0)?.name).toBe('Profile Viewed');
    expect(semanticViewOf(screenOf('other', [], 'Patient Details'), shop, 0)).toBeNull();
    expect(semanticViewOf(screenOf('content', [], 'Profile'), shop, 0)).toBeNull();
    // A profile of one of the catalogue's people is that person viewed, by id; the user's own is no record.
    const doctor = semanticViewOf(screenOf('content', [], 'Doctor Profile'), shop, 0);
    expect([doctor?.name, doctor?.properties.map((p) => p.name)]).toEqual(['Doctor Viewed', ['doctor_id']]);
    expect(semanticViewOf(screenOf('content', [], 'My Profile'), shop, 0)).toBeNull();
    const form = [{ kind: 'input' as const, label: 'Campaign name' }];
    expect(semanticViewOf(screenOf('other', form, 'New Campaign'), shop, 0)?.name).toBe('Campaign Creation Started');
    expect(semanticViewOf(screenOf('other', [], 'New Releases'), shop, 0)).toBeNull();
    const cart = semanticViewOf(screenOf('cart'), shop, 0);
    expect(cart?.properties).toContainEqual(expect.objectContaining({ name: 'products', type: 'array', items: 'object' }));
    const started = semanticViewOf(screenOf('checkout'), shop, 1);
    expect(started?.properties.map((p) => p.name)).toEqual(['order_id', 'value', 'revenue', 'currency', 'products']);
  });

  it('should add Payment Info Entered, Coupon Entered and Promotion Viewed where the screen shows them', () => {
    const checkout = screenOf('checkout', [
      { kind: 'input', label: 'Card number' },
      { kind: 'input', label: 'Promo code' },
    ]);
    expect(screenEventsOf(checkout, shop, 'website').map((e) => e.name)).toEqual(['Payment Info Entered', 'Coupon Entered']);
    const home = screenOf('content', [{ kind: 'heading', label: 'Summer sale' }, { kind: 'button', label: 'Shop the sale' }], 'Home');
    expect(screenEventsOf(home, shop, 'website').map((e) => [e.name, e.properties.find((p) => p.name === 'name')?.example])).toEqual([
      ['Promotion Viewed', 'Summer sale'],
    ]);
    expect(screenEventsOf(screenOf('checkout', [{ kind: 'input', label: 'Email' }]), shop, 'website')).toEqual([]);
    // A booking's payment step, whatever the analysis called it, asks for the card itself.
    const card = [{ kind: 'input' as const, label: 'Card number' }, { kind: 'input' as const, label: 'Expiration date' }];
    expect(screenEventsOf(screenOf('other', card, 'Book Payment'), shop, 'website').map((e) => e.name)).toEqual(['Payment Info Entered']);
    expect(screenEventsOf(screenOf('other', [card[0]!], 'Gift Cards'), shop, 'website')).toEqual([]);
  });

  it("should start a phone app's onboarding where its welcome is left for anything but signing in", () => {
    const [welcome] = screensOf(
      analysisOf([
        pageSpec({ screenName: 'Find Calm', screenKind: 'other', order: 0, elements: [{ kind: 'link', label: 'Already have an account' }] }),
        pageSpec({ screenName: 'Goals', screenKind: 'other', order: 1 }),
      ]),
    );
    if (!welcome) throw new Error('no screen');
    expect(welcome.kind).toBe('welcome');
    expect(screenEventsOf({ ...welcome, exits: ['goals'] }, shop, 'mobile_app').map((e) => e.name)).toEqual(['Onboarding Started']);
    expect(screenEventsOf({ ...welcome, exits: ['login'] }, shop, 'mobile_app')).toEqual([]);
    expect(screenEventsOf({ ...welcome, exits: ['goals'] }, shop, 'website')).toEqual([]);
  });

  it('should take moving on from a question screen that says how many to pick for choosing them', () => {
    const question = screenOf('other', [{ kind: 'heading', label: 'What would you like to work on?' }, { kind: 'text', label: 'Pick at least one goal' }], 'Goals');
    const moved = { ...question, exits: ['experience'] };
    expect(screenEventsOf(moved, shop, 'mobile_app').map((e) => e.name)).toEqual(['Goal Selected']);
    expect(screenEventsOf(question, shop, 'mobile_app')).toEqual([]);
    const topics = screenOf('other', [{ kind: 'text', label: 'Choose up to 3 topics' }], 'Topics');
    expect(screenEventsOf({ ...topics, exits: ['home'] }, shop, 'mobile_app').map((e) => e.name)).toEqual(['Topic Selected']);
  });

  it("should take moving on from an onboarding's question for answering it, and from its last step for completing it", () => {
    const experience = screenOf('other', [{ kind: 'heading', label: 'How much have you meditated before?' }], 'Onboarding Experience');
    const next = { ...experience, exits: ['onboarding reminder'] };
    expect(screenEventsOf(next, shop, 'mobile_app').map((e) => e.name)).toEqual(['Experience Selected']);
    expect(screenEventsOf(experience, shop, 'mobile_app')).toEqual([]);
    const reminder = screenOf('other', [{ kind: 'heading', label: 'When do you want to meditate?' }], 'Onboarding Reminder');
    expect(screenEventsOf({ ...reminder, exits: ['create account'] }, shop, 'mobile_app').map((e) => e.name)).toEqual(['Onboarding Completed', 'Reminder Selected']);
    const step = screenOf('other', [{ kind: 'heading', label: 'Invite your team' }], 'Onboarding Step 2');
    expect(screenEventsOf({ ...step, exits: ['dashboard'] }, shop, 'website').map((e) => e.name)).toEqual(['Onboarding Completed']);
    expect(screenEventsOf({ ...step, exits: ['onboarding step 3'] }, shop, 'website')).toEqual([]);
  });

  it("should complete the order where a delivery's order is tracked after it was placed", () => {
    const [, tracking] = screensOf(
      analysisOf([
        pageSpec({ screenName: 'Checkout', screenKind: 'checkout', order: 0 }),
        pageSpec({ screenName: 'Order Tracking', screenKind: 'checkout', order: 1 }),
      ]),
    );
    if (!tracking) throw new Error('no screen');
    expect(tracking.kind).toBe('order_confirmation');
    expect(screenEventsOf(tracking, shop, 'mobile_app').map((e) => e.name)).toEqual(['Order Completed']);
  });

  it('should name a sort outside a shop by the list it sorts, as its filters are', () => {
    const results = screenOf('search', [], 'Search Results');
    const clinic = examplesOf([results]);
    const interaction: Interaction = { kind: 'select', label: 'Sort by: Highest rated', toScreen: null, seen: true };
    const sorted = recognise({ interaction, screen: results, submitsForm: false, examples: clinic });
    expect([sorted?.name, sorted?.properties.map((p) => [p.name, p.example])]).toEqual(['Search Results Sorted', [['sort_by', 'highest_rated']]]);
    // In a shop it is the spec's one event for filters and sorts.
    expect(recognise({ interaction, screen: results, submitsForm: false, examples: shop })?.name).toBe('Product List Filtered');
  });

  it("should take a menu that sends what is shown somewhere ('Add to calendar ▾') for a control, not a form's field", () => {
    const confirmation = screenOf('other', [{ kind: 'select', label: 'Add to calendar' }, { kind: 'select', label: 'Country' }], 'Booking Confirmation');
    expect(confirmation.fields.map((field) => field.label)).toEqual(['Country']);
    const menu = confirmation.interactions.find((i) => i.label === 'Add to calendar');
    expect(menu && named(confirmation, menu)).toBe('Calendar Event Added');
  });

  it("should take 'Apply' beside a promo code's field for a coupon applied, on whatever screen takes the payment", () => {
    const payment = screenOf('other', [{ kind: 'input', label: 'Card number' }, { kind: 'input', label: 'Promo code' }, { kind: 'button', label: 'Apply' }], 'Booking Payment');
    expect(named(payment, { label: 'Apply' })).toBe('Coupon Applied');
    expect(named(screenOf('other', [{ kind: 'input', label: 'Job title' }], 'Job Detail'), { label: 'Apply' })).not.toBe('Coupon Applied');
  });

  it('should take the plural counted most often for what a list holds, never a word that only ends in s', () => {
    const texts = (...labels: string[]) => examplesOf([screenOf('other', labels.map((label) => ({ kind: 'text' as const, label })), 'Goals')]);
    expect(texts('£312.40 this month', '£18.20 this week', 'across 3 goals').itemNoun).toBe('Goal');
    expect(texts('£312.40 this month', '2 bonus').itemNoun).toBe('Item');
    // Never counted, what a kind of product calls its items, by the words it shows.
    expect(texts('Popular albums', 'Add to playlist').itemNoun).toBe('Track');
    expect(texts('Popular albums', '412 songs').itemNoun).toBe('Song');
  });

  it('should take moving on from a screen named for what is picked on it for picking it', () => {
    const picker = screenOf('other', [{ kind: 'text', label: 'Spanish' }, { kind: 'text', label: 'French' }], 'Language Selection');
    expect(screenEventsOf({ ...picker, exits: ['pick daily goal'] }, shop, 'mobile_app').map((e) => e.name)).toEqual(['Language Selected']);
  });

  it("should take 'Allow' on another service's consent screen for its data shared, and leave a phone's permission prompt its own", () => {
    const consent = screenOf('other', [
      { kind: 'text', label: 'Pennywise would like to access' },
      { kind: 'heading', label: 'your Monzo data' },
      { kind: 'button', label: 'Allow' },
    ], 'Monzo Data');
    const allow = recognise({ interaction: { kind: 'click', label: 'Allow', toScreen: null, seen: true }, screen: consent, submitsForm: false, examples: shop });
    expect(allow?.name).toBe('Data Access Granted');
    expect(allow?.properties.find((p) => p.name === 'provider')?.example).toBe('Monzo');
    const prompt = screenOf('other', [{ kind: 'heading', label: '“Gigly” would like to use your location' }, { kind: 'button', label: 'Allow' }], 'Discover');
    expect(named(prompt, { label: 'Allow' })).toBe('Location Permission Granted');
    // Without a question asked, 'Allow' is no consent.
    expect(named(screenOf('other', [{ kind: 'text', label: 'Your data' }], 'Privacy'), { label: 'Allow' })).not.toBe('Data Access Granted');
  });

  it("should take a notice that settings were kept ('Settings saved') for Settings Updated, as their Save is, and other notices for what they say", () => {
    const settings = screenOf('settings', [{ kind: 'text', label: 'Settings saved' }, { kind: 'text', label: 'Note saved' }], 'Settings');
    expect(noticedEventsOf(settings).map((e) => e.name)).toEqual(['Settings Updated', 'Note Saved']);
    expect(named(settings, { label: 'Save changes' })).toBe('Settings Updated');
    expect(noticedEventsOf(screenOf('settings', [{ kind: 'text', label: 'Changes discarded' }], 'Settings')).map((e) => e.name)).not.toContain('Settings Updated');
  });

  it("should name an app's search by what its box says it searches ('Search 2,400 banks' → Banks Searched), else a search performed, and a shop's by its products", () => {
    const app = examplesOf([screenOf('other', [], 'Bank Selection')]);
    const search = (label: string, examples = app) =>
      recognise({ interaction: { kind: 'input', label, toScreen: null, seen: true }, screen: screenOf('other', [], 'Bank Selection'), submitsForm: false, examples })?.name;
    expect(search('Search 2,400 banks')).toBe('Banks Searched');
    expect(search('Search 240 workout')).toBe('Workouts Searched');
    expect(search('Search merchants, notes or amounts')).toBe('Search Performed');
    expect(search('Search music')).toBe('Search Performed');
    expect(search('Search')).toBe('Search Performed');
    expect(search('Search 2,400 banks', shop)).toBe('Products Searched');
  });

  it("should name a button that follows the option chosen by the thing chosen ('Confirm Economy' on Ride Selection: Ride Confirmed)", () => {
    const options = [{ kind: 'button' as const, label: 'Confirm Comfort' }, { kind: 'button' as const, label: 'Confirm Economy' }];
    const rides = screenOf('other', options, 'Ride Selection');
    const event = recognise({ interaction: { kind: 'submit', label: 'Confirm Economy', toScreen: null, seen: true }, screen: rides, submitsForm: true, examples: shop, destination: null });
    expect(event?.name).toBe('Ride Confirmed');
    expect(event?.properties[0]).toMatchObject({ name: 'ride_type', type: 'enum', values: ['comfort', 'economy'], example: 'economy' });
    // One option's button alone, or a screen not for choosing, names no such event.
    expect(named(screenOf('other', options.slice(1), 'Ride Selection'), { label: 'Confirm Economy' })).not.toBe('Ride Confirmed');
    expect(named(screenOf('other', options, 'Trip Details'), { label: 'Confirm Economy' })).toBeNull();
  });

  it("should name a button that reaches a person by the part they play, never by their name ('Contact Marco': Driver Contacted)", () => {
    const lines = [
      { kind: 'heading' as const, label: 'Your driver is on the way' },
      { kind: 'text' as const, label: 'Message sent to Marco' },
    ];
    const driver = screenOf('other', lines, 'Driver on the Way');
    expect(named(driver, { label: 'Contact Marco', kind: 'open_modal' })).toBe('Driver Contacted');
    // Without a name the screen writes as a name (the button's own words are no proof), or without a part, no such event.
    const unnamed = screenOf('other', [lines[0]!, { kind: 'text', label: 'Contact Marco' }], 'Driver on the Way');
    expect(named(unnamed, { label: 'Contact Marco', kind: 'open_modal' })).toBeNull();
    expect(named(screenOf('other', [{ kind: 'text', label: 'Message sent to Marco' }], 'Trip'), { label: 'Contact Marco', kind: 'open_modal' })).toBeNull();
  });

  it("should extend the streak where a screen celebrates it ('7-day streak'), not where a screen only shows it", () => {
    const [extended] = screenEventsOf(screenOf('other', [{ kind: 'heading', label: '7-day streak!' }], '7 Day Streak'), shop, 'mobile_app');
    expect(extended?.name).toBe('Streak Extended');
    expect(extended?.properties[0]).toMatchObject({ name: 'streak_days', type: 'number', example: '7' });
    const today = screenOf('other', [{ kind: 'heading', label: 'Good morning' }, { kind: 'heading', label: '1-day streak' }], 'Today');
    expect(screenEventsOf(today, shop, 'mobile_app').map((e) => e.name)).not.toContain('Streak Extended');
  });

  it('should take a question that asks to rate what was just done for that thing rated, with its rating', () => {
    const done = (label: string) =>
      screenEventsOf(screenOf('other', [{ kind: 'button', label }], 'Session Complete'), shop, 'mobile_app').filter((e) => e.name.endsWith('Rated'));
    const [rated] = done('How was this session?');
    expect(rated?.name).toBe('Session Rated');
    expect(rated?.properties[0]).toMatchObject({ name: 'rating', type: 'number' });
    expect(done('Rate your trip')[0]?.name).toBe('Trip Rated');
    expect(done('How it works')).toEqual([]);
  });

  it('should take a report that states another period later in the video for its date range changed, the later one its example', () => {
    const report = (...periods: string[]) =>
      screenEventsOf(screenOf('other', periods.map((label) => ({ kind: 'text' as const, label: `${label} - compared with previous period` })), 'Overview'), shop, 'website');
    const [changed] = report('Oct 8 - Oct 14, 2025', 'Sep 15 - Oct 14, 2025');
    expect(changed?.name).toBe('Date Range Changed');
    expect(changed?.properties[0]).toMatchObject({ name: 'date_range', example: 'Sep 15 - Oct 14, 2025' });
    expect(report('Oct 8 - Oct 14, 2025')).toEqual([]);
  });

  it("should add the item kept in the user's list where a toast says so without naming the control", () => {
    const toast = [{ kind: 'text' as const, label: 'Saved to your list' }];
    expect(screenEventsOf(screenOf('product', toast, 'Event Detail'), shop, 'mobile_app').map((e) => e.name)).toEqual(['Product Added To Wishlist']);
    const jobs = examplesOf([screenOf('other', [], 'Job Detail')]);
    expect(screenEventsOf(screenOf('other', toast, 'Job Detail'), jobs, 'website').map((e) => e.name)).toEqual([`${jobs.itemNoun} Saved`]);
    expect(screenEventsOf(screenOf('other', [{ kind: 'text', label: 'Added to calendar' }], 'Job Detail'), jobs, 'website')).toEqual([]);
    // Items the product never names, kept in the favorites: a favorite added, not 'Item Saved'.
    const favorites = screenEventsOf(screenOf('other', [{ kind: 'text', label: 'Added to favorites' }], 'Sleep'), jobs, 'mobile_app');
    expect(jobs.itemNoun).toBe('Item');
    expect(favorites.map((e) => e.name)).toEqual(['Favorite Added']);
    expect(favorites[0]?.trigger).toBe('User adds an item to their favorites');
    const songs = examplesOf([screenOf('other', [{ kind: 'text', label: '25 songs' }], 'Playlist')]);
    expect(screenEventsOf(screenOf('other', [{ kind: 'text', label: 'Added to favorites' }], 'Album'), songs, 'mobile_app').map((e) => e.name)).toEqual(['Song Saved']);
  });

  it("should add Order Completed where an order's confirmation shows, with the order's properties", () => {
    const confirmation = screenOf('checkout', [{ kind: 'heading', label: 'Order #214 placed' }], 'Order Confirmation');
    const [completed] = screenEventsOf(confirmation, shop, 'website');
    expect(completed?.name).toBe('Order Completed');
    expect(completed?.properties.map((p) => p.name)).toEqual(expect.arrayContaining(['order_id', 'revenue', 'currency', 'products']));
    // A confirmation of something else is not an order's.
    expect(screenEventsOf(screenOf('content', [], 'Thanks for signing up'), shop, 'website').map((e) => e.name)).not.toContain('Order Completed');
  });

  it("should answer the app's lifecycle events with the spec's properties", () => {
    const events = lifecycleEvents();
    expect(events.map((e) => [e.name, e.properties.map((p) => p.name)])).toEqual([
      ['Application Installed', ['version', 'build']],
      ['Application Opened', ['from_background', 'referring_application', 'url', 'version', 'build']],
      ['Application Backgrounded', []],
      ['Application Updated', ['previous_version', 'previous_build', 'version', 'build']],
    ]);
  });

  it('should name every property of the vocabulary in snake_case', () => {
    const screens = (['listing', 'product', 'cart', 'checkout', 'search'] as const).map((kind) => screenOf(kind));
    const properties = [
      ...screens.flatMap((screen) => semanticViewOf(screen, shop, 1)?.properties ?? []),
      ...lifecycleEvents().flatMap((e) => e.properties),
    ];
    for (const property of properties) expect(property.name).toMatch(PROPERTY_NAME_PATTERN);
  });
});
