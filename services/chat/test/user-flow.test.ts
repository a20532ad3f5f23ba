/** User flows through the chat service's routes: the recorded journey as a flow, sub-flows, limits and scoping. */
import request from 'supertest';
import type { RunningService } from '@tracklens/kit';
import { eventually } from '@tracklens/kit/testing';
import {
  chatSubjects,
  type ChatJob,
  type ChatMessage,
  type ChatSession,
  type UserFlow,
} from '@tracklens/contracts';
import { fixture } from './fixtures';
import { ask, startWorld, type Caller, type World } from './support/world';

type FlowJob = Extract<ChatJob, { type: 'user_flow' }>;

describe('user flows', () => {
  let world: World;
  let chat: RunningService;
  let base: string;

  beforeAll(async () => {
    world = await startWorld('flows');
    chat = await world.startChat();
    base = `http://127.0.0.1:${chat.httpPort}`;
  });

  afterAll(async () => {
    await world.stop();
  });

  async function session(caller: Caller, productId: string, chatType = 'user_flow'): Promise<ChatSession> {
    const res = await request(base)
      .post('/api/chat-sessions')
      .set('Cookie', caller.cookie)
      .send({ productId, chatType });
    expect(res.status).toBe(201);
    return res.body as ChatSession;
  }

  async function flow(
    caller: Caller,
    productId: string,
    sessionId: string,
    question: string,
  ): Promise<FlowJob> {
    const job = (await ask(
      base,
      caller,
      productId,
      sessionId,
      question,
      '',
      'generate-user-flow',
    )) as FlowJob;
    expect(job).toMatchObject({ type: 'user_flow', status: 'completed', progress: 100 });
    return job;
  }

  it("should draw the main flow of a generated product: its screens in the recorded order, the plan's events on the edges", async () => {
    const caller = world.caller();
    const shop = fixture('shop');
    const product = await world.product(caller, shop.product);
    const plan = await world.plan(caller, product.id, shop.analysis);
    const { id: sessionId } = await session(caller, product.id);

    const job = await flow(caller, product.id, sessionId, 'Show the main user flow');
    const result = job.result as UserFlow;
    const screens = result.nodes.filter((node) => node.type === 'screen');
    const recorded = [...shop.analysis.pageSpecs]
      .sort((a, b) => a.order - b.order)
      .map((spec) => spec.screenName);
    expect(screens.map((node) => node.label)).toEqual(
      recorded.filter((name, i) => recorded.indexOf(name) === i),
    );
    for (const node of screens) {
      const spec = shop.analysis.pageSpecs.find((candidate) => candidate.screenName === node.label)!;
      expect(node.atSec).toBe(spec.firstSeenSec);
      if (spec.screenshotKey) expect(node.screenshot_path).toMatch(/^\/api\/images\//);
    }
    expect(result.nodes[0]?.type).toBe('start');
    expect(result.nodes.some((node) => node.type === 'end')).toBe(true);
    const planEvents = new Set(plan.events.map((event) => event.name));
    const events = result.edges.flatMap((edge) => (edge.event ? [edge.event] : []));
    expect(events.length).toBeGreaterThan(screens.length / 2);
    for (const event of events) expect(planEvents).toContain(event);
    const ids = new Set(result.nodes.map((node) => node.id));
    for (const edge of result.edges) expect(ids.has(edge.from) && ids.has(edge.to)).toBe(true);

    const thread = await request(base)
      .get('/api/chat-messages')
      .query({ sessionId })
      .set('Cookie', caller.cookie);
    const [question, answer] = thread.body as ChatMessage[];
    expect(question).toMatchObject({ role: 'user', content: 'Show the main user flow' });
    expect(answer?.metadata?.user_flow).toEqual(result);
    expect(answer?.content).toContain(result.title);
    await eventually(() =>
      expect(
        world.published.filter((e) => (e.data as { jobId: string }).jobId === job.id).map((e) => e.type),
      ).toEqual([chatSubjects.userFlowCompleted]),
    );
  });

  it('should answer a question about one screen with the sub-flow around it', async () => {
    const caller = world.caller();
    const shop = fixture('shop');
    const product = await world.product(caller, shop.product);
    await world.plan(caller, product.id, shop.analysis);
    const { id: sessionId } = await session(caller, product.id);

    const whole = (await flow(caller, product.id, sessionId, 'Show the main user flow')).result as UserFlow;
    const after = (await flow(caller, product.id, sessionId, 'What happens after checkout?'))
      .result as UserFlow;
    const screensOf = (f: UserFlow) =>
      f.nodes.filter((node) => node.type === 'screen').map((node) => node.label);
    // From Checkout on, as the recording went; it may end on the screen the recording returned to.
    expect(screensOf(after)[0]).toBe('Checkout');
    expect(screensOf(after).length).toBeLessThan(screensOf(whole).length);
  });

  it('should share the free plan with the strategy chat, refuse the 11th message and keep to the caller and the chat type', async () => {
    const caller = world.caller();
    const product = await world.product(caller);
    const flows = await session(caller, product.id);
    const strategies = await session(caller, product.id, 'analytics_strategy');

    const wrongType = await request(base)
      .post(`/api/products/${product.id}/generate-user-flow`)
      .set('Cookie', caller.cookie)
      .send({ sessionId: strategies.id, userMessage: 'Show the main user flow' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('This chat is for another kind of answer');
    const stranger = await request(base)
      .post(`/api/products/${product.id}/generate-user-flow`)
      .set('Cookie', world.caller().cookie)
      .send({ sessionId: flows.id, userMessage: 'Show the main user flow' });
    expect(stranger.status).toBe(404);

    for (let n = 0; n < 5; n++) await flow(caller, product.id, flows.id, `Show the main user flow (${n})`);
    for (let n = 0; n < 5; n++)
      await ask(base, caller, product.id, strategies.id, `Which KPIs should I watch? (${n})`);
    expect(await world.analyticsMessages(caller.userId)).toBe(10);
    const refused = await request(base)
      .post(`/api/products/${product.id}/generate-user-flow`)
      .set('Cookie', caller.cookie)
      .send({ sessionId: flows.id, userMessage: 'One more flow' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ANALYTICS_MESSAGE_RESTRICTED', upgradeRequired: true });

    // Without an analysis the flow still completes, and says what is missing.
    const jobs = await request(base).get(`/api/products/${product.id}/jobs`).set('Cookie', caller.cookie);
    const flowJob = (jobs.body as ChatJob[]).find((job) => job.type === 'user_flow') as FlowJob;
    expect(flowJob.result?.description).toMatch(/analys/i);
  });
});
