import request from 'supertest';
import { eq } from 'drizzle-orm';
import { eventually, testBus } from '@tracklens/kit/testing';
import { planningSubjects, type TrackingPlan } from '@tracklens/contracts';
import { generationJobs as jobs } from '../src/db/schema';
import { shopAnalysis } from '../src/testing/analysis.factory';
import { GatedGenerator, startWorld, storedOfflinePlan, type World } from './support';

describe('planning service restart', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld('restart');
  });

  afterAll(async () => {
    await world.stop();
  });

  it('should finish a plan once when the service stops mid-generation and a new one starts on the same database and bus', async () => {
    const caller = world.caller();
    const product = await world.product(caller);
    world.analysis.answers.set(product.id, { userId: caller.userId, analysis: shopAnalysis({ productId: product.id }) });

    // The first process takes the job and is caught inside generation.
    const stuck = new GatedGenerator();
    stuck.hold();
    const first = await world.startPlanning({ generator: stuck, inMemoryDatabase: false });
    const started = await request(`http://127.0.0.1:${first.httpPort}`)
      .post(`/api/products/${product.id}/generate-tracking-plan`)
      .set('Cookie', caller.cookie);
    expect(started.status).toBe(202);
    const { jobId } = started.body as { jobId: string };
    await eventually(() => expect(stuck.started).toBe(1));
    const [running] = await first.runtime.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    await first.stop();

    // The stopping process gave its job back to the queue: the next process takes it and completes the plan.
    const fresh = new GatedGenerator();
    const second = await world.startPlanning({ generator: fresh, inMemoryDatabase: false });
    const base = `http://127.0.0.1:${second.httpPort}`;
    const plan = await eventually(async () => {
      const res = await request(base).get(`/api/products/${product.id}/tracking-plans`).set('Cookie', caller.cookie);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].status).toBe('completed');
      return res.body[0] as TrackingPlan;
    }, 20_000);
    const analysis = shopAnalysis({ productId: product.id });
    expect(plan.content).toEqual(storedOfflinePlan(analysis));
    expect(fresh.started).toBe(1);
    expect(stuck.started).toBe(1);
    const [job] = await second.runtime.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'completed', progress: 100, attempts: 2 });

    // Once: one completed event, the quota unit kept, and nothing more arriving later.
    await eventually(() =>
      expect(
        world.published.filter(
          (e) => e.type === planningSubjects.trackingPlanCompleted && (e.data as { planId: string }).planId === plan.id,
        ),
      ).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const outcomes = world.published
      .filter((e) => (e.data as { planId: string }).planId === plan.id)
      .map((e) => e.type);
    expect(outcomes).toEqual([planningSubjects.trackingPlanCompleted]);
    expect(fresh.started).toBe(1);
    expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    await second.stop();
  });

  it('should finish a plan left generating when a new process starts with a new bus (the job is in the database)', async () => {
    const caller = world.caller();
    const product = await world.product(caller);
    world.analysis.answers.set(product.id, { userId: caller.userId, analysis: shopAnalysis({ productId: product.id }) });
    const stuck = new GatedGenerator();
    stuck.hold();
    const first = await world.startPlanning({ generator: stuck, inMemoryDatabase: false });
    const started = await request(`http://127.0.0.1:${first.httpPort}`)
      .post(`/api/products/${product.id}/generate-tracking-plan`)
      .set('Cookie', caller.cookie);
    expect(started.status).toBe(202);
    await eventually(() => expect(stuck.started).toBe(1));
    await first.stop();

    // A new process with a new bus: an in-process bus starts empty, as after a crash of the all-in-one process.
    const bus = await testBus('planning-restart-fresh');
    const fresh = new GatedGenerator();
    try {
      const second = await world.startPlanning({ generator: fresh, inMemoryDatabase: false, bus });
      await eventually(async () => {
        const res = await request(`http://127.0.0.1:${second.httpPort}`)
          .get(`/api/products/${product.id}/tracking-plan-status`)
          .set('Cookie', caller.cookie);
        expect(res.body).toMatchObject({ isGenerating: false, trackingPlan: { status: 'completed', progress: 100 } });
      }, 20_000);
      expect(fresh.started).toBe(1);
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
      await second.stop();
    } finally {
      await bus.close();
    }
  });
});
