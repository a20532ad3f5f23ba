/**
 * A planning process killed with SIGKILL while it generates a plan: the job's short lease runs out, the next
 * process takes the job over within seconds and finishes the plan once. A real process, SIGKILL, and the
 * run's real database (a PGlite folder, or PostgreSQL with DATABASE_URL) and bus.
 */
import path from 'node:path';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { rowsOf, type RunningService } from '@tracklens/kit';
import { TEST_NATS_PREFIX, eventually, startLoggingChild, type LoggingChild } from '@tracklens/kit/testing';
import { planningSubjects, type TrackingPlan } from '@tracklens/contracts';
import { shopAnalysis } from '../src/testing/analysis.factory';
import { startWorld, storedOfflinePlan, type World } from './support';

describe('planning crash and resume', () => {
  let world: World;
  let child: LoggingChild | undefined;
  let second: RunningService | undefined;

  beforeAll(async () => {
    world = await startWorld('crash');
  });

  afterAll(async () => {
    child?.kill();
    await second?.stop();
    await world.stop();
  });

  it('should finish a plan whose process was killed mid-generation within 10 s of the restart, once', async () => {
    const caller = world.caller();
    const product = await world.product(caller);
    const analysis = shopAnalysis({ productId: product.id });
    world.analysis.answers.set(product.id, { userId: caller.userId, analysis });

    child = startLoggingChild(path.join(__dirname, 'planning-child.ts'), path.join(__dirname, '..'), {
      PLANNING_CHILD_ENV: JSON.stringify({ ...world.planningEnv, NATS_PREFIX: TEST_NATS_PREFIX }),
    });
    await child.logged('planning child ready');
    const started = await request(`http://127.0.0.1:${world.config.services.planning.httpPort}`)
      .post(`/api/products/${product.id}/generate-tracking-plan`)
      .set('Cookie', caller.cookie);
    expect(started.status).toBe(202);
    await child.logged('generation held');
    child.process.kill('SIGKILL');
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });

    // The job engine's own lease, heartbeat and polling, as an operator's restarted process has them.
    const restartedAt = Date.now();
    second = await world.startPlanning({ inMemoryDatabase: false, jobs: {} });
    const base = `http://127.0.0.1:${second.httpPort}`;
    const plan = await eventually(async () => {
      const res = await request(base).get(`/api/products/${product.id}/tracking-plans`).set('Cookie', caller.cookie);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].status).toBe('completed');
      return res.body[0] as TrackingPlan;
    }, 20_000, 100);
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    expect(plan.content).toEqual(storedOfflinePlan(analysis));

    // Once: one completed event stored and published, and one quota unit.
    const completed = rowsOf<{ count: number }>(
      await second.runtime.db.execute(
        sql`select count(*)::int as count from outbox
          where subject = ${planningSubjects.trackingPlanCompleted} and envelope->'data'->>'planId' = ${plan.id}`,
      ),
    );
    expect(completed[0]).toEqual({ count: 1 });
    await eventually(() =>
      expect(world.published.filter((e) => (e.data as { planId?: string }).planId === plan.id).map((e) => e.type)).toEqual([
        planningSubjects.trackingPlanCompleted,
      ]),
    );
    expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
  }, 120_000);
});
