import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SESSION_COOKIE, signSession, type Config, type EventBus, type RunningService } from '@tracklens/kit';
import { freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createCatalogService } from '../src/service';

interface Caller {
  userId: string;
  cookie: string;
}

function callerFor(config: Config, userId = randomUUID()): Caller {
  return {
    userId,
    cookie: `${SESSION_COOKIE}=${signSession(config.jwtSecret, { userId, sessionId: randomUUID() })}`,
  };
}

const trackingPlanContent = {
  title: 'Generated Tracking Plan',
  events: [
    {
      name: 'Sign Up Submitted',
      trigger: 'User submits the sign-up form',
      screenshot_path: '/api/images/u/p/frame-1.jpg',
      properties: [{ name: 'email_domain', type: 'string', description: 'Domain', example: 'example.com' }],
    },
  ],
};

describe('saved items', () => {
  let config: Config;
  let bus: EventBus;
  let service: RunningService;
  let base: string;
  let alice: Caller;
  let bob: Caller;

  beforeAll(async () => {
    bus = await testBus('catalog-saved');
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('catalog_saved') });
    service = await createCatalogService({ config, bus, inMemoryDatabase: true });
    base = `http://127.0.0.1:${service.httpPort}`;
    alice = callerFor(config);
    bob = callerFor(config);
  });

  afterAll(async () => {
    await service.stop();
    await bus.close();
  });

  async function productOf(caller: Caller): Promise<{ id: string }> {
    const res = await request(base)
      .post('/api/products/create-without-video')
      .set('Cookie', caller.cookie)
      .send({ name: 'Acme Shop', type: 'website', description: 'An online shop for anvils.' });
    expect(res.status).toBe(201);
    return res.body;
  }

  function save(caller: Caller, body: unknown) {
    return request(base)
      .post('/api/saved-items')
      .set('Cookie', caller.cookie)
      .send(body as object);
  }

  function list(caller: Caller, productId: string) {
    return request(base).get('/api/saved-items').query({ productId }).set('Cookie', caller.cookie);
  }

  it('should answer 401 without a session', async () => {
    const res = await request(base).get('/api/saved-items').query({ productId: randomUUID() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('NO_AUTH');
  });

  it('should save a tracking plan sent as an object, store it as JSON text and list it for its owner', async () => {
    const product = await productOf(alice);
    const res = await save(alice, {
      productId: product.id,
      userId: bob.userId,
      name: '  Launch plan  ',
      type: 'tracking_plan',
      content: trackingPlanContent,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: alice.userId,
      productId: product.id,
      type: 'tracking_plan',
      name: 'Launch plan',
      content: JSON.stringify(trackingPlanContent),
      createdAt: expect.any(String),
    });
    expect(JSON.parse(res.body.content)).toEqual(trackingPlanContent);
    const listed = await list(alice, product.id);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([res.body]);
  });

  it('should keep JSON text content as sent and list the newest first', async () => {
    const product = await productOf(alice);
    const strategy = await save(alice, {
      productId: product.id,
      name: 'KPIs',
      type: 'analytics_strategy',
      content: '{"text":"Grow","rows":[{"metric_name":"Activation rate"}]}',
    });
    const flow = await save(alice, {
      productId: product.id,
      name: 'Checkout flow',
      type: 'user_flow',
      content: '{"title":"Checkout","nodes":[]}',
    });
    expect([strategy.status, flow.status]).toEqual([201, 201]);
    expect(strategy.body.content).toBe('{"text":"Grow","rows":[{"metric_name":"Activation rate"}]}');
    const listed = await list(alice, product.id);
    expect(listed.body.map((item: { id: string }) => item.id)).toEqual([flow.body.id, strategy.body.id]);
  });

  it.each([
    ['no name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name that is not text', { name: 7 }, 'Name is required'],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'Name must be at most 200 characters'],
    ['no type', { type: undefined }, 'Type must be tracking_plan, analytics_strategy or user_flow'],
    ['an unknown type', { type: 'dashboard' }, 'Type must be tracking_plan, analytics_strategy or user_flow'],
    ['no content', { content: undefined }, 'Content is required'],
    ['blank content', { content: '  ' }, 'Content is required'],
    ['content that is not JSON text', { content: '{"events": [' }, 'Content must be valid JSON'],
    ['no productId', { productId: undefined }, 'Product ID is required'],
  ])('should answer 400 VALIDATION_ERROR for %s', async (_label, overrides, message) => {
    const product = await productOf(alice);
    const res = await save(alice, {
      productId: product.id,
      name: 'Plan',
      type: 'tracking_plan',
      content: trackingPlanContent,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect((await list(alice, product.id)).body).toEqual([]);
  });

  it('should accept a name of exactly 200 characters and content of almost 1 MB, and refuse a body over 1 MB', async () => {
    const product = await productOf(alice);
    const large = JSON.stringify({ text: 'x'.repeat(1024 * 1024 - 1024) });
    const accepted = await save(alice, {
      productId: product.id,
      name: 'n'.repeat(200),
      type: 'user_flow',
      content: large,
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.content).toHaveLength(large.length);
    const refused = await save(alice, {
      productId: product.id,
      name: 'Too big',
      type: 'user_flow',
      content: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("should answer 404 'Product not found' when saving into another user's, an unknown or a malformed product", async () => {
    const product = await productOf(alice);
    for (const [caller, productId] of [
      [bob, product.id],
      [alice, randomUUID()],
      [alice, 'not-a-uuid'],
    ] as const) {
      const res = await save(caller, { productId, name: 'Mine now', type: 'tracking_plan', content: '{}' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    }
    expect((await list(alice, product.id)).body).toEqual([]);
  });

  it("should not list another user's items and answer 404 for their product or a missing productId", async () => {
    const product = await productOf(alice);
    expect(
      (await save(alice, { productId: product.id, name: 'Secret', type: 'tracking_plan', content: '{}' }))
        .status,
    ).toBe(201);
    const theirs = await list(bob, product.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    const bobsProduct = await productOf(bob);
    expect((await list(bob, bobsProduct.id)).body).toEqual([]);
    for (const query of [{}, { productId: '' }]) {
      const res = await request(base).get('/api/saved-items').query(query).set('Cookie', alice.cookie);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Product ID is required', code: 'VALIDATION_ERROR' });
    }
  });

  it("should delete the caller's item and answer 404 for another user's, an unknown or a malformed id", async () => {
    const product = await productOf(alice);
    const item = await save(alice, {
      productId: product.id,
      name: 'Old plan',
      type: 'tracking_plan',
      content: '{}',
    });
    for (const [caller, id] of [
      [bob, item.body.id],
      [alice, randomUUID()],
      [alice, 'nope'],
    ] as const) {
      const res = await request(base).delete(`/api/saved-items/${id}`).set('Cookie', caller.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Saved item not found', code: 'NOT_FOUND' });
    }
    expect((await list(alice, product.id)).body).toHaveLength(1);
    const res = await request(base).delete(`/api/saved-items/${item.body.id}`).set('Cookie', alice.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: item.body.id });
    expect((await list(alice, product.id)).body).toEqual([]);
    const again = await request(base).delete(`/api/saved-items/${item.body.id}`).set('Cookie', alice.cookie);
    expect(again.status).toBe(404);
  });

  it('should answer 409 SAVED_ITEM_LIMIT_REACHED past 500 items of a product, even for requests sent at once', async () => {
    const product = await productOf(alice);
    const answers = await Promise.all(
      Array.from({ length: 503 }, (_, i) =>
        save(alice, { productId: product.id, name: `Item ${i}`, type: 'user_flow', content: '{}' }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(500);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(answers.find((res) => res.status === 409)?.body).toEqual({
      message: 'You can save at most 500 items per product',
      code: 'SAVED_ITEM_LIMIT_REACHED',
    });
    // Another product of the same user is not affected.
    const other = await productOf(alice);
    expect(
      (await save(alice, { productId: other.id, name: 'Fine', type: 'user_flow', content: '{}' })).status,
    ).toBe(201);
  });
});
