/** The chat service through its routes: sessions, messages, strategy jobs, limits and events, against real neighbours. */
import request from 'supertest';
import type { RunningService } from '@tracklens/kit';
import { eventually, expectStandardServiceSurface } from '@tracklens/kit/testing';
import {
  CHAT_MESSAGE_MAX,
  chatSubjects,
  type ChatJob,
  type ChatMessage,
  type ChatSession,
  type StrategyMetric,
} from '@tracklens/contracts';
import { FIXTURE_NAMES, fixture } from './fixtures';

type StrategyJob = Extract<ChatJob, { type: 'analytics_strategy' }>;
import { GatedStrategist, ask, startWorld, type Caller, type World } from './support/world';

describe('chat service', () => {
  let world: World;
  let chat: RunningService;
  let base: string;
  const strategist = new GatedStrategist();

  beforeAll(async () => {
    world = await startWorld('routes');
    chat = await world.startChat({ strategist });
    base = `http://127.0.0.1:${chat.httpPort}`;
  });

  afterAll(async () => {
    await world.stop();
  });

  afterEach(() => {
    strategist.failure = null;
    strategist.release();
  });

  async function session(caller: Caller, productId: string, title?: string): Promise<ChatSession> {
    const res = await request(base)
      .post('/api/chat-sessions')
      .set('Cookie', caller.cookie)
      .send({ productId, chatType: 'analytics_strategy', ...(title ? { title } : {}) });
    expect(res.status).toBe(201);
    return res.body as ChatSession;
  }

  it('should answer health, readiness, metrics and gRPC health', async () => {
    await expectStandardServiceSurface(chat);
  });

  describe('sessions and messages', () => {
    it("should title sessions '{product} Chat {n}', list them newest first by product and type, and keep a given title", async () => {
      const caller = world.caller();
      const product = await world.product(caller, { name: 'Paper Co' });
      const first = await session(caller, product.id);
      const second = await session(caller, product.id);
      const named = await session(caller, product.id, '  Checkout questions ');
      expect([first.title, second.title, named.title]).toEqual([
        'Paper Co Chat 1',
        'Paper Co Chat 2',
        'Checkout questions',
      ]);
      const flows = await request(base)
        .post('/api/chat-sessions')
        .set('Cookie', caller.cookie)
        .send({ productId: product.id, chatType: 'user_flow' });
      expect(flows.body.title).toBe('Paper Co Chat 1');

      const listed = await request(base)
        .get('/api/chat-sessions')
        .query({ productId: product.id, chatType: 'analytics_strategy' })
        .set('Cookie', caller.cookie);
      expect(listed.status).toBe(200);
      expect((listed.body as ChatSession[]).map((s) => s.id)).toEqual([named.id, second.id, first.id]);
      const all = await request(base)
        .get('/api/chat-sessions')
        .query({ productId: product.id })
        .set('Cookie', caller.cookie);
      expect(all.body).toHaveLength(4);
    });

    it('should keep messages in order and refuse what product-spec §5 refuses, in its words', async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      const { id: sessionId } = await session(caller, product.id);
      const send = (body: object) =>
        request(base).post('/api/chat-messages').set('Cookie', caller.cookie).send(body);

      expect((await send({ sessionId, message: '  first  ' })).body).toMatchObject({
        role: 'user',
        content: 'first',
      });
      await send({ sessionId, message: 'second' });
      const listed = await request(base)
        .get('/api/chat-messages')
        .query({ sessionId })
        .set('Cookie', caller.cookie);
      expect((listed.body as ChatMessage[]).map((m) => m.content)).toEqual(['first', 'second']);

      const blank = await send({ sessionId, message: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ message: 'Message is required', code: 'VALIDATION_ERROR' });
      expect((await send({ message: 'hello' })).body.message).toBe('No session selected');
      expect((await send({ sessionId: '', message: 'hello' })).body.message).toBe('No session selected');
      const long = await send({ sessionId, message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(`Message must be at most ${CHAT_MESSAGE_MAX} characters`);
      expect((await send({ sessionId, message: 'x'.repeat(CHAT_MESSAGE_MAX) })).status).toBe(201);
      const history = await request(base)
        .post(`/api/products/${product.id}/generate-analytics-strategy`)
        .set('Cookie', caller.cookie)
        .send({ sessionId, userMessage: 'KPIs?', conversationHistory: 'user: hi\n'.repeat(10_000) });
      expect(history.status).toBe(400);
      expect(history.body.message).toMatch(/^Conversation history must be at most/);
    });

    it("should answer 404 for another user's product, session and messages, and leave them untouched", async () => {
      const owner = world.caller();
      const stranger = world.caller();
      const product = await world.product(owner);
      const { id: sessionId } = await session(owner, product.id);
      await request(base)
        .post('/api/chat-messages')
        .set('Cookie', owner.cookie)
        .send({ sessionId, message: 'mine' });

      const attempts = [
        request(base)
          .get('/api/chat-sessions')
          .query({ productId: product.id })
          .set('Cookie', stranger.cookie),
        request(base)
          .post('/api/chat-sessions')
          .set('Cookie', stranger.cookie)
          .send({ productId: product.id }),
        request(base).delete(`/api/chat-sessions/${sessionId}`).set('Cookie', stranger.cookie),
        request(base).get('/api/chat-messages').query({ sessionId }).set('Cookie', stranger.cookie),
        request(base)
          .post('/api/chat-messages')
          .set('Cookie', stranger.cookie)
          .send({ sessionId, message: 'theirs' }),
        request(base)
          .post(`/api/products/${product.id}/generate-analytics-strategy`)
          .set('Cookie', stranger.cookie)
          .send({ sessionId, userMessage: 'KPIs?' }),
        request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', stranger.cookie),
        request(base).delete('/api/chat-sessions/not-a-uuid').set('Cookie', owner.cookie),
        request(base)
          .get('/api/chat-messages')
          .query({ sessionId: 'not-a-uuid' })
          .set('Cookie', owner.cookie),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(404);
        expect(res.body.message).toMatch(/^(Product not found|Chat session not found)$/);
      }
      const mine = await request(base)
        .get('/api/chat-messages')
        .query({ sessionId })
        .set('Cookie', owner.cookie);
      expect((mine.body as ChatMessage[]).map((m) => m.content)).toEqual(['mine']);
      expect((await request(base).get('/api/chat-sessions').query({ productId: product.id })).status).toBe(
        401,
      );
    });
  });

  describe('analytics strategy jobs', () => {
    it('should answer a question from the plan: the job completes, the answer joins the thread and only names plan events', async () => {
      const caller = world.caller();
      const shop = fixture('shop');
      const product = await world.product(caller, shop.product);
      const plan = await world.plan(caller, product.id, shop.analysis);
      const { id: sessionId } = await session(caller, product.id);

      const job = (await ask(
        base,
        caller,
        product.id,
        sessionId,
        'Which KPIs should I watch?',
      )) as StrategyJob;
      expect(job).toMatchObject({
        type: 'analytics_strategy',
        sessionId,
        status: 'completed',
        progress: 100,
        error: null,
      });
      const planEvents = new Set(plan.events.map((event) => event.name));
      const rows = job.result!.table;
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        for (const event of row.events) expect(planEvents).toContain(event);
        if (!row.measurable) expect(row.missing_events.length).toBeGreaterThan(0);
      }
      expect(rows.filter((row: StrategyMetric) => row.measurable).length).toBeGreaterThan(0);

      const thread = await request(base)
        .get('/api/chat-messages')
        .query({ sessionId })
        .set('Cookie', caller.cookie);
      const messages = thread.body as ChatMessage[];
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(messages[0]!.content).toBe('Which KPIs should I watch?');
      expect(messages[1]!.content).toBe(job.result!.text);
      expect(messages[1]!.metadata?.analytics_strategy).toEqual(job.result);

      expect(await world.analyticsMessages(caller.userId)).toBe(1);
      await eventually(() =>
        expect(
          world.published.filter((e) => (e.data as { jobId: string }).jobId === job.id).map((e) => e.type),
        ).toEqual([chatSubjects.strategyCompleted]),
      );
    });

    it.each(FIXTURE_NAMES)(
      'should ground five different questions on the %s product in its own generated plan, each answer different',
      async (name) => {
        const caller = world.caller();
        const { product: spec, analysis } = fixture(name);
        const product = await world.product(caller, spec);
        const plan = await world.plan(caller, product.id, analysis);
        const planEvents = new Set(plan.events.map((event) => event.name));
        const { id: sessionId } = await session(caller, product.id);
        const questions = [
          'Which KPIs should I watch?',
          'What should my north star metric be?',
          'How do I measure drop-off in my main funnel?',
          'What should my weekly dashboard show?',
          'How do I measure engagement and task success?',
        ];
        const tables: string[] = [];
        for (const question of questions) {
          const job = (await ask(base, caller, product.id, sessionId, question)) as StrategyJob;
          expect(job.status).toBe('completed');
          const rows = job.result!.table;
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) {
            for (const event of row.events) expect(planEvents).toContain(event);
            for (const event of row.missing_events) expect(planEvents).not.toContain(event);
            expect(row.measurable).toBe(row.missing_events.length === 0);
          }
          tables.push(JSON.stringify(rows.map((row) => row.metric_name)));
        }
        expect(new Set(tables).size).toBe(questions.length);
      },
    );

    it('should run one job per session at a time: a second question while one runs answers 409 and takes no quota', async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      const { id: sessionId } = await session(caller, product.id);
      strategist.hold();
      const generate = () =>
        request(base)
          .post(`/api/products/${product.id}/generate-analytics-strategy`)
          .set('Cookie', caller.cookie)
          .send({ sessionId, userMessage: 'Which KPIs should I watch?' });
      expect((await generate()).status).toBe(202);
      const second = await generate();
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ code: 'STRATEGY_IN_PROGRESS' });
      expect(await world.analyticsMessages(caller.userId)).toBe(1);

      await eventually(async () => {
        const jobs = await request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', caller.cookie);
        expect(jobs.body[0]).toMatchObject({ status: 'running', stage: expect.any(String) });
        expect(jobs.body[0].progress).toBeGreaterThan(0);
      });
      strategist.release();
      await eventually(async () => {
        const jobs = await request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', caller.cookie);
        expect(jobs.body[0]).toMatchObject({ status: 'completed', progress: 100, stage: null });
      });
    });

    it("should refuse a free user's 11th message of the month with ANALYTICS_MESSAGE_RESTRICTED, and give back a failed job's unit", async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      const { id: sessionId } = await session(caller, product.id);

      strategist.failure = new Error('the strategist is down');
      const failed = (await ask(
        base,
        caller,
        product.id,
        sessionId,
        'Which KPIs should I watch?',
      )) as StrategyJob;
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'Failed to generate analytics strategy. Please try again.',
      });
      expect(await world.analyticsMessages(caller.userId)).toBe(0);
      await eventually(() =>
        expect(
          world.published.filter((e) => (e.data as { jobId: string }).jobId === failed.id).map((e) => e.type),
        ).toEqual([chatSubjects.strategyFailed]),
      );
      strategist.failure = null;

      for (let n = 1; n <= 10; n++) {
        const job = (await ask(
          base,
          caller,
          product.id,
          sessionId,
          `Question ${n}: which KPIs should I watch?`,
        )) as StrategyJob;
        expect(job.status).toBe('completed');
      }
      expect(await world.analyticsMessages(caller.userId)).toBe(10);
      const refused = await request(base)
        .post(`/api/products/${product.id}/generate-analytics-strategy`)
        .set('Cookie', caller.cookie)
        .send({ sessionId, userMessage: 'One more?' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: "You've reached your free plan limit of 10 analytics strategy messages per month",
        error: "You've reached your free plan limit of 10 analytics strategy messages per month",
        code: 'ANALYTICS_MESSAGE_RESTRICTED',
        upgradeRequired: true,
      });
      const thread = await request(base)
        .get('/api/chat-messages')
        .query({ sessionId })
        .set('Cookie', caller.cookie);
      // The failed question stays in the thread without an answer; the refused one was never stored.
      expect(thread.body).toHaveLength(1 + 10 * 2);
    });

    it('should delete a session with its messages and jobs', async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      const { id: sessionId } = await session(caller, product.id);
      await ask(base, caller, product.id, sessionId, 'What should my weekly dashboard show?');
      const deleted = await request(base)
        .delete(`/api/chat-sessions/${sessionId}`)
        .set('Cookie', caller.cookie);
      expect(deleted.body).toEqual({ success: true, id: sessionId });
      expect(
        (await request(base).delete(`/api/chat-sessions/${sessionId}`).set('Cookie', caller.cookie)).status,
      ).toBe(404);
      expect(
        (await request(base).get('/api/chat-messages').query({ sessionId }).set('Cookie', caller.cookie))
          .status,
      ).toBe(404);
      const jobs = await request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', caller.cookie);
      expect(jobs.body).toEqual([]);
    });
  });
});
