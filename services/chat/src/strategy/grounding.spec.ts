import type { AnalyticsStrategy, StrategyMetric, TrackingPlanContent } from '@tracklens/contracts';
import { matchName, planNames } from './event-names';
import { groundStrategy } from './grounding';

function plan(...names: string[]): TrackingPlanContent {
  return {
    events: names.map((name) => ({
      name,
      trigger: `User does ${name}`,
      description: name,
      category: / Viewed$/.test(name) ? 'page_view' : 'user_action',
      screenshot_path: null,
      properties: [
        { name: 'screen_name', type: 'string', description: 'Screen', example: 'Checkout', required: true },
      ],
    })),
    funnels: [],
  };
}

function metric(overrides: Partial<StrategyMetric> = {}): StrategyMetric {
  return {
    metric_name: 'Revenue · Checkout completion rate',
    definition:
      'Order Completed ÷ Checkout Started, unique users, per week — measured on the Checkout screen.',
    decision_insight:
      'Set a baseline over the first 2-4 weeks, then investigate a fall of more than 5 percentage points week over week.',
    stage: 'Revenue',
    formula: "unique users with 'Order Completed' ÷ unique users with 'Checkout Started'",
    events: ['Order Completed', 'Checkout Started'],
    missing_events: [],
    measurable: true,
    type: 'rate',
    window: 'weekly',
    screen: 'Checkout',
    owner: 'Commerce',
    ...overrides,
  };
}

function strategy(rows: StrategyMetric[], text = '## Checkout\n\nWatch the checkout.'): AnalyticsStrategy {
  return { text, table: rows, intent: 'funnel', source: 'model' };
}

const shopPlan = plan(
  'Cart Viewed',
  'Checkout Started',
  'Checkout Viewed',
  'Order Completed',
  'Sign Up Viewed',
  'Account Created',
  'Products Searched',
);

describe(groundStrategy.name, () => {
  it("should keep a row whose events are all the plan's, unchanged", () => {
    const row = metric();
    expect(groundStrategy(strategy([row]), shopPlan).table).toEqual([row]);
  });

  it.each([
    ['case', 'order completed'],
    ['spacing', 'OrderCompleted'],
    ['punctuation', 'Order-Completed'],
    ['snake_case', 'order_completed'],
    ['a plural', 'Orders Completed'],
    ['a typo in a long name', 'Order Compelted'],
  ])("should correct a near miss by %s to the plan's spelling everywhere in the row", (_, written) => {
    const [row] = groundStrategy(
      strategy([
        metric({
          events: [written, 'Checkout Started'],
          formula: `unique users with '${written}' ÷ unique users with 'Checkout Started'`,
          definition: `${written} ÷ Checkout Started, unique users, per week — measured on the Checkout screen.`,
          decision_insight: `If ${written} falls, review the form.`,
        }),
      ]),
      shopPlan,
    ).table;
    expect(row?.events).toEqual(['Order Completed', 'Checkout Started']);
    expect(row?.formula).toBe("unique users with 'Order Completed' ÷ unique users with 'Checkout Started'");
    expect(row?.definition).toBe(
      'Order Completed ÷ Checkout Started, unique users, per week — measured on the Checkout screen.',
    );
    expect(row?.decision_insight).toBe('If Order Completed falls, review the form.');
    expect(row?.measurable).toBe(true);
    expect(row?.missing_events).toEqual([]);
  });

  it('should move an event the plan lacks to missing_events, make the row not measurable and say so in its definition', () => {
    const [row] = groundStrategy(
      strategy([
        metric({
          events: ['Payment Failed', 'Checkout Started'],
          formula: "unique users with 'Payment Failed' ÷ unique users with 'Checkout Started'",
          definition: 'Payment Failed ÷ Checkout Started, unique users, per week',
        }),
      ]),
      shopPlan,
    ).table;
    expect(row).toMatchObject({
      events: ['Checkout Started'],
      missing_events: ['Payment Failed'],
      measurable: false,
    });
    expect(row?.definition).toBe(
      "Payment Failed ÷ Checkout Started, unique users, per week. Needs 'Payment Failed' — add it to the plan.",
    );
  });

  it('should flag an unknown event the formula names even when the row does not list it', () => {
    const [row] = groundStrategy(
      strategy([
        metric({
          formula:
            "unique users with 'Order Completed' after 'Coupon Applied' ÷ unique users with 'Checkout Started'",
        }),
      ]),
      shopPlan,
    ).table;
    expect(row).toMatchObject({ missing_events: ['Coupon Applied'], measurable: false });
  });

  it('should find unquoted event names in a definition, past the words that start a sentence', () => {
    const [row] = groundStrategy(
      strategy([
        metric({
          events: [],
          formula: 'see definition',
          definition: 'Count Workout Finished per user, then divide by Account Created users',
        }),
      ]),
      shopPlan,
    ).table;
    expect(row?.events).toEqual(['Account Created']);
    expect(row?.missing_events).toEqual(['Workout Finished']);
    expect(row?.measurable).toBe(false);
  });

  it('should never present a row measurable when the model says so but an event is missing', () => {
    const [row] = groundStrategy(
      strategy([
        metric({
          events: ['Application Opened'],
          measurable: true,
          formula: "count of 'Application Opened'",
          definition: 'App opens per day',
        }),
      ]),
      shopPlan,
    ).table;
    expect(row).toMatchObject({ measurable: false, events: [], missing_events: ['Application Opened'] });
  });

  it('should use a "missing" event the plan has after all', () => {
    const [row] = groundStrategy(
      strategy([
        metric({ events: ['Checkout Started'], missing_events: ['order completed'], measurable: false }),
      ]),
      shopPlan,
    ).table;
    expect(row).toMatchObject({
      events: ['Checkout Started', 'Order Completed'],
      missing_events: [],
      measurable: true,
    });
  });

  it('should write a missing event as a Title Case event name', () => {
    const [row] = groundStrategy(
      strategy([
        metric({
          events: ['refund_requested'],
          formula: "count of 'refund_requested'",
          definition: 'Refunds per week',
        }),
      ]),
      shopPlan,
    ).table;
    expect(row?.missing_events).toEqual(['Refund Requested']);
    expect(row?.definition).toBe("Refunds per week. Needs 'Refund Requested' — add it to the plan.");
  });

  it('should make every row not measurable, with its events missing, when there is no plan', () => {
    const grounded = groundStrategy(
      strategy([
        metric(),
        metric({
          metric_name: 'Revenue · Orders',
          events: ['Order Completed'],
          formula: "count of 'Order Completed'",
        }),
      ]),
      null,
    );
    for (const row of grounded.table) {
      expect(row.measurable).toBe(false);
      expect(row.events).toEqual([]);
      expect(row.missing_events.length).toBeGreaterThan(0);
    }
  });

  it('should not make a row without any event measurable', () => {
    const [row] = groundStrategy(
      strategy([metric({ events: [], formula: 'survey score', definition: 'Average score of the survey' })]),
      shopPlan,
    ).table;
    expect(row?.measurable).toBe(false);
  });

  it('should correct near misses in the text and list an unflagged unknown event it quotes', () => {
    const grounded = groundStrategy(
      strategy(
        [metric()],
        "## Checkout\n\nWatch 'checkout_started' and order_completed, and add 'Payment Failed'.",
      ),
      shopPlan,
    );
    expect(grounded.text).toBe(
      "## Checkout\n\nWatch 'Checkout Started' and Order Completed, and add 'Payment Failed'.\n\n_Not in your tracking plan yet: 'Payment Failed'._\n",
    );
  });

  it('should leave property names, screen names and headings alone', () => {
    const row = metric({
      definition:
        'Order Completed ÷ Checkout Started, unique users, split by payment_method, per week — measured on the Order Confirmation screen.',
    });
    const text =
      '## Checkout Drop-off Explained\n\nThe Order Confirmation screen follows the Checkout screen.';
    const grounded = groundStrategy(strategy([row], text), plan('Checkout Started', 'Order Completed'));
    expect(grounded.table).toEqual([row]);
    expect(grounded.text).toBe(text);
  });

  it("should read the screen a shared page view is filtered to as the property's value, never as an event", () => {
    const formula =
      "unique users with 'Order Completed' ÷ unique users with 'Page Viewed' (page_name = 'Order Placed')";
    const row = metric({
      formula,
      definition: "Order Completed ÷ Page Viewed (page_name = 'Order Placed'), unique users, per week.",
      events: ['Order Completed', 'Page Viewed'],
    });
    const [grounded] = groundStrategy(
      strategy([row]),
      plan('Order Completed', 'Page Viewed', 'Order Placed Viewed'),
    ).table;
    expect(grounded).toMatchObject({
      formula,
      events: ['Order Completed', 'Page Viewed'],
      missing_events: [],
      measurable: true,
    });
  });

  it('should give the same answer when grounded twice', () => {
    const once = groundStrategy(
      strategy([metric({ events: ['orders completed', 'Payment Failed'] })]),
      shopPlan,
    );
    expect(groundStrategy(once, shopPlan)).toEqual(once);
  });
});

describe(matchName.name, () => {
  const names = planNames(plan('Tab Selected', 'Products Searched', 'Sign Up Viewed'));

  it('should not take a different short name for a typo', () => {
    expect(matchName('Tag Selected', names)).toEqual({ kind: 'unknown' });
  });

  it('should match a singular to the plan\'s plural and "signup" to "Sign Up"', () => {
    expect(matchName('Product Searched', names)).toEqual({ kind: 'near', name: 'Products Searched' });
    expect(matchName('Signup Viewed', names)).toEqual({ kind: 'near', name: 'Sign Up Viewed' });
  });
});
