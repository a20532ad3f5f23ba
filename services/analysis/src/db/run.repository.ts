/** SQL of the analysis runs as the worker drives them: claims under a lease, fenced progress and results. */
import { and, eq, sql } from 'drizzle-orm';
import { enqueueEvent, type Database } from '@tracklens/kit';
import type { AnalysisRecord, NewRun, Run, RunStore, StoredEvent } from '../domain/ports';
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

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export class RunRepository implements RunStore {
  /** eventsStored: called after a commit that wrote an outbox row, so the relay publishes at once. */
  constructor(
    private readonly db: Database,
    private readonly eventsStored: () => void = () => undefined,
  ) {}

  async insertRun(run: NewRun, event: StoredEvent): Promise<boolean> {
    const inserted = await this.db.transaction(async (tx) => {
      const rows = await tx.insert(runs).values(run).onConflictDoNothing({ target: runs.videoId }).returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (inserted) this.eventsStored();
    return inserted;
  }

  /**
   * One statement takes the oldest due run: queued and past its retry delay, or running with a lease that
   * ran out (its worker died). SKIP LOCKED lets concurrent claimers on PostgreSQL pass each other's rows
   * instead of taking the same one; PGlite has one connection, where the statement is atomic by itself.
   */
  async claimNext(leaseToken: string, leaseMs: number): Promise<Run | null> {
    const [row] = await this.db
      .update(runs)
      .set({
        status: 'running',
        attempts: sql`${runs.attempts} + 1`,
        leaseOwner: leaseToken,
        leaseExpiresAt: inMs(leaseMs),
        updatedAt: sql`now()`,
      })
      .where(
        sql`${runs.videoId} = (
          select ${runs.videoId} from ${runs}
          where (${runs.status} = 'queued' and (${runs.leaseExpiresAt} is null or ${runs.leaseExpiresAt} <= now()))
             or (${runs.status} = 'running' and ${runs.leaseExpiresAt} < now())
          order by ${runs.createdAt}
          limit 1
          for update skip locked
        )`,
      )
      .returning();
    return row ? toRun(row) : null;
  }

  private held(videoId: string, leaseToken: string) {
    return and(eq(runs.videoId, videoId), eq(runs.leaseOwner, leaseToken), eq(runs.status, 'running'));
  }

  async renewLease(videoId: string, leaseToken: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(runs)
      .set({ leaseExpiresAt: inMs(leaseMs) })
      .where(this.held(videoId, leaseToken))
      .returning({ videoId: runs.videoId });
    return rows.length > 0;
  }

  async recordProgress(videoId: string, leaseToken: string, progress: number, stage: string, event: StoredEvent | null): Promise<boolean> {
    const held = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ progress, stage, updatedAt: sql`now()` })
        .where(this.held(videoId, leaseToken))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      if (event) await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (held && event) this.eventsStored();
    return held;
  }

  async completeRun(videoId: string, leaseToken: string, record: AnalysisRecord, event: StoredEvent): Promise<boolean> {
    const stored = await this.db.transaction(async (tx) => {
      const [run] = await tx
        .update(runs)
        .set({ status: 'page_specs_ready', progress: 100, stage: 'done', error: null, leaseOwner: null, leaseExpiresAt: null, updatedAt: sql`now()` })
        .where(this.held(videoId, leaseToken))
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
    if (stored) this.eventsStored();
    return stored;
  }

  async failRun(videoId: string, leaseToken: string, reason: string, event: StoredEvent): Promise<boolean> {
    const failed = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ status: 'failed', error: reason, stage: null, leaseOwner: null, leaseExpiresAt: null, updatedAt: sql`now()` })
        .where(this.held(videoId, leaseToken))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (failed) this.eventsStored();
    return failed;
  }

  async releaseRun(videoId: string, leaseToken: string, options: { countAttempt: boolean; delayMs: number }): Promise<void> {
    await this.db
      .update(runs)
      .set({
        status: 'queued',
        leaseOwner: null,
        // A queued run's lease_expires_at is the earliest time it may be claimed again.
        leaseExpiresAt: options.delayMs > 0 ? inMs(options.delayMs) : null,
        attempts: options.countAttempt ? runs.attempts : sql`greatest(${runs.attempts} - 1, 0)`,
        updatedAt: sql`now()`,
      })
      .where(this.held(videoId, leaseToken));
  }
}
