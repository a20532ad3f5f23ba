import type { AnalysedPageSpec, ProductAnalysis, TrackingPlanContent } from '@tracklens/contracts';
import type { StrategyContext } from '../domain/strategist';
import { parseHistory, recogniseIntent } from './intent';
import { productModel } from './product-model';

function spec(
  screenName: string,
  screenKind: AnalysedPageSpec['screenKind'],
  order: number,
): AnalysedPageSpec {
  return {
    id: `spec-${order}`,
    videoId: 'video-1',
    productId: 'product-1',
    screenName,
    screenKind,
    description: `The ${screenName} screen.`,
    screenshotKey: null,
    elements: [],
    actions: [],
    firstSeenSec: order * 10,
    lastSeenSec: order * 10 + 9,
    order,
  };
}

function context(
  screens: Array<[string, AnalysedPageSpec['screenKind']]>,
  funnels: TrackingPlanContent['funnels'] = [],
): StrategyContext {
  const analysis: ProductAnalysis = {
    productId: 'product-1',
    finalized: true,
    status: 'completed',
    summary: 'A product.',
    pageSpecs: screens.map(([name, kind], i) => spec(name, kind, i)),
    journeys: [],
    keyActions: [],
  };
  const events = screens.map(([name]) => ({
    name: `${name} Viewed`,
    trigger: `User opens the ${name} screen`,
    description: name,
    category: 'page_view' as const,
    screenshot_path: null,
    properties: [
      { name: 'screen_name', type: 'string' as const, description: 'Screen', example: name, required: true },
    ],
  }));
  return {
    product: { name: 'Acme', type: 'website', description: 'A product for testing.' },
    analysis,
    plan: { title: 'Acme Tracking Plan', content: { events, funnels } },
  };
}

const shop = productModel(
  context(
    [
      ['Home', 'content'],
      ['Product Details', 'product'],
      ['Cart', 'cart'],
      ['Checkout', 'checkout'],
      ['Create Account', 'signup'],
    ],
    [{ name: 'Purchase', description: 'Buying', steps: ['Home Viewed', 'Cart Viewed', 'Checkout Viewed'] }],
  ),
);
const saas = productModel(
  context([
    ['Landing', 'content'],
    ['Sign Up', 'signup'],
    ['Dashboard', 'dashboard'],
    ['Invite Teammates', 'other'],
  ]),
);

const ask = (message: string, history = '', model = shop) => recogniseIntent(message, history, model);

describe(recogniseIntent.name, () => {
  it.each([
    ['Which KPIs should I watch?', 'kpis'],
    ['What metrics should we track?', 'kpis'],
    ['What should my north star metric be?', 'north_star'],
    ['Give me the AARRR pirate metrics', 'aarrr'],
    ['How do we get more visitors from campaigns?', 'acquisition'],
    ['How do I know if new users activate?', 'activation'],
    ['How many users come back after their first order?', 'retention'],
    ['Which metrics show churn?', 'retention'],
    ['How do I grow revenue and average order value?', 'revenue'],
    ['Are people inviting friends?', 'referral'],
    ['How do I measure checkout drop-off?', 'funnel'],
    ['Where do users drop off?', 'funnel'],
    ['What should my weekly dashboard show?', 'dashboard'],
    ['How do I measure engagement and task success?', 'heart'],
    ['Which HEART metrics fit us?', 'heart'],
  ])('should read "%s" as %s', (message, kind) => {
    expect(ask(message).kind).toBe(kind);
  });

  it('should take two named stages as the AARRR stages asked about', () => {
    expect(ask('What are good acquisition and retention metrics?')).toMatchObject({
      kind: 'aarrr',
      stages: ['acquisition', 'retention'],
    });
  });

  it('should keep the HEART dimensions the question names', () => {
    expect(ask('How do I measure engagement and task success?').heart).toEqual([
      'Engagement',
      'Task Success',
    ]);
    expect(ask('Which HEART metrics fit us?').heart).toEqual([]);
  });

  it('should find the screen a question names, by its name or by what it is', () => {
    const byName = ask('How is the Product Details page converting?').focus;
    expect(byName).toMatchObject({ kind: 'screen', screen: { name: 'Product Details' } });
    expect(ask('How do I measure checkout drop-off?').focus).toMatchObject({
      kind: 'screen',
      screen: { name: 'Checkout' },
      topic: 'checkout',
    });
    expect(ask('How do I reduce payment drop-off?').focus).toMatchObject({
      kind: 'screen',
      screen: { name: 'Checkout' },
      topic: 'checkout',
    });
    expect(ask('Where do people abandon the basket?').focus).toMatchObject({
      kind: 'screen',
      screen: { name: 'Cart' },
    });
  });

  it("should take the KPIs or the conversion of a screen it names for that screen's funnel", () => {
    expect(ask('What should I track on the Cart page?')).toMatchObject({
      kind: 'funnel',
      focus: { kind: 'screen', screen: { name: 'Cart' } },
    });
    expect(ask('How is the Product Details screen converting?')).toMatchObject({
      kind: 'funnel',
      focus: { kind: 'screen', screen: { name: 'Product Details' } },
    });
  });

  it('should prefer a plan funnel the question names', () => {
    expect(ask('Where does the purchase funnel leak?').focus).toMatchObject({
      kind: 'funnel',
      funnel: { name: 'Purchase' },
    });
  });

  it('should keep a topic the product has no screen for', () => {
    expect(ask('How do I measure search drop-off?').focus).toEqual({ kind: 'topic', topic: 'search' });
  });

  it("should tell a dashboard to build from the product's Dashboard screen", () => {
    expect(ask('What should my weekly dashboard show?', '', saas).kind).toBe('dashboard');
    expect(ask('Where do users drop off on the dashboard screen?', '', saas)).toMatchObject({
      kind: 'funnel',
      focus: { kind: 'screen', screen: { name: 'Dashboard' } },
    });
  });

  it('should read the period a question asks for', () => {
    expect(ask('What should my weekly dashboard show?').period).toBe('week');
    expect(ask('Which KPIs should I watch daily?').period).toBe('day');
    expect(ask('Which KPIs should I watch?').period).toBeNull();
  });

  describe('follow-ups', () => {
    const afterCheckout =
      'user: How do I measure checkout drop-off?\nassistant: ## Checkout funnel\n\nEach step row is a conversion.';

    it('should keep the earlier question\'s intent and change its period ("make it weekly")', () => {
      const intent = ask('make it weekly', 'user: Which KPIs should I watch?\nassistant: ## KPIs to watch');
      expect(intent).toMatchObject({
        kind: 'kpis',
        period: 'week',
        previous: { kind: 'kpis', period: null },
      });
    });

    it('should keep the earlier subject for a new stage ("what about retention for these?")', () => {
      const intent = ask('What about retention for these?', afterCheckout);
      expect(intent).toMatchObject({
        kind: 'retention',
        focus: { kind: 'screen', screen: { name: 'Checkout' } },
        previous: { kind: 'funnel' },
      });
    });

    it('should explain a metric of the earlier answer by its place ("explain the second one")', () => {
      expect(ask('explain the second one', afterCheckout)).toMatchObject({
        kind: 'explain',
        ordinal: 2,
        previous: { kind: 'funnel' },
      });
      expect(ask('Can you explain the last metric?', afterCheckout)).toMatchObject({
        kind: 'explain',
        ordinal: -1,
      });
      expect(ask('explain metric 3', afterCheckout)).toMatchObject({ kind: 'explain', ordinal: 3 });
    });

    it('should reach back through a chain of follow-ups', () => {
      const history = `${afterCheckout}\nuser: make it monthly\nassistant: ## Checkout funnel, monthly`;
      expect(ask('explain the first one', history)).toMatchObject({
        kind: 'explain',
        ordinal: 1,
        period: 'month',
        previous: { kind: 'funnel', period: 'month' },
      });
    });

    it('should answer a new question in a thread on its own', () => {
      expect(ask('What should my north star metric be?', afterCheckout)).toMatchObject({
        kind: 'north_star',
        focus: null,
        previous: null,
      });
    });

    it('should not take "first order" for an ordinal', () => {
      expect(ask('How many users come back after their first order?', afterCheckout).kind).toBe('retention');
    });
  });
});

describe(parseHistory.name, () => {
  it('should read turns whose messages span several lines', () => {
    expect(parseHistory('user: Which KPIs?\nassistant: ## KPIs\n\n- one\nuser: make it weekly')).toEqual([
      { role: 'user', content: 'Which KPIs?' },
      { role: 'assistant', content: '## KPIs\n\n- one' },
      { role: 'user', content: 'make it weekly' },
    ]);
    expect(parseHistory('')).toEqual([]);
  });
});
