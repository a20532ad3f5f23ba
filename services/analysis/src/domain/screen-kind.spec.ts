import type { PageSpec } from '@tracklens/contracts';
import { analysedSpecs, cleanKeyAction, cleanKeyActions, cleanLabel } from './screen-kind';

function spec(overrides: Partial<PageSpec> & Pick<PageSpec, 'screenName'>): PageSpec {
  return {
    id: `spec-${overrides.screenName}`,
    videoId: 'v1',
    productId: 'p1',
    description: '',
    screenshotKey: null,
    elements: [],
    actions: [],
    firstSeenSec: 0,
    lastSeenSec: 1,
    order: 1,
    ...overrides,
  };
}

const kindsOf = (specs: PageSpec[]) => analysedSpecs(specs).map((s) => [s.screenName, s.screenKind]);

describe(cleanLabel.name, () => {
  it('should keep the clickable part of a label and refuse sentences', () => {
    expect(cleanLabel('Already have an account? Log in')).toBe('Log in');
    expect(cleanLabel('Status: Pending')).toBe('Status: Pending');
    expect(cleanLabel('Acme Inc. / Settings')).toBe('Settings');
    expect(cleanLabel('Jane Cooper - Admin')).toBe('Admin');
    expect(cleanLabel('Search products.')).toBe('Search products');
    expect(cleanLabel('Cart (1)')).toBe('Cart 1');
    expect(cleanLabel('Sort by: Featured')).toBe('Sort by: Featured');
    expect(cleanLabel('Read our very long terms of service and privacy policy now')).toBeNull();
    expect(cleanLabel('x')).toBeNull();
  });
});

describe(cleanKeyAction.name, () => {
  it('should clean the label inside a key action and drop one whose label is noise', () => {
    expect(cleanKeyAction('Open Cart (1)')).toBe('Open Cart 1');
    expect(cleanKeyAction('Open Acme Inc. / Dashboard')).toBe('Open Dashboard');
    expect(cleanKeyAction('Switch to Followers')).toBe('Switch to Followers');
    expect(cleanKeyAction('Go to Thank you for your order')).toBe('Go to Thank you for your order');
    expect(cleanKeyAction('Scroll the page')).toBe('Scroll the page');
    expect(cleanKeyAction('Click Read our very long terms of service and privacy policy now')).toBeNull();
    expect(
      cleanKeyActions([{ screenName: 'Home', keyActions: ['Open Search products.', 'Click x'] }]),
    ).toEqual([{ screenName: 'Home', keyActions: ['Open Search products'] }]);
  });
});

describe(analysedSpecs.name, () => {
  it('should clean the controls and action targets but leave what the screen says as read', () => {
    const [analysed] = analysedSpecs([
      spec({
        screenName: 'Welcome',
        elements: [
          { kind: 'heading', label: 'Share moments, with friends.' },
          { kind: 'link', label: 'Already have an account? Log in' },
          { kind: 'link', label: 'Read our very long terms of service and privacy policy now' },
        ],
        actions: [
          { kind: 'click', target: 'Acme Inc. / Sign up', toScreen: 'Sign up', atSec: 1 },
          { kind: 'click', target: '?', atSec: 2 },
        ],
      }),
    ]);
    expect(analysed?.elements).toEqual([
      { kind: 'heading', label: 'Share moments, with friends.' },
      { kind: 'link', label: 'Log in' },
    ]);
    expect(analysed?.actions).toEqual([
      { kind: 'click', target: 'Sign up', toScreen: 'Sign up', atSec: 1 },
      { kind: 'click', atSec: 2 },
    ]);
  });

  it('should recognise a screen by its name', () => {
    expect(
      kindsOf([
        spec({ screenName: 'Sign in to your account', order: 0 }),
        spec({ screenName: 'Create your account', order: 1 }),
        spec({ screenName: 'Your Cart', order: 2 }),
        spec({ screenName: 'Checkout', order: 3 }),
        spec({ screenName: 'Thank you for your order', order: 4 }),
        spec({ screenName: 'Product Detail', order: 5 }),
        spec({ screenName: 'All Products', order: 6 }),
        spec({ screenName: 'Search Results', order: 7 }),
        spec({ screenName: 'Settings', order: 8 }),
        spec({ screenName: 'Dashboard', order: 9 }),
        spec({ screenName: 'Pricing', order: 10 }),
        spec({ screenName: 'Invite a teammate', order: 11 }),
        spec({ screenName: 'Reports', order: 12 }),
        spec({ screenName: 'Event Detail', order: 13 }),
        spec({ screenName: 'Paywall', order: 14 }),
        spec({ screenName: 'Order Tracking', order: 15 }),
      ]),
    ).toEqual([
      ['Sign in to your account', 'login'],
      ['Create your account', 'signup'],
      ['Your Cart', 'cart'],
      ['Checkout', 'checkout'],
      ['Thank you for your order', 'checkout'],
      ['Product Detail', 'product'],
      ['All Products', 'listing'],
      ['Search Results', 'search'],
      ['Settings', 'settings'],
      ['Dashboard', 'dashboard'],
      ['Pricing', 'content'],
      ['Invite a teammate', 'other'],
      ['Reports', 'other'],
      ['Event Detail', 'product'],
      ['Paywall', 'content'],
      ['Order Tracking', 'checkout'],
    ]);
  });

  it('should recognise every page kind the offline reader names', () => {
    const named = [
      'Order Confirmation',
      'Sign Up',
      'Login',
      'Forgot Password',
      'Checkout',
      'Cart',
      'Search Results',
      'Product Detail',
      'Onboarding Step 2',
      'Onboarding',
      'Home',
      'Pricing',
      'Product Listing',
      'Settings',
      'Profile',
      'Dashboard',
      'Restaurant Menu',
      'Listing Detail',
      'Transfer Confirmation',
      'Sign Up Confirmation',
      'Order Tracking',
    ];
    expect(
      kindsOf(named.map((screenName, order) => spec({ screenName, order: order + 1 }))).map(
        ([, kind]) => kind,
      ),
    ).toEqual([
      'checkout',
      'signup',
      'login',
      'other',
      'checkout',
      'cart',
      'search',
      'product',
      'content',
      'content',
      'content',
      'content',
      'listing',
      'settings',
      'content',
      'dashboard',
      'listing',
      'product',
      'other',
      'other',
      'checkout',
    ]);
  });

  it('should recognise a screen a model or the user named freely by its controls and words', () => {
    expect(
      kindsOf([
        spec({
          screenName: 'Everyday essentials thoughtfully made',
          order: 0,
          elements: [{ kind: 'link', label: 'Shop' }],
        }),
        spec({
          screenName: 'Linen Overshirt',
          order: 1,
          elements: [{ kind: 'button', label: 'Add to cart' }],
        }),
        spec({
          screenName: 'Office chairs',
          order: 2,
          elements: [{ kind: 'select', label: 'Sort by: Price' }],
        }),
        spec({ screenName: 'Lamps', order: 3, elements: [{ kind: 'text', label: 'Showing 12 of 40' }] }),
        spec({
          screenName: 'Maya Chen',
          order: 4,
          actions: [{ kind: 'click', target: 'Edit Profile', atSec: 9 }],
        }),
        spec({ screenName: 'Course Detail', order: 5, elements: [{ kind: 'button', label: 'Enroll now' }] }),
        spec({ screenName: 'Job Detail', order: 6, elements: [{ kind: 'button', label: 'Apply now' }] }),
        spec({ screenName: 'Ticket Detail', order: 7, elements: [{ kind: 'button', label: 'Send reply' }] }),
      ]),
    ).toEqual([
      ['Everyday essentials thoughtfully made', 'content'],
      ['Linen Overshirt', 'product'],
      ['Office chairs', 'listing'],
      ['Lamps', 'listing'],
      ['Maya Chen', 'content'],
      ['Course Detail', 'product'],
      ['Job Detail', 'product'],
      ['Ticket Detail', 'other'],
    ]);
  });

  it('should give specs of the same screen one kind, read from all of them', () => {
    expect(
      kindsOf([
        spec({ screenName: 'Overshirt', order: 1 }),
        spec({
          id: 'again',
          screenName: 'overshirt',
          order: 2,
          elements: [{ kind: 'button', label: 'Buy now' }],
        }),
      ]),
    ).toEqual([
      ['Overshirt', 'product'],
      ['overshirt', 'product'],
    ]);
  });
});
