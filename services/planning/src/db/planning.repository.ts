/** All SQL of planning. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { enqueueEvent, enqueueJob, type Database, type OutgoingEvent } from '@tracklens/kit';
import { TRACKING_PLAN_QUEUE } from '../domain/generation-job';
import type { TrackingPlanContent } from '@tracklens/contracts';
import type {
  JobRecord,
  LockedProductStore,
  NewPlan,
  PlanRecord,
  PlanningStore,
} from '../domain/ports';
import { generationJobs as jobs, trackingPlans } from './schema';

type PlanRow = typeof trackingPlans.$inferSelect;

function toPlan(row: PlanRow): PlanRecord {
  return {
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    title: row.title,
    status: row.status,
    content: row.content ?? null,
    error: row.error ?? null,
    reservationId: row.reservationId ?? null,
    jobId: row.jobId,
    createdAt: row.createdAt,
    completedAt: row.completedAt ?? null,
  };
}

export class PlanningRepository implements PlanningStore {
  constructor(private readonly db: Database) {}

  async withProductLock<T>(productId: string, work: (store: LockedProductStore) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planning.generate:${productId}`}))`);
      return work({
        findGeneratingPlan: (id) => generatingPlanOf(tx, id),
        insertPlan: (plan) => insertPlan(tx, plan),
      });
    });
  }

  findGeneratingPlan(productId: string): Promise<PlanRecord | null> {
    return generatingPlanOf(this.db, productId);
  }

  async listPlans(userId: string, productId: string): Promise<PlanRecord[]> {
    const rows = await this.db
      .select()
      .from(trackingPlans)
      .where(and(eq(trackingPlans.productId, productId), eq(trackingPlans.userId, userId)))
      .orderBy(desc(trackingPlans.createdAt), desc(trackingPlans.id));
    return rows.map(toPlan);
  }

  async currentPlan(userId: string, productId: string): Promise<{ plan: PlanRecord; job: JobRecord | null } | null> {
    const [row] = await this.db
      .select()
      .from(trackingPlans)
      .where(and(eq(trackingPlans.productId, productId), eq(trackingPlans.userId, userId)))
      // The generating plan first, then the newest.
      .orderBy(sql`(${trackingPlans.status} = 'generating') desc`, desc(trackingPlans.createdAt))
      .limit(1);
    if (!row) return null;
    const [job] = await this.db
      .select({ id: jobs.id, status: jobs.status, progress: jobs.progress })
      .from(jobs)
      .where(eq(jobs.id, row.jobId));
    return { plan: toPlan(row), job: job ?? null };
  }

  async findPlan(userId: string, planId: string): Promise<PlanRecord | null> {
    const [row] = await this.db
      .select()
      .from(trackingPlans)
      .where(and(eq(trackingPlans.id, planId), eq(trackingPlans.userId, userId)));
    return row ? toPlan(row) : null;
  }

  async latestCompletedPlan(userId: string, productId: string): Promise<PlanRecord | null> {
    const [row] = await this.db
      .select()
      .from(trackingPlans)
      .where(
        and(
          eq(trackingPlans.productId, productId),
          eq(trackingPlans.userId, userId),
          eq(trackingPlans.status, 'completed'),
        ),
      )
      .orderBy(desc(trackingPlans.completedAt), desc(trackingPlans.id))
      .limit(1);
    return row ? toPlan(row) : null;
  }

  async deletePlan(userId: string, planId: string): Promise<'deleted' | 'missing' | 'generating'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: trackingPlans.status, jobId: trackingPlans.jobId })
        .from(trackingPlans)
        .where(and(eq(trackingPlans.id, planId), eq(trackingPlans.userId, userId)))
        .for('update');
      if (!row) return 'missing';
      if (row.status === 'generating') return 'generating';
      await tx.delete(trackingPlans).where(eq(trackingPlans.id, planId));
      await tx.delete(jobs).where(eq(jobs.id, row.jobId));
      return 'deleted';
    });
  }

  async findPlanById(planId: string): Promise<PlanRecord | null> {
    const [row] = await this.db.select().from(trackingPlans).where(eq(trackingPlans.id, planId));
    return row ? toPlan(row) : null;
  }

  async startJob(jobId: string, progress: number): Promise<boolean> {
    const started = await this.db
      .update(jobs)
      .set({
        status: 'running',
        progress,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['pending', 'running'])))
      .returning({ id: jobs.id });
    return started.length > 0;
  }

  async setJobProgress(jobId: string, progress: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ progress, updatedAt: sql`clock_timestamp()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')));
  }

  async completePlan(
    plan: PlanRecord,
    content: TrackingPlanContent,
    event: OutgoingEvent,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(trackingPlans)
        .set({ status: 'completed', content, error: null, completedAt: sql`clock_timestamp()` })
        .where(and(eq(trackingPlans.id, plan.id), eq(trackingPlans.status, 'generating')))
        .returning({ id: trackingPlans.id });
      if (!done) return false;
      await tx
        .update(jobs)
        .set({
          status: 'completed',
          progress: 100,
          result: { planId: plan.id, eventCount: content.events.length, funnelCount: content.funnels.length },
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(jobs.id, plan.jobId));
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
  }

  async failPlan(plan: PlanRecord, error: string, event: OutgoingEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(trackingPlans)
        .set({ status: 'failed', error, completedAt: sql`clock_timestamp()` })
        .where(and(eq(trackingPlans.id, plan.id), eq(trackingPlans.status, 'generating')))
        .returning({ id: trackingPlans.id });
      if (!failed) return false;
      await tx
        .update(jobs)
        .set({ status: 'failed', error, updatedAt: sql`clock_timestamp()` })
        .where(eq(jobs.id, plan.jobId));
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
  }
}

async function generatingPlanOf(db: Database, productId: string): Promise<PlanRecord | null> {
  const [row] = await db
    .select()
    .from(trackingPlans)
    .where(and(eq(trackingPlans.productId, productId), eq(trackingPlans.status, 'generating')));
  return row ? toPlan(row) : null;
}

async function insertPlan(tx: Database, plan: NewPlan): Promise<void> {
  await tx.insert(jobs).values({
    id: plan.jobId,
    type: 'tracking_plan',
    status: 'pending',
    progress: 0,
    userId: plan.userId,
    productId: plan.productId,
    createdAt: sql`clock_timestamp()`,
    updatedAt: sql`clock_timestamp()`,
  });
  await tx.insert(trackingPlans).values({
    id: plan.id,
    productId: plan.productId,
    userId: plan.userId,
    title: plan.title,
    status: 'generating',
    reservationId: plan.reservationId,
    jobId: plan.jobId,
    // The wall clock after the lock, not the transaction's start: newest first is creation order.
    createdAt: sql`clock_timestamp()`,
  });
  await enqueueJob(tx, TRACKING_PLAN_QUEUE, plan.id, { planId: plan.id });
}
