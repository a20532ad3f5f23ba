import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { enqueueJob, readJob, type RunningService } from '@tracklens/kit';
import { eventually, expectStandardServiceSurface } from '@tracklens/kit/testing';
import {
  EVENT_NAME_PATTERN,
  TRACKING_PLAN_EXPORT_FORMATS,
  TRACKING_PLAN_NEEDS_ANALYSIS,
  planningSubjects,
  type ProductAnalysis,
  type ProductType,
  type TrackingPlan,
  trackingPlanCsv,
  trackingPlanMarkdown,
} from '@tracklens/contracts';
import { planningClient } from '@tracklens/contracts/clients';
import { generationJobs as jobs } from '../src/db/schema';
import { GENERATION_FAILED, TRACKING_PLAN_QUEUE } from '../src/domain/generation-job';
import { shopAnalysis } from '../src/testing/analysis.factory';
import { GatedGenerator, startWorld, storedOfflinePlan, type Caller, type World } from './support';

describe('planning service', () => {
  let world: World;
  let service: RunningService;
  let base: string;
  const generator = new GatedGenerator();

  beforeAll(async () => {
    world = await startWorld('main');
    service = await world.startPlanning({ generator });
    base = `http://127.0.0.1:${service.httpPort}`;
  });

  afterAll(async () => {
    generator.release();
    await world.stop();
  });

  afterEach(() => generator.release());

  /** A caller with a product whose analysis is finalised (the shop of the factory, with this product's id). */
  async function analysedProduct(caller = world.caller(), analysis: Partial<ProductAnalysis> = {}, type: ProductType = 'website') {
    const product = await world.product(caller, 'Acme Shop', type);
    world.analysis.answers.set(product.id, {
      userId: caller.userId,
      analysis: shopAnalysis({ productId: product.id, ...analysis }),
    });
    return { caller, product };
  }

  function generate(caller: Caller, productId: string) {
    return request(base)
      .post(`/api/products/${productId}/generate-tracking-plan`)
      .set('Cookie', caller.cookie);
  }

  function status(caller: Caller, productId: string) {
    return request(base).get(`/api/products/${productId}/tracking-plan-status`).set('Cookie', caller.cookie);
  }

  async function plans(caller: Caller, productId: string): Promise<TrackingPlan[]> {
    const res = await request(base)
      .get(`/api/products/${productId}/tracking-plans`)
      .set('Cookie', caller.cookie);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function settled(
    caller: Caller,
    productId: string,
    expected: 'completed' | 'failed',
  ): Promise<TrackingPlan> {
    return eventually(async () => {
      const [latest] = await plans(caller, productId);
      expect(latest?.status).toBe(expected);
      return latest as TrackingPlan;
    });
  }

  function eventsOf(type: string, planId: string) {
    return world.published.filter((e) => e.type === type && (e.data as { planId: string }).planId === planId);
  }

  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    await expectStandardServiceSurface(service);
  });

  it('should answer 401 NO_AUTH without a session cookie', async () => {
    const res = await request(base).post(`/api/products/${randomUUID()}/generate-tracking-plan`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('NO_AUTH');
  });

  describe('POST /api/products/:id/generate-tracking-plan', () => {
    it('should answer {jobId}, report progress, then complete the plan from the analysis and publish planning.trackingplan.completed', async () => {
      const { caller, product } = await analysedProduct();
      generator.hold();
      const res = await generate(caller, product.id);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

      const running = await eventually(async () => {
        const answer = await status(caller, product.id);
        expect(answer.body).toMatchObject({
          isGenerating: true,
          trackingPlan: { status: 'generating', progress: 40 },
        });
        return answer.body;
      });
      expect(running.trackingPlan.jobId).toBe(res.body.jobId);
      const [job] = await service.runtime.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
      expect(job).toMatchObject({ type: 'tracking_plan', status: 'running', progress: 40, attempts: 1 });

      generator.release();
      const plan = await settled(caller, product.id, 'completed');
      expect(plan).toEqual({
        id: running.trackingPlan.id,
        productId: product.id,
        title: 'Acme Shop Tracking Plan',
        status: 'completed',
        createdAt: expect.any(String),
        completedAt: expect.any(String),
        // The generator's plan, with the moments of the video the analysis saw each event at.
        content: storedOfflinePlan(shopAnalysis({ productId: product.id })),
        error: null,
      });
      expect(plan.content?.events[0]).toMatchObject({
        name: 'Page Viewed',
        screenshot_path: '/api/images/users/u1/products/p1/frames/home.jpg',
      });
      for (const event of plan.content?.events ?? []) expect(event.name).toMatch(EVENT_NAME_PATTERN);
      expect(plan.content?.events.find((event) => event.evidence)?.evidence?.[0]).toEqual({
        videoId: 'video-1',
        atSec: expect.any(Number),
        screenshot_path: expect.stringMatching(/^\/api\/images\//),
      });

      expect((await status(caller, product.id)).body).toEqual({
        isGenerating: false,
        trackingPlan: { id: plan.id, status: 'completed', jobId: res.body.jobId, progress: 100 },
      });
      const [done] = await service.runtime.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
      expect(done).toMatchObject({
        status: 'completed',
        progress: 100,
        result: { planId: plan.id, eventCount: plan.content?.events.length, funnelCount: 3 },
      });
      await eventually(() =>
        expect(eventsOf(planningSubjects.trackingPlanCompleted, plan.id)).toEqual([
          expect.objectContaining({
            producer: 'planning',
            data: {
              planId: plan.id,
              productId: product.id,
              userId: caller.userId,
              eventCount: plan.content?.events.length,
              funnelCount: 3,
            },
          }),
        ]),
      );
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    });

    it('should name views after the type its owner gave the product: screens of a mobile app, pages of a website', async () => {
      const { caller, product } = await analysedProduct(world.caller(), {}, 'mobile_app');
      expect((await generate(caller, product.id)).status).toBe(202);
      const plan = await settled(caller, product.id, 'completed');
      const names = plan.content?.events.map((event) => event.name) ?? [];
      // The same screens read as a website when no type is given (the first test's plan).
      expect(storedOfflinePlan(shopAnalysis({ productId: product.id })).events[0]?.name).toBe('Page Viewed');
      expect(names).toEqual(expect.arrayContaining(['Screen Viewed', 'Application Opened']));
      expect(names).not.toContain('Page Viewed');
    });

    it("should answer {status: 'generating'} to a second request while a plan is generating", async () => {
      const { caller, product } = await analysedProduct();
      generator.hold();
      const first = await generate(caller, product.id);
      expect(first.status).toBe(202);
      const second = await generate(caller, product.id);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ status: 'generating' });
      generator.release();
      await settled(caller, product.id, 'completed');
      expect(await plans(caller, product.id)).toHaveLength(1);
    });

    it('should make one plan of two requests sent at once', async () => {
      const { caller, product } = await analysedProduct();
      generator.hold();
      const answers = await Promise.all([
        generate(caller, product.id),
        generate(caller, product.id),
        generate(caller, product.id),
      ]);
      const bodies = answers.map((res) => res.body);
      expect(bodies.filter((b) => 'jobId' in b)).toHaveLength(1);
      expect(bodies.filter((b) => b.status === 'generating')).toHaveLength(2);
      generator.release();
      await settled(caller, product.id, 'completed');
      expect(await plans(caller, product.id)).toHaveLength(1);
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    });

    it("should answer 403 TRACKING_PLAN_RESTRICTED with the §8 message for a free user's second plan of the month", async () => {
      const { caller, product } = await analysedProduct();
      expect((await generate(caller, product.id)).status).toBe(202);
      await settled(caller, product.id, 'completed');
      const res = await generate(caller, product.id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: "You've reached your free plan limit of 1 tracking plan per month",
        error: "You've reached your free plan limit of 1 tracking plan per month",
        code: 'TRACKING_PLAN_RESTRICTED',
        upgradeRequired: true,
      });
      expect(await plans(caller, product.id)).toHaveLength(1);
    });

    it("should answer 404 'Product not found' for another user's, an unknown or a malformed product", async () => {
      const { product } = await analysedProduct();
      const bob = world.caller();
      for (const id of [product.id, randomUUID(), 'not-a-uuid']) {
        for (const res of [await generate(bob, id), await status(bob, id)]) {
          expect({ id, status: res.status, body: res.body }).toEqual({
            id,
            status: 404,
            body: { message: 'Product not found', code: 'NOT_FOUND' },
          });
        }
      }
      expect(await world.trackingPlansGenerated(bob.userId)).toBe(0);
    });
  });

  describe('failed generation', () => {
    it('should fail the plan with the §8 message, give the quota back and publish planning.trackingplan.failed when the analysis is not finalised', async () => {
      const { caller, product } = await analysedProduct(world.caller(), { finalized: false });
      const res = await generate(caller, product.id);
      expect(res.status).toBe(202);
      const plan = await settled(caller, product.id, 'failed');
      expect(plan).toMatchObject({ status: 'failed', content: null, error: TRACKING_PLAN_NEEDS_ANALYSIS });
      expect((await status(caller, product.id)).body).toEqual({
        isGenerating: false,
        trackingPlan: { id: plan.id, status: 'failed', jobId: res.body.jobId, progress: 10 },
      });
      const [job] = await service.runtime.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
      expect(job).toMatchObject({ status: 'failed', error: TRACKING_PLAN_NEEDS_ANALYSIS });
      await eventually(() =>
        expect(eventsOf(planningSubjects.trackingPlanFailed, plan.id)).toEqual([
          expect.objectContaining({
            data: {
              planId: plan.id,
              productId: product.id,
              userId: caller.userId,
              error: TRACKING_PLAN_NEEDS_ANALYSIS,
            },
          }),
        ]),
      );
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(0);

      // The unit given back lets the free user generate once the analysis is finalised.
      world.analysis.answers.set(product.id, {
        userId: caller.userId,
        analysis: shopAnalysis({ productId: product.id }),
      });
      expect((await generate(caller, product.id)).status).toBe(202);
      await settled(caller, product.id, 'completed');
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    });

    it('should fail the plan when analysis knows no analysis of the product', async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      expect((await generate(caller, product.id)).status).toBe(202);
      const plan = await settled(caller, product.id, 'failed');
      expect(plan.error).toBe(TRACKING_PLAN_NEEDS_ANALYSIS);
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(0);
    });

    it('should retry a transient failure and complete the plan once', async () => {
      const { caller, product } = await analysedProduct();
      let failures = 2;
      world.analysis.answers.set(product.id, {
        userId: caller.userId,
        analysis: shopAnalysis({ productId: product.id }),
        fail: () => (failures-- > 0 ? new Error('analysis hiccup') : null),
      });
      const res = await generate(caller, product.id);
      const plan = await settled(caller, product.id, 'completed');
      const [job] = await service.runtime.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
      expect(job).toMatchObject({ status: 'completed', attempts: 3 });
      await eventually(() =>
        expect(eventsOf(planningSubjects.trackingPlanCompleted, plan.id)).toHaveLength(1),
      );
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    });

    it('should fail the plan and give the quota back on the last attempt of a failure that never clears', async () => {
      const { caller, product } = await analysedProduct();
      world.analysis.answers.set(product.id, {
        userId: caller.userId,
        analysis: shopAnalysis({ productId: product.id }),
        fail: () => new Error('analysis is down'),
      });
      const res = await generate(caller, product.id);
      const plan = await eventually(() => settled(caller, product.id, 'failed'), 20_000);
      expect(plan.error).toBe(GENERATION_FAILED);
      const [job] = await service.runtime.db.select().from(jobs).where(eq(jobs.id, res.body.jobId));
      expect(job).toMatchObject({ status: 'failed', attempts: TRACKING_PLAN_QUEUE.maxAttempts });
      expect(await world.trackingPlansGenerated(caller.userId)).toBe(0);
    });
  });

  describe('a job run again', () => {
    it('should do nothing when the job of a plan that is already completed runs again', async () => {
      const { caller, product } = await analysedProduct();
      await generate(caller, product.id);
      const plan = await settled(caller, product.id, 'completed');
      const calls = world.analysis.calls;
      const { db } = service.runtime;
      const rerun = await enqueueJob(db, TRACKING_PLAN_QUEUE, plan.id, { planId: plan.id }, { restartFinished: true });
      expect(rerun.enqueued).toBe(true);
      service.runtime.poke();
      await eventually(async () => expect(await readJob(db, rerun.id)).toMatchObject({ status: 'skipped' }));
      expect(world.analysis.calls).toBe(calls);
      expect(await plans(caller, product.id)).toEqual([plan]);
      expect(eventsOf(planningSubjects.trackingPlanCompleted, plan.id)).toHaveLength(1);
    });
  });

  describe('GET /api/products/:id/tracking-plans and tracking-plan-status', () => {
    it('should list the plans newest first, and answer no plan for a product without any', async () => {
      const caller = world.caller();
      const product = await world.product(caller);
      expect(await plans(caller, product.id)).toEqual([]);
      expect((await status(caller, product.id)).body).toEqual({ isGenerating: false, trackingPlan: null });

      await generate(caller, product.id);
      const failed = await settled(caller, product.id, 'failed');
      world.analysis.answers.set(product.id, {
        userId: caller.userId,
        analysis: shopAnalysis({ productId: product.id }),
      });
      await generate(caller, product.id);
      const completed = await settled(caller, product.id, 'completed');
      expect((await plans(caller, product.id)).map((p) => p.id)).toEqual([completed.id, failed.id]);
      const theirs = await request(base)
        .get(`/api/products/${product.id}/tracking-plans`)
        .set('Cookie', world.caller().cookie);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    });
  });

  describe('GetLatestTrackingPlan (gRPC)', () => {
    it("should answer the caller's newest completed plan, skip failed and generating ones, and NOT_FOUND otherwise", async () => {
      const client = planningClient(service.runtime.config);
      try {
        const caller = world.caller();
        const product = await world.product(caller);
        expect(await client.getLatestTrackingPlan(caller.userId, product.id)).toBeNull();
        await generate(caller, product.id);
        await settled(caller, product.id, 'failed');
        expect(await client.getLatestTrackingPlan(caller.userId, product.id)).toBeNull();

        world.analysis.answers.set(product.id, { userId: caller.userId, analysis: shopAnalysis({ productId: product.id }) });
        await generate(caller, product.id);
        const completed = await settled(caller, product.id, 'completed');
        const latest = await client.getLatestTrackingPlan(caller.userId, product.id);
        // Chat reads a plan's events, not the moments of the video: the wire carries no evidence.
        const events = completed.content?.events.map(({ evidence: _evidence, ...event }) => event) ?? [];
        expect(latest).toEqual({
          id: completed.id,
          title: completed.title,
          completedAt: completed.completedAt,
          content: { ...completed.content, events },
        });
        expect(await client.getLatestTrackingPlan(world.caller().userId, product.id)).toBeNull();
        expect(await client.getLatestTrackingPlan(caller.userId, 'not-a-uuid')).toBeNull();
      } finally {
        client.close();
      }
    });
  });

  describe('DELETE /api/tracking-plans/:id', () => {
    it("should delete the caller's finished plan, refuse a generating one and answer 404 for others", async () => {
      const { caller, product } = await analysedProduct();
      generator.hold();
      await generate(caller, product.id);
      const generating = await eventually(async () => {
        const [plan] = await plans(caller, product.id);
        expect(plan).toBeDefined();
        return plan as TrackingPlan;
      });
      const busy = await request(base)
        .delete(`/api/tracking-plans/${generating.id}`)
        .set('Cookie', caller.cookie);
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({ message: 'Tracking plan is still generating', code: 'PLAN_GENERATING' });
      generator.release();
      const plan = await settled(caller, product.id, 'completed');

      for (const [who, id] of [
        [world.caller(), plan.id],
        [caller, randomUUID()],
        [caller, 'nope'],
      ] as const) {
        const res = await request(base).delete(`/api/tracking-plans/${id}`).set('Cookie', who.cookie);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Tracking plan not found', code: 'NOT_FOUND' });
      }
      const res = await request(base).delete(`/api/tracking-plans/${plan.id}`).set('Cookie', caller.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id: plan.id });
      expect(await plans(caller, product.id)).toEqual([]);
    });
  });

  describe('GET /api/tracking-plans/:id/export', () => {
    it('should export CSV, markdown and JSON with their file names', async () => {
      const { caller, product } = await analysedProduct();
      await generate(caller, product.id);
      const plan = await settled(caller, product.id, 'completed');
      const content = plan.content;
      if (!content) throw new Error('completed plan without content');
      const exportAs = (format: string) =>
        request(base)
          .get(`/api/tracking-plans/${plan.id}/export`)
          .query({ format })
          .set('Cookie', caller.cookie)
          .buffer(true);

      const csv = await exportAs('csv');
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="tracking_plan_\d{13}\.csv"$/,
      );
      expect(csv.text).toBe(trackingPlanCsv(content.events));
      expect(csv.text.split('\r\n')[0]).toBe(
        'Event Trigger,Event Name,Property,Property Type,Example Property Value,Description,Screenshot Path',
      );
      const propertyRows = content.events.reduce((n, e) => n + Math.max(1, e.properties.length), 0);
      expect(csv.text.split('\r\n')).toHaveLength(propertyRows + 2);

      const md = await exportAs('md');
      expect(md.status).toBe(200);
      expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(md.headers['content-disposition']).toBe('attachment; filename="acme_shop_tracking_plan.md"');
      expect(md.text).toBe(
        trackingPlanMarkdown({
          title: 'Acme Shop Tracking Plan',
          ...content,
          generatedAt: new Date(plan.completedAt ?? ''),
        }),
      );
      expect(md.text.startsWith('# Acme Shop Tracking Plan\n\nGenerated: ')).toBe(true);

      const json = await exportAs('json');
      expect(json.status).toBe(200);
      expect(json.headers['content-disposition']).toMatch(
        /^attachment; filename="tracking_plan_\d{13}\.json"$/,
      );
      expect(JSON.parse(json.text)).toEqual(content);
    });

    it('should answer 400 for an unknown format, 409 while generating and 404 for another user', async () => {
      const { caller, product } = await analysedProduct();
      generator.hold();
      await generate(caller, product.id);
      const [generating] = await eventually(async () => {
        const list = await plans(caller, product.id);
        expect(list).toHaveLength(1);
        return list;
      });
      const id = generating?.id ?? '';
      const unknown = await request(base)
        .get(`/api/tracking-plans/${id}/export`)
        .query({ format: 'xlsx' })
        .set('Cookie', caller.cookie);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        message: `Format must be one of ${TRACKING_PLAN_EXPORT_FORMATS.join(', ')}`,
        code: 'VALIDATION_ERROR',
      });
      const notReady = await request(base)
        .get(`/api/tracking-plans/${id}/export`)
        .query({ format: 'csv' })
        .set('Cookie', caller.cookie);
      expect(notReady.status).toBe(409);
      expect(notReady.body).toEqual({ message: 'Tracking plan is not ready yet', code: 'PLAN_NOT_READY' });
      generator.release();
      await settled(caller, product.id, 'completed');
      const other = await request(base)
        .get(`/api/tracking-plans/${id}/export`)
        .query({ format: 'csv' })
        .set('Cookie', world.caller().cookie);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ message: 'Tracking plan not found', code: 'NOT_FOUND' });
    });
  });
});
