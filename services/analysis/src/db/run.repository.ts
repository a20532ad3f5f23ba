/** SQL of the analysis runs as their job drives them: queued with their job, started, progress and results. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { enqueueEvent, enqueueJob, type Database, type OutgoingEvent } from '@tracklens/kit';
import { ANALYSIS_QUEUE } from '../domain/video-analysis';
import type { AnalysisRecord, NewRun, Run, RunStore } from '../domain/ports';
import { frames, pageSpecs, runs } from './schema';

type RunRow = typeof runs.$inferSelect;

export function toRun(row: RunRow): Run {
  return {
    videoId: row.videoId,
    productId: row.productId,
    userId: row.userId,
    storageKey: row.storageKey,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class RunRepository implements RunStore {
  /** stored: called after a commit that wrote an outbox row or a job, so they are handled at once. */
  constructor(
    private readonly db: Database,
    private readonly stored: () => void = () => undefined,
  ) {}

  async insertRun(run: NewRun, event: OutgoingEvent): Promise<boolean> {
    const inserted = await this.db.transaction(async (tx) => {
      const rows = await tx.insert(runs).values(run).onConflictDoNothing({ target: runs.videoId }).returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await enqueueJob(tx, ANALYSIS_QUEUE, run.videoId, { videoId: run.videoId });
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (inserted) this.stored();
    return inserted;
  }

  async findRunById(videoId: string): Promise<Run | null> {
    const [row] = await this.db.select().from(runs).where(eq(runs.videoId, videoId));
    return row ? toRun(row) : null;
  }

  async startRun(videoId: string): Promise<Run | null> {
    const [row] = await this.db
      .update(runs)
      .set({ status: 'running', attempts: sql`${runs.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(runs.videoId, videoId), inArray(runs.status, ['queued', 'running'])))
      .returning();
    return row ? toRun(row) : null;
  }

  private running(videoId: string) {
    return and(eq(runs.videoId, videoId), eq(runs.status, 'running'));
  }

  async recordProgress(videoId: string, progress: number, stage: string, event: OutgoingEvent | null): Promise<boolean> {
    const recorded = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ progress, stage, updatedAt: sql`now()` })
        .where(this.running(videoId))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      if (event) await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (recorded && event) this.stored();
    return recorded;
  }

  async completeRun(videoId: string, record: AnalysisRecord, event: OutgoingEvent): Promise<boolean> {
    const completed = await this.db.transaction(async (tx) => {
      const [run] = await tx
        .update(runs)
        .set({ status: 'page_specs_ready', progress: 100, stage: 'done', error: null, updatedAt: sql`now()` })
        .where(this.running(videoId))
        .returning();
      if (!run) return false;
      // A new analysis replaces what the last one found; the screens the user added stay, after the new ones.
      await tx.delete(pageSpecs).where(and(eq(pageSpecs.videoId, videoId), eq(pageSpecs.isUserAdded, false)));
      await tx
        .update(pageSpecs)
        .set({ order: sql`${pageSpecs.order} + ${record.specs.length}` })
        .where(eq(pageSpecs.videoId, videoId));
      await tx.delete(frames).where(eq(frames.videoId, videoId));
      if (record.specs.length > 0) {
        await tx.insert(pageSpecs).values(
          record.specs.map((spec) => ({ ...spec, videoId, productId: run.productId, userId: run.userId, isUserAdded: false })),
        );
      }
      if (record.frames.length > 0) await tx.insert(frames).values(record.frames.map((frame) => ({ ...frame, videoId })));
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (completed) this.stored();
    return completed;
  }

  async failRun(videoId: string, reason: string, event: OutgoingEvent): Promise<boolean> {
    const failed = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ status: 'failed', error: reason, stage: null, updatedAt: sql`now()` })
        .where(and(eq(runs.videoId, videoId), inArray(runs.status, ['queued', 'running'])))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (failed) this.stored();
    return failed;
  }
}
