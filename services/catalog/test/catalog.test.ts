import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  AppError,
  SESSION_COOKIE,
  createEnvelope,
  createGrpcClient,
  loadGrpcService,
  signSession,
  type Config,
  type EventBus,
  type EventEnvelope,
  type GrpcClient,
  type RunningService,
  inbox,
} from '@tracklens/kit';
import {
  expectStandardServiceSurface,
  eventually,
  freshDatabaseUrl,
  testBus,
  testConfig,
} from '@tracklens/kit/testing';
import { subjects, type AnalysisStatus, type Product, type VideoAnalysisStatusChanged } from '@tracklens/contracts';
import { createCatalogService } from '../src/service';
import { videoAnalysis } from '../src/db/schema';

/** A signed-in user as identity would have made them: a session cookie signed with the shared secret. */
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

let counter = 0;
function productBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Acme Shop ${counter}`,
    type: 'website',
    description: 'An online shop for anvils and rockets.',
    ...overrides,
  };
}

async function start(config: Config, bus: EventBus, inMemoryDatabase: boolean): Promise<RunningService> {
  return createCatalogService({ config, bus, inMemoryDatabase });
}

describe('catalog service', () => {
  let config: Config;
  let bus: EventBus;
  let service: RunningService;
  let base: string;
  let alice: Caller;
  let bob: Caller;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    bus = await testBus('catalog');
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('catalog') });
    service = await start(config, bus, true);
    base = `http://127.0.0.1:${service.httpPort}`;
    alice = callerFor(config);
    bob = callerFor(config);
    await bus.subscribe(
      { durable: `catalog-test-${randomUUID()}`, subject: 'catalog.product.*', maxDeliveries: 1 },
      async (e) => {
        published.push(e);
      },
    );
  });

  afterAll(async () => {
    await service.stop();
    await bus.close();
  });

  async function create(caller: Caller, body: Record<string, unknown> = productBody()) {
    const res = await request(base)
      .post('/api/products/create-without-video')
      .set('Cookie', caller.cookie)
      .send(body);
    expect(res.status).toBe(201);
    return res.body;
  }

  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    await expectStandardServiceSurface(service);
  });

  describe('authentication', () => {
    it('should answer 401 NO_AUTH without a session cookie', async () => {
      const res = await request(base).get('/api/products');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('NO_AUTH');
    });

    it('should answer 401 NO_SESSION for a token signed with another secret or already expired', async () => {
      const forged = signSession('another-secret-of-enough-length-here', {
        userId: alice.userId,
        sessionId: randomUUID(),
      });
      const expired = signSession(config.jwtSecret, { userId: alice.userId, sessionId: randomUUID() }, -10);
      for (const token of [forged, expired]) {
        const res = await request(base).get('/api/products').set('Cookie', `${SESSION_COOKIE}=${token}`);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('NO_SESSION');
      }
    });
  });

  describe('POST /api/products/create-without-video', () => {
    it('should answer 201 with the product fields of the contract', async () => {
      const body = productBody({ type: 'mobile_app' });
      const product = await create(alice, body);
      expect(product).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: alice.userId,
        name: body.name,
        description: body.description,
        type: 'mobile_app',
        analysisStatus: null,
        analysisProgress: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    });

    it('should publish catalog.product.created through the outbox', async () => {
      const product = await create(alice);
      const event = await eventually(() => {
        const found = published.find(
          (e) =>
            e.type === subjects.productCreated && (e.data as { productId: string }).productId === product.id,
        );
        expect(found).toBeDefined();
        return found;
      });
      expect(event).toMatchObject({
        producer: 'catalog',
        version: 1,
        data: { productId: product.id, userId: alice.userId, name: product.name, type: 'website' },
      });
    });

    it('should trim the name and description and ignore unknown fields, including another owner or status', async () => {
      const other = randomUUID();
      const product = await create(alice, {
        ...productBody({ name: '  Rocket App  ', description: '   Rockets delivered to your door.  ' }),
        id: other,
        userId: bob.userId,
        analysisStatus: 'completed',
        role: 'admin',
      });
      expect(product).toMatchObject({
        name: 'Rocket App',
        description: 'Rockets delivered to your door.',
        userId: alice.userId,
      });
      expect(product.id).not.toBe(other);
      expect(product.analysisStatus).toBeNull();
      expect(product).not.toHaveProperty('role');
    });

    it.each([
      ['no name', { name: undefined }, 'Product name is required'],
      ['a blank name', { name: '   ' }, 'Product name is required'],
      ['a name that is not text', { name: 42 }, 'Product name is required'],
      [
        'a name over 120 characters',
        { name: 'n'.repeat(121) },
        'Product name must be at most 120 characters',
      ],
      ['no type', { type: undefined }, 'Please select a product type'],
      ['an unknown type', { type: 'desktop_app' }, 'Please select a product type'],
      ['no description', { description: undefined }, 'Description must be at least 10 characters'],
      [
        'a description of 9 characters',
        { description: '123456789' },
        'Description must be at least 10 characters',
      ],
      [
        'a description padded to 10 with spaces',
        { description: '  abcdefg  ' },
        'Description must be at least 10 characters',
      ],
      [
        'a description over 5000 characters',
        { description: 'd'.repeat(5001) },
        'Description must be at most 5000 characters',
      ],
    ])('should answer 400 VALIDATION_ERROR for %s', async (_label, overrides, message) => {
      const res = await request(base)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie)
        .send(productBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    });

    it('should accept a name of exactly 120 and a description of exactly 5000 characters', async () => {
      const product = await create(
        alice,
        productBody({ name: 'n'.repeat(120), description: 'd'.repeat(5000) }),
      );
      expect(product.name).toHaveLength(120);
      expect(product.description).toHaveLength(5000);
    });

    it('should answer 400 for an empty body, an array body and a JSON string body, never a 500', async () => {
      const empty = await request(base)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Product name is required');
      const array = await request(base)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie)
        .send([productBody()]);
      expect(array.status).toBe(400);
      expect(array.body.code).toBe('VALIDATION_ERROR');
      const text = await request(base)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie)
        .set('Content-Type', 'application/json')
        .send('"Acme"');
      expect(text.status).toBe(400);
      const malformed = await request(base)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie)
        .set('Content-Type', 'application/json')
        .send('{"name":');
      expect(malformed.status).toBe(400);
    });

    it('should answer 409 PRODUCT_LIMIT_REACHED past 100 products, even for requests sent at once', async () => {
      const carol = callerFor(config);
      const answers = await Promise.all(
        Array.from({ length: 104 }, (_, i) =>
          request(base)
            .post('/api/products/create-without-video')
            .set('Cookie', carol.cookie)
            .send(productBody({ name: `Bulk ${i}` })),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(100);
      expect(statuses.filter((s) => s === 409)).toHaveLength(4);
      const refused = answers.find((res) => res.status === 409);
      expect(refused?.body).toEqual({
        message: 'You can have at most 100 products',
        code: 'PRODUCT_LIMIT_REACHED',
      });
      const list = await request(base).get('/api/products').set('Cookie', carol.cookie);
      expect(list.body).toHaveLength(100);
      // Others are not affected by carol's bound.
      await create(bob);
    });
  });

  describe('GET /api/products', () => {
    it("should list only the caller's products, oldest first", async () => {
      const dave = callerFor(config);
      const erin = callerFor(config);
      const first = await create(dave, productBody({ name: 'First' }));
      const theirs = await create(erin, productBody({ name: 'Theirs' }));
      const second = await create(dave, productBody({ name: 'Second' }));
      const third = await create(dave, productBody({ name: 'Third' }));

      const res = await request(base).get('/api/products').set('Cookie', dave.cookie);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: string }) => p.id)).toEqual([first.id, second.id, third.id]);
      expect(res.body[0]).toEqual(first);
      const others = await request(base).get('/api/products').set('Cookie', erin.cookie);
      expect(others.body).toEqual([theirs]);
    });

    it('should answer an empty array for a user without products', async () => {
      const res = await request(base).get('/api/products').set('Cookie', callerFor(config).cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });
  });

  describe('GET /api/products/:id', () => {
    it("should answer the caller's product", async () => {
      const product = await create(alice);
      const res = await request(base).get(`/api/products/${product.id}`).set('Cookie', alice.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(product);
    });

    it("should answer 404 'Product not found' for another user's, an unknown and a malformed id", async () => {
      const product = await create(alice);
      for (const id of [product.id, randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
        const res = await request(base)
          .get(`/api/products/${encodeURIComponent(id)}`)
          .set('Cookie', id === product.id ? bob.cookie : alice.cookie);
        expect({ id, status: res.status, body: res.body }).toEqual({
          id,
          status: 404,
          body: { message: 'Product not found', code: 'NOT_FOUND' },
        });
      }
    });
  });

  describe('PATCH /api/products/:id', () => {
    it('should update the name and description, keep the rest, and publish catalog.product.updated', async () => {
      const product = await create(alice);
      const res = await request(base).patch(`/api/products/${product.id}`).set('Cookie', alice.cookie).send({
        name: 'Renamed shop',
        description: 'A better description of the shop.',
        type: 'mobile_app',
        userId: bob.userId,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...product,
        name: 'Renamed shop',
        description: 'A better description of the shop.',
        updatedAt: expect.any(String),
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(product.updatedAt).getTime());
      const read = await request(base).get(`/api/products/${product.id}`).set('Cookie', alice.cookie);
      expect(read.body).toEqual(res.body);
      await eventually(() =>
        expect(published).toContainEqual(
          expect.objectContaining({
            type: subjects.productUpdated,
            data: { productId: product.id, userId: alice.userId, name: 'Renamed shop', type: 'website' },
          }),
        ),
      );
    });

    it.each([
      ['no name', { description: 'A description that is long enough.' }, 'Product name is required'],
      [
        'a blank name',
        { name: ' ', description: 'A description that is long enough.' },
        'Product name is required',
      ],
      ['no description', { name: 'Shop' }, 'Description must be at least 10 characters'],
      [
        'a short description',
        { name: 'Shop', description: 'short' },
        'Description must be at least 10 characters',
      ],
      [
        'a name over 120 characters',
        { name: 'n'.repeat(121), description: 'A description that is long enough.' },
        'Product name must be at most 120 characters',
      ],
      [
        'a description over 5000 characters',
        { name: 'Shop', description: 'd'.repeat(5001) },
        'Description must be at most 5000 characters',
      ],
    ])('should answer 400 for %s', async (_label, body, message) => {
      const product = await create(alice);
      const res = await request(base)
        .patch(`/api/products/${product.id}`)
        .set('Cookie', alice.cookie)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
      const read = await request(base).get(`/api/products/${product.id}`).set('Cookie', alice.cookie);
      expect(read.body).toEqual(product);
    });

    it("should answer 404 for another user's product and leave it unchanged", async () => {
      const product = await create(alice);
      const res = await request(base)
        .patch(`/api/products/${product.id}`)
        .set('Cookie', bob.cookie)
        .send({ name: 'Hijacked', description: 'This is not my product at all.' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
      const read = await request(base).get(`/api/products/${product.id}`).set('Cookie', alice.cookie);
      expect(read.body).toEqual(product);
      const malformed = await request(base)
        .patch('/api/products/nope')
        .set('Cookie', alice.cookie)
        .send({ name: 'Whatever', description: 'A description that is long enough.' });
      expect(malformed.status).toBe(404);
    });
  });

  describe('GET /api/knowledge-base', () => {
    it("should answer {product} for the caller's product", async () => {
      const product = await create(alice);
      const res = await request(base)
        .get('/api/knowledge-base')
        .query({ productId: product.id })
        .set('Cookie', alice.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ product });
    });

    it("should answer 400 'Product ID is required' without a productId", async () => {
      for (const query of [{}, { productId: '' }]) {
        const res = await request(base).get('/api/knowledge-base').query(query).set('Cookie', alice.cookie);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: 'Product ID is required', code: 'VALIDATION_ERROR' });
      }
    });

    it("should answer 404 for another user's, an unknown or a malformed productId", async () => {
      const product = await create(alice);
      for (const [caller, productId] of [
        [bob, product.id],
        [alice, randomUUID()],
        [alice, 'garbage'],
      ] as const) {
        const res = await request(base)
          .get('/api/knowledge-base')
          .query({ productId })
          .set('Cookie', caller.cookie);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('gRPC CatalogService.GetProduct', () => {
    let client: GrpcClient;

    beforeAll(() => {
      client = createGrpcClient(
        loadGrpcService(config.protoDir, 'catalog/v1/catalog.proto', 'catalog.v1.CatalogService'),
        `127.0.0.1:${service.grpcPort}`,
        { deadlineMs: 5000 },
      );
    });

    afterAll(() => client.close());

    it("should answer the owner's product", async () => {
      const product = await create(alice, productBody({ type: 'mobile_app' }));
      const answer = await client.call<{ product: Record<string, string> }>('GetProduct', {
        product_id: product.id,
        user_id: alice.userId,
      });
      expect(answer.product).toEqual({
        id: product.id,
        user_id: alice.userId,
        name: product.name,
        description: product.description,
        type: 'mobile_app',
        analysis_status: '',
        created_at: product.createdAt,
        updated_at: product.updatedAt,
      });
    });

    it("should answer NOT_FOUND 'Product not found' for another user's, an unknown or a malformed id", async () => {
      const product = await create(alice);
      for (const req of [
        { product_id: product.id, user_id: bob.userId },
        { product_id: randomUUID(), user_id: alice.userId },
        { product_id: 'nope', user_id: alice.userId },
        { product_id: product.id, user_id: '' },
      ]) {
        const error = await client.call('GetProduct', req).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ status: 404, message: 'Product not found' });
      }
    });
  });

  describe('analysis status events', () => {
    const consumers = [
      'catalog-on-video-analysis-status',
      'catalog-on-page-specs-ready',
      'catalog-on-video-uploaded',
      'catalog-on-video-deleted',
    ];

    /** Publishes as analysis would and waits until catalog has handled it (its inbox row commits with the effect). */
    async function deliver(
      subject: string,
      data: Partial<VideoAnalysisStatusChanged> & Record<string, unknown>,
      occurredAt: Date,
    ) {
      const envelope = { ...createEnvelope('analysis', subject, data), occurredAt: occurredAt.toISOString() };
      await bus.publish(subject, envelope);
      await handled(envelope.id);
      return envelope;
    }

    async function handled(eventId: string) {
      await eventually(async () => {
        const rows = await service.runtime.db.select().from(inbox).where(eq(inbox.eventId, eventId));
        expect(rows.filter((row) => consumers.includes(row.consumer))).toHaveLength(1);
      });
    }

    async function statusOf(caller: Caller, productId: string): Promise<AnalysisStatus | null> {
      return (await productOf(caller, productId)).analysisStatus;
    }

    async function productOf(caller: Caller, productId: string): Promise<Product> {
      const res = await request(base).get(`/api/products/${productId}`).set('Cookie', caller.cookie);
      expect(res.status).toBe(200);
      return res.body;
    }

    function change(
      product: { id: string; userId: string },
      videoId: string,
      status: AnalysisStatus,
      extra: Record<string, unknown> = {},
    ) {
      return { videoId, productId: product.id, userId: product.userId, status, ...extra };
    }

    it('should follow a video through progressed, page specs ready and completed', async () => {
      const product = await create(alice);
      const video = randomUUID();
      const t0 = Date.now();
      await deliver(
        subjects.videoProgressed,
        change(product, video, 'analyzing', { progress: 40 }),
        new Date(t0),
      );
      expect(await productOf(alice, product.id)).toMatchObject({ analysisStatus: 'analyzing', analysisProgress: 40 });
      await deliver(subjects.pageSpecsReady, change(product, video, 'page_specs_ready'), new Date(t0 + 1000));
      expect(await productOf(alice, product.id)).toMatchObject({
        analysisStatus: 'page_specs_ready',
        analysisProgress: null,
      });
      await deliver(
        subjects.videoCompleted,
        change(product, video, 'completed', { progress: 100 }),
        new Date(t0 + 2000),
      );
      expect(await statusOf(alice, product.id)).toBe('completed');
      const [row] = await service.runtime.db
        .select()
        .from(videoAnalysis)
        .where(eq(videoAnalysis.videoId, video));
      expect(row).toMatchObject({
        productId: product.id,
        userId: alice.userId,
        status: 'completed',
        progress: 100,
        error: null,
      });
    });

    it('should ignore a republished event id and an event older than the stored one for that video', async () => {
      const product = await create(alice);
      const video = randomUUID();
      const t0 = Date.now();
      const progressed = await deliver(
        subjects.videoProgressed,
        change(product, video, 'analyzing'),
        new Date(t0),
      );
      await deliver(
        subjects.videoFailed,
        change(product, video, 'failed', { error: 'No screens found' }),
        new Date(t0 + 1000),
      );
      expect(await statusOf(alice, product.id)).toBe('failed');

      await bus.publish(subjects.videoProgressed, progressed);
      const late = await deliver(
        subjects.videoProgressed,
        change(product, video, 'processing'),
        new Date(t0 - 60_000),
      );
      expect(late.id).not.toBe(progressed.id);
      expect(await statusOf(alice, product.id)).toBe('failed');
      const [row] = await service.runtime.db
        .select()
        .from(videoAnalysis)
        .where(eq(videoAnalysis.videoId, video));
      expect(row).toMatchObject({ status: 'failed', error: 'No screens found' });
    });

    it("should take the product's status from its most recently changed video", async () => {
      const product = await create(alice);
      const [first, second] = [randomUUID(), randomUUID()];
      const t0 = Date.now();
      await deliver(subjects.videoCompleted, change(product, first, 'completed'), new Date(t0));
      await deliver(subjects.videoProgressed, change(product, second, 'analyzing'), new Date(t0 + 1000));
      expect(await statusOf(alice, product.id)).toBe('analyzing');
      // An older event of the first video arriving late does not make it the latest.
      await deliver(subjects.videoProgressed, change(product, first, 'processing'), new Date(t0 - 1000));
      expect(await statusOf(alice, product.id)).toBe('analyzing');
      await deliver(subjects.videoFailed, change(product, first, 'failed'), new Date(t0 + 2000));
      expect(await statusOf(alice, product.id)).toBe('failed');
    });

    it("should ignore events for unknown products, another user's product, or with an invalid payload, without retrying them", async () => {
      const product = await create(alice);
      const video = randomUUID();
      const now = new Date();
      await deliver(
        subjects.videoProgressed,
        change({ id: randomUUID(), userId: alice.userId }, video, 'analyzing'),
        now,
      );
      await deliver(
        subjects.videoProgressed,
        change({ id: product.id, userId: bob.userId }, video, 'analyzing'),
        now,
      );
      await deliver(subjects.videoProgressed, change(product, video, 'dancing' as AnalysisStatus), now);
      await deliver(
        subjects.videoProgressed,
        { ...change(product, video, 'analyzing'), productId: 'not-a-uuid' },
        now,
      );
      await deliver(subjects.videoProgressed, { productId: product.id }, now);
      expect(await statusOf(alice, product.id)).toBeNull();
      const rows = await service.runtime.db
        .select()
        .from(videoAnalysis)
        .where(eq(videoAnalysis.videoId, video));
      expect(rows).toEqual([]);
      // The product still reacts to a valid event afterwards.
      await deliver(subjects.videoProgressed, change(product, video, 'processing'), now);
      expect(await statusOf(alice, product.id)).toBe('processing');
    });

    it('should show an uploaded video as uploaded, and fall back to the other videos when one is deleted', async () => {
      const product = await create(alice);
      const [first, second] = [randomUUID(), randomUUID()];
      const media = (videoId: string) => ({
        videoId,
        productId: product.id,
        userId: product.userId,
        storageKey: `k/${videoId}.mp4`,
      });
      const t0 = Date.now();
      const uploaded = (videoId: string, at: number) =>
        deliver(
          subjects.videoUploaded,
          {
            ...media(videoId),
            durationSec: 12,
            contentType: 'video/mp4',
            originalName: 'demo.mp4',
            fileSize: 1000,
          },
          new Date(at),
        );
      await uploaded(first, t0);
      expect(await statusOf(alice, product.id)).toBe('uploaded');
      await deliver(subjects.videoCompleted, change(product, first, 'completed'), new Date(t0 + 1000));
      await uploaded(second, t0 + 2000);
      expect(await statusOf(alice, product.id)).toBe('uploaded');

      await deliver(subjects.videoDeleted, media(second), new Date(t0 + 3000));
      expect(await statusOf(alice, product.id)).toBe('completed');
      await deliver(subjects.videoDeleted, media(first), new Date(t0 + 4000));
      expect(await statusOf(alice, product.id)).toBeNull();
    });

    it('should not expose the status through another user', async () => {
      const product = await create(alice);
      await deliver(subjects.videoProgressed, change(product, randomUUID(), 'analyzing'), new Date());
      const res = await request(base).get(`/api/products/${product.id}`).set('Cookie', bob.cookie);
      expect(res.status).toBe(404);
    });
  });
});

describe('catalog service redelivery', () => {
  it('should apply an event once even when the bus delivers it again after a restart', async () => {
    // A fresh bus after the restart has no memory of the event id, so only catalog's inbox can refuse it.
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('catalog_redelivery') });
    const alice = callerFor(config);
    let bus = await testBus('catalog-redelivery');
    let service = await start(config, bus, false);
    try {
      const created = await request(`http://127.0.0.1:${service.httpPort}`)
        .post('/api/products/create-without-video')
        .set('Cookie', alice.cookie)
        .send(productBody());
      expect(created.status).toBe(201);
      const product = created.body as { id: string };
      const video = randomUUID();
      const at = new Date();
      const data = { videoId: video, productId: product.id, userId: alice.userId };
      const analyzing = {
        ...createEnvelope('analysis', subjects.videoProgressed, { ...data, status: 'analyzing' }),
        occurredAt: at.toISOString(),
      };
      // Same instant, later arrival: applied (only older events are stale), so a second 'analyzing' would show.
      const failed = {
        ...createEnvelope('analysis', subjects.videoFailed, { ...data, status: 'failed' }),
        occurredAt: at.toISOString(),
      };

      const statusIs = (running: RunningService, status: string) =>
        eventually(async () => {
          const res = await request(`http://127.0.0.1:${running.httpPort}`)
            .get(`/api/products/${product.id}`)
            .set('Cookie', alice.cookie);
          expect(res.body.analysisStatus).toBe(status);
        });
      await bus.publish(subjects.videoProgressed, analyzing);
      await statusIs(service, 'analyzing');
      await bus.publish(subjects.videoFailed, failed);
      await statusIs(service, 'failed');

      await service.stop();
      await bus.close();
      bus = await testBus('catalog-redelivery');
      service = await start(config, bus, false);

      await bus.publish(subjects.videoProgressed, analyzing);
      // The in-process bus delivers within milliseconds: a wrongly re-applied event would have landed by now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await statusIs(service, 'failed');
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
