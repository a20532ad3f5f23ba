/** The model strategist through the official openai SDK against a local server speaking the chat completions API. */
import { createLogger, createModelClient } from '@tracklens/kit';
import { chatCompletion, scriptedChatCompletions } from '@tracklens/kit/testing';
import type { StrategyMetric } from '@tracklens/contracts';
import {
  ANALYTICS_STRATEGY_JSON_SCHEMA,
  MAX_PROMPT_HISTORY_CHARS,
  modelStrategist,
} from '../src/strategy/model-strategist';
import { fixtureContext } from './fixtures';

function client(baseUrl: string) {
  return createModelClient({
    apiKey: 'sk-test',
    baseUrl,
    model: 'test-model',
    logger: createLogger('chat', 'silent'),
    maxAttempts: 1,
  });
}

function row(overrides: Partial<StrategyMetric>): StrategyMetric {
  return {
    metric_name: 'Revenue · Checkout completion rate',
    definition:
      'Order Completed ÷ Checkout Started, unique users, per week — measured on the Checkout screen',
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

/** A model answer with one good row, one near miss, one unknown event and a row without its stage. */
const modelAnswer = {
  text: "## Checkout for Northwind Goods\n\nWatch 'checkout_started' and the orders.",
  intent: 'funnel',
  table: [
    row({}),
    row({
      metric_name: 'Activation · Add-to-cart rate',
      stage: 'Activation',
      definition:
        'products added ÷ Product Viewed, unique users, per week — measured on the Product Details screen',
      formula: "unique users with 'Products Added' ÷ unique users with 'product_viewed'",
      events: ['Products Added', 'product_viewed'],
      screen: 'Product Details',
    }),
    row({
      metric_name: 'Payment failure rate',
      stage: 'Task Success',
      definition: 'Payment Failed ÷ Checkout Started, unique users, per week',
      formula: "unique users with 'Payment Failed' ÷ unique users with 'Checkout Started'",
      events: ['Payment Failed', 'Checkout Started'],
      measurable: true,
      screen: 'Payment page',
    }),
  ],
};

const question = {
  message: 'How do I measure checkout drop-off?',
  history: 'user: Which KPIs should I watch?\nassistant: ## KPIs to watch for Northwind Goods',
};

describe(modelStrategist.name, () => {
  it("should ask with the strict JSON schema and a prompt holding the product, its screens, the plan's events and the thread", async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const context = fixtureContext('shop');
      await modelStrategist(client(server.baseUrl)).answer(context, question, {
        signal: new AbortController().signal,
      });

      expect(server.seen).toHaveLength(1);
      const [request] = server.seen;
      expect(request?.path).toBe('/v1/chat/completions');
      expect(request?.body).toMatchObject({
        model: 'test-model',
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'analytics_strategy', strict: true, schema: ANALYTICS_STRATEGY_JSON_SCHEMA },
        },
      });
      const messages = request?.body.messages as Array<{ role: string; content: string }>;
      expect(messages[0]?.role).toBe('system');
      const prompt = JSON.parse(String(messages[1]?.content));
      expect(prompt.product).toEqual(context.product);
      expect(prompt.question).toBe(question.message);
      expect(prompt.conversation_history).toBe(question.history);
      expect(prompt.screens.map((s: { name: string }) => s.name)).toEqual(
        context.analysis?.pageSpecs.map((spec) => spec.screenName),
      );
      expect(prompt.tracking_plan.events.map((e: { name: string }) => e.name)).toEqual(
        context.plan?.content.events.map((e) => e.name),
      );
      expect(
        prompt.tracking_plan.events.find((e: { name: string }) => e.name === 'Order Completed').properties,
      ).toContain('total (number)');
      expect(prompt.tracking_plan.funnels).toEqual(
        context.plan?.content.funnels.map(({ name, description, steps }) => ({ name, description, steps })),
      );
      const views = Object.fromEntries(
        prompt.screens.map((s: { name: string; view: string | null }) => [s.name, s.view]),
      );
      expect(views).toMatchObject({
        Home: "'Page Viewed' (page_name = 'Home')",
        'Product Details': "'Product Viewed'",
        'Order Confirmation': "'Page Viewed' (page_name = 'Order Confirmation')",
      });
      expect(JSON.stringify(prompt)).not.toContain('users/demo');
    } finally {
      await server.close();
    }
  });

  it("should correct near misses to the plan's spelling and flag events the plan lacks", async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const strategy = await modelStrategist(client(server.baseUrl)).answer(
        fixtureContext('shop'),
        question,
        { signal: new AbortController().signal },
      );
      const [good, nearMiss, unknown] = strategy.table;

      expect(strategy.source).toBe('model');
      expect(strategy.intent).toBe('funnel');
      expect(good).toEqual(
        row({
          definition:
            'Order Completed ÷ Checkout Started, unique users, per week — measured on the Checkout screen',
        }),
      );

      expect(nearMiss).toMatchObject({
        events: ['Product Added', 'Product Viewed'],
        formula: "unique users with 'Product Added' ÷ unique users with 'Product Viewed'",
        definition:
          'Product Added ÷ Product Viewed, unique users, per week — measured on the Product Details screen',
        missing_events: [],
        measurable: true,
        screen: 'Product Details',
      });

      expect(unknown).toMatchObject({
        metric_name: 'Task Success · Payment failure rate',
        events: ['Checkout Started'],
        missing_events: ['Payment Failed'],
        measurable: false,
        screen: null,
      });
      expect(unknown?.definition).toBe(
        "Payment Failed ÷ Checkout Started, unique users, per week. Needs 'Payment Failed' — add it to the plan.",
      );

      expect(strategy.text).toBe(
        "## Checkout for Northwind Goods\n\nWatch 'Checkout Started' and the orders.",
      );
    } finally {
      await server.close();
    }
  });

  it('should flag every event when the product has no plan yet', async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const context = { ...fixtureContext('shop'), plan: null };
      const strategy = await modelStrategist(client(server.baseUrl)).answer(context, question, {
        signal: new AbortController().signal,
      });
      const prompt = JSON.parse(
        String((server.seen[0]?.body.messages as Array<{ content: string }>)[1]?.content),
      );
      expect(prompt.tracking_plan).toBeNull();
      for (const metric of strategy.table) {
        expect(metric.measurable).toBe(false);
        expect(metric.events).toEqual([]);
        expect(metric.missing_events.length).toBeGreaterThan(0);
      }
    } finally {
      await server.close();
    }
  });

  it('should send only the newest part of a long thread, from the start of a message', async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify(modelAnswer)) },
    ]);
    try {
      const turns = Array.from(
        { length: 200 },
        (_, i) => `user: question ${i}\nassistant: ${'an answer line. '.repeat(5)}${i}`,
      );
      const history = turns.join('\n');
      await modelStrategist(client(server.baseUrl)).answer(
        fixtureContext('shop'),
        { message: 'make it weekly', history },
        { signal: new AbortController().signal },
      );
      const prompt = JSON.parse(
        String((server.seen[0]?.body.messages as Array<{ content: string }>)[1]?.content),
      );
      const sent = prompt.conversation_history as string;
      expect(sent.length).toBeLessThanOrEqual(MAX_PROMPT_HISTORY_CHARS + 40);
      expect(sent).toMatch(/^\[earlier messages left out\]\n(user|assistant): /);
      expect(sent).toContain('question 199');
      expect(sent).not.toContain('question 0\n');
    } finally {
      await server.close();
    }
  });

  it('should reject an answer that does not follow the schema', async () => {
    const server = await scriptedChatCompletions([
      { status: 200, body: chatCompletion(JSON.stringify({ text: 'x', table: [{ metric_name: 'X' }] })) },
    ]);
    try {
      await expect(
        modelStrategist(client(server.baseUrl)).answer(fixtureContext('shop'), question, {
          signal: new AbortController().signal,
        }),
      ).rejects.toMatchObject({ name: 'ModelAnswerError', problem: 'invalid' });
    } finally {
      await server.close();
    }
  });
});
