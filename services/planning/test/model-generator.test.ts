/** The model path through the official openai SDK against a local server speaking the chat completions API. */
import request from 'supertest';
import { createLogger, createModelClient } from '@tracklens/kit';
import { chatCompletion, eventually, scriptedChatCompletions } from '@tracklens/kit/testing';
import { EVENT_NAME_PATTERN, type TrackingPlan } from '@tracklens/contracts';
import { TRACKING_PLAN_JSON_SCHEMA, modelGenerator } from '../src/generation/model.generator';
import { shopAnalysis } from '../src/testing/analysis.factory';
import { startWorld } from './support';

const modelPlan = {
  events: [
    {
      name: 'Home Viewed',
      trigger: 'User opens the home page',
      description: 'Landing page view',
      category: 'page_view',
      screen_name: 'Home',
      properties: [],
    },
    {
      name: 'sign up submitted',
      trigger: 'User submits the sign-up form',
      description: 'Account created',
      category: 'user_action',
      screen_name: 'Sign Up',
      properties: [
        { name: 'Email', type: 'string', description: 'E-mail entered', example: 'jane.doe@acme.io', required: true },
        { name: 'password', type: 'string', description: 'Password', example: 'hunter2', required: true },
        { name: 'plan', type: 'string', description: 'Chosen plan', example: 'pro', required: false },
      ],
    },
    {
      name: 'Home Viewed',
      trigger: 'Duplicate',
      description: 'Duplicate name',
      category: 'page_view',
      screen_name: 'Nowhere',
      properties: [{ name: 'x_y', type: 'number', description: 'n', example: '1', required: false }],
    },
  ],
  funnels: [
    { name: 'Onboarding', description: 'Sign up', steps: ['Home Viewed', 'Sign Up Submitted', 'Not An Event'] },
    { name: 'Too short', description: 'One step', steps: ['Home Viewed'] },
  ],
};

function client(baseUrl: string, maxAttempts: number) {
  return createModelClient({ apiKey: 'sk-test', baseUrl, model: 'test-model', logger: createLogger('planning', 'silent'), maxAttempts, baseDelayMs: 10 });
}

describe(modelGenerator.name, () => {
  it('should ask for the strict JSON schema, retry a 429, and answer a plan held to the naming and privacy rules', async () => {
    const server = await scriptedChatCompletions([
      { status: 429, body: { error: { message: 'Rate limit reached', type: 'rate_limit' } }, headers: { 'retry-after-ms': '10' } },
      { status: 200, body: chatCompletion(JSON.stringify(modelPlan)) },
    ]);
    try {
      const generator = modelGenerator(client(server.baseUrl, 3));
      const { content: plan, sources } = await generator.generate(shopAnalysis(), { signal: new AbortController().signal });
      // A model does not say which control made an event: evidence reads its events' clues.
      expect(sources).toBeUndefined();

      expect(server.seen).toHaveLength(2);
      const [, accepted] = server.seen;
      expect(accepted?.path).toBe('/v1/chat/completions');
      expect(accepted?.authorization).toBe('Bearer sk-test');
      expect(accepted?.body).toMatchObject({
        model: 'test-model',
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'tracking_plan', strict: true, schema: TRACKING_PLAN_JSON_SCHEMA },
        },
      });
      const prompt = JSON.parse(String((accepted?.body.messages as Array<{ content: string }>)[1]?.content));
      expect(prompt.screens.map((s: { screen_name: string }) => s.screen_name)).toEqual([
        'Home',
        'Sign Up',
        'Dashboard',
        'Product Details',
        'Checkout',
      ]);
      expect(JSON.stringify(prompt)).not.toContain('users/u1');
      expect(prompt.product_type).toBe('website');

      expect(plan).toEqual({
        events: [
          {
            // A view of one screen is the website's one page view, its screen a property.
            name: 'Page Viewed',
            trigger: 'User opens any page of the website',
            description: "One event for every page (Segment's page() call): page_name says which.",
            category: 'page_view',
            screenshot_path: '/api/images/users/u1/products/p1/frames/home.jpg',
            properties: [{ name: 'page_name', type: 'string', description: 'Name of the page viewed, e.g. Home', example: 'Home', required: true }],
          },
          {
            name: 'Sign Up Submitted',
            trigger: 'User submits the sign-up form',
            description: 'Account created',
            category: 'user_action',
            screenshot_path: '/api/images/users/u1/products/p1/frames/sign-up.jpg',
            properties: [
              { name: 'email_domain', type: 'string', description: 'E-mail entered', example: 'example.com', required: true },
              { name: 'plan', type: 'string', description: 'Chosen plan', example: 'pro', required: false },
            ],
          },
        ],
        funnels: [{ name: 'Onboarding', description: 'Sign up', steps: ['Page Viewed', 'Sign Up Submitted'] }],
      });
      for (const event of plan.events) expect(event.name).toMatch(EVENT_NAME_PATTERN);
    } finally {
      await server.close();
    }
  });

  it('should reject an answer that does not follow the schema', async () => {
    const server = await scriptedChatCompletions([{ status: 200, body: chatCompletion(JSON.stringify({ events: [{ name: 'X' }] })) }]);
    try {
      const generator = modelGenerator(client(server.baseUrl, 1));
      await expect(generator.generate(shopAnalysis(), { signal: new AbortController().signal })).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('should give up after its retries when the model keeps failing', async () => {
    const failing = { status: 503, body: { error: { message: 'overloaded' } }, headers: { 'retry-after-ms': '5' } };
    const server = await scriptedChatCompletions([failing, failing, failing]);
    try {
      const generator = modelGenerator(client(server.baseUrl, 3));
      await expect(generator.generate(shopAnalysis(), { signal: new AbortController().signal })).rejects.toMatchObject({ status: 503 });
      expect(server.seen).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});

describe('planning service with OPENAI_API_KEY', () => {
  it('should generate the plan with the configured model', async () => {
    const server = await scriptedChatCompletions([{ status: 200, body: chatCompletion(JSON.stringify(modelPlan)) }]);
    const world = await startWorld('model', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl, OPENAI_MODEL: 'tracklens-test' });
    try {
      const service = await world.startPlanning();
      const caller = world.caller();
      const product = await world.product(caller);
      world.analysis.answers.set(product.id, { userId: caller.userId, analysis: shopAnalysis({ productId: product.id }) });
      const base = `http://127.0.0.1:${service.httpPort}`;
      const started = await request(base).post(`/api/products/${product.id}/generate-tracking-plan`).set('Cookie', caller.cookie);
      expect(started.status).toBe(202);
      const plan = await eventually(async () => {
        const res = await request(base).get(`/api/products/${product.id}/tracking-plans`).set('Cookie', caller.cookie);
        expect(res.body[0]?.status).toBe('completed');
        return res.body[0] as TrackingPlan;
      });
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]?.body.model).toBe('tracklens-test');
      expect(plan.content?.events.map((e) => e.name)).toEqual(['Page Viewed', 'Sign Up Submitted']);
    } finally {
      await world.stop();
      await server.close();
    }
  });
});
