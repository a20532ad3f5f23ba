import type { AnalysedPageSpec, ProductType, TrackingEvent, TrackingPlanContent } from '@tracklens/contracts';
import type { StrategyContext } from '../domain/strategist';
import { labelOf, productModel, quoted } from './product-model';

type Kind = AnalysedPageSpec['screenKind'];

function spec(screenName: string, screenKind: Kind, order: number): AnalysedPageSpec {
  return {
    id: `spec-${order}`,
    videoId: 'video-1',
    productId: 'product-1',
    screenName,
    screenKind,
    description: `The ${screenName} screen.`,
    screenshotKey: `frames/${order}.jpg`,
    elements: [],
    actions: [],
    firstSeenSec: order * 10,
    lastSeenSec: order * 10 + 9,
    order,
  };
}

const shot = (order: number) => `/api/images/frames/${order}.jpg`;

function event(name: string, overrides: Partial<TrackingEvent> = {}): TrackingEvent {
  return {
    name,
    trigger: `User does ${name}`,
    description: name,
    category: / Viewed$|^Checkout Started$/.test(name) ? 'page_view' : 'user_action',
    screenshot_path: null,
    properties: [],
    ...overrides,
  };
}

const where = (title: string, description = 'Screen the user was on') => [
  { name: 'screen_name', type: 'string' as const, description, example: title, required: true },
];

function context(
  screens: Array<[string, Kind]>,
  content: TrackingPlanContent | null,
  type: ProductType = 'website',
): StrategyContext {
  return {
    product: { name: 'Acme', type, description: 'A product for testing.' },
    analysis: {
      productId: 'product-1',
      finalized: true,
      status: 'completed',
      summary: 'A product.',
      pageSpecs: screens.map(([name, kind], i) => spec(name, kind, i)),
      journeys: [],
      keyActions: [],
    },
    plan: content ? { title: 'Acme Tracking Plan', content } : null,
  };
}

const SHOP_SCREENS: Array<[string, Kind]> = [
  ['Home', 'content'],
  ['Linen Overshirt', 'product'],
  ['Cart', 'cart'],
  ['Checkout', 'checkout'],
  ['Thank You', 'checkout'],
  ['My Account', 'settings'],
];

/** A shop's plan in Segment's convention, as planning's generator writes it. */
const segmentPlan: TrackingPlanContent = {
  events: [
    event('Page Viewed', {
      category: 'page_view',
      screenshot_path: shot(0),
      properties: [
        {
          name: 'page_name',
          type: 'string',
          description:
            'Name of the page viewed, e.g. Home, Product, Cart, Checkout, Order Confirmation, Account',
          example: 'Home',
          required: true,
        },
      ],
    }),
    event('Product Viewed', { screenshot_path: shot(1) }),
    event('Product Added', { screenshot_path: shot(1), properties: where('Product') }),
    event('Cart Viewed', { screenshot_path: shot(2) }),
    event('Checkout Started', { screenshot_path: shot(3) }),
    event('Order Completed', { screenshot_path: shot(3), properties: where('Checkout') }),
    event('Signed Out', { screenshot_path: shot(5), properties: where('Account') }),
  ],
  funnels: [
    {
      name: 'Purchase',
      description: "A visitor buys. The Page Viewed step is the Home page (page_name = 'Home').",
      steps: ['Page Viewed', 'Product Viewed', 'Product Added', 'Checkout Started', 'Order Completed'],
    },
  ],
};

/** The same shop's plan saved before: a view event per screen. */
const perScreenPlan: TrackingPlanContent = {
  events: [
    event('Home Viewed', {
      screenshot_path: shot(0),
      trigger: 'User opens the Home screen',
      properties: where('Home'),
    }),
    event('Product Viewed', { screenshot_path: shot(1), properties: where('Product') }),
    event('Product Added', { screenshot_path: shot(1), properties: where('Product') }),
    event('Cart Viewed', { screenshot_path: shot(2), properties: where('Cart') }),
    event('Checkout Viewed', { screenshot_path: shot(3), properties: where('Checkout') }),
    event('Order Completed', { screenshot_path: shot(3), properties: where('Checkout') }),
    event('Order Confirmation Viewed', { screenshot_path: shot(4), properties: where('Order Confirmation') }),
  ],
  funnels: [],
};

describe(productModel.name, () => {
  describe("with a plan in Segment's page() convention", () => {
    const m = productModel(context(SHOP_SCREENS, segmentPlan));
    const views = Object.fromEntries(m.screens.map((screen) => [screen.name, labelOf(m.viewOf(screen))]));

    it("should see a screen through its kind's spec view, else the page view filtered to the plan's name for it", () => {
      expect(views).toEqual({
        Home: "Page Viewed (page_name = 'Home')",
        'Linen Overshirt': 'Product Viewed',
        Cart: 'Cart Viewed',
        Checkout: 'Checkout Started',
        'Thank You': "Page Viewed (page_name = 'Order Confirmation')",
        'My Account': "Page Viewed (page_name = 'Account')",
      });
    });

    it('should count visitors on any page and measure a page view on the screen it is filtered to', () => {
      expect(m.role('visit')).toEqual({ name: 'Page Viewed', inPlan: true, screen: null });
      expect(quoted(m.role('entry'))).toBe("'Page Viewed' (page_name = 'Home')");
      expect(m.role('entry').screen).toBe('Home');
      expect(m.screenOf('Page Viewed')).toBeNull();
      expect(m.screenOf('Order Completed')).toBe('Checkout');
    });

    it("should read which screen a funnel's page view step is from the funnel's description", () => {
      const [funnel] = m.funnels;
      expect(funnel && m.stepsOf(funnel).map(labelOf)).toEqual([
        "Page Viewed (page_name = 'Home')",
        'Product Viewed',
        'Product Added',
        'Checkout Started',
        'Order Completed',
      ]);
      expect(funnel && m.stepsOf(funnel)[0]?.screen).toBe('Home');
    });

    it('should name a page the recording did not show by the page view, filtered to the page', () => {
      expect(m.role('pricingView')).toEqual({
        name: 'Page Viewed',
        inPlan: true,
        screen: null,
        where: { property: 'page_name', value: 'Pricing' },
      });
    });
  });

  describe('with a plan saved with a view event per screen', () => {
    const m = productModel(context(SHOP_SCREENS, perScreenPlan));

    it('should see each screen through its own view event, unfiltered', () => {
      expect(m.screens.map((screen) => labelOf(m.viewOf(screen)))).toEqual([
        'Home Viewed',
        'Product Viewed',
        'Cart Viewed',
        'Checkout Viewed',
        'Order Confirmation Viewed',
        'My Account Viewed',
      ]);
      const account = m.screenNamed('My Account');
      expect(account && m.viewOf(account).inPlan).toBe(false);
      expect(m.role('visit')).toMatchObject({ name: 'Home Viewed', screen: 'Home' });
      expect(m.role('pricingView')).toMatchObject({ name: 'Pricing Viewed', inPlan: false });
    });
  });

  describe('without a plan', () => {
    it("should suggest Segment's screen view for an app, filtered to the screen", () => {
      const m = productModel(context(SHOP_SCREENS, null, 'mobile_app'));
      expect(quoted(m.role('entry'))).toBe("'Screen Viewed' (screen_name = 'Home')");
      expect(m.role('entry').inPlan).toBe(false);
      expect(m.role('signup')).toMatchObject({ name: 'Signed Up', inPlan: false });
    });
  });

  it("should take an app's lifecycle events and Segment's B2B names from the plan", () => {
    const m = productModel(
      context(
        [
          ['Welcome', 'content'],
          ['Create Account', 'signup'],
          ['Invite', 'other'],
        ],
        {
          events: [
            event('Application Installed'),
            event('Application Opened'),
            event('Signed Up', { properties: where('Sign Up') }),
            event('Account Created', { trigger: 'User creates an account for their team or company' }),
            event('Invite Sent'),
          ],
          funnels: [],
        },
        'mobile_app',
      ),
    );
    expect(m.role('appOpened')).toMatchObject({ name: 'Application Opened', inPlan: true });
    expect(m.role('appInstalled')).toMatchObject({ name: 'Application Installed', inPlan: true });
    expect(m.role('signup')).toMatchObject({ name: 'Signed Up', inPlan: true });
    expect(m.role('invite')).toMatchObject({ name: 'Invite Sent', inPlan: true });
  });
});
