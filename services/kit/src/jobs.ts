/**
 * Durable jobs in the service's own database. A job carries ids only and a key that makes a duplicate a
 * no-op; it is enqueued in the caller's transaction (like the outbox), claimed under a lease that a
 * heartbeat keeps alive, retried with backoff, and ends completed, skipped or failed with a reason. A worker
 * that dies leaves a lease that runs out, and the next claim takes the job over.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { z, type ZodType } from 'zod';
import { newRequestId, runWithContext } from './context';
import type { Database } from './db';

export type JobStatus = 'pending' | 'running' | 'completed' | 'skipped' | 'failed';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** The job definition's name: 'analyse-video'. */
    queue: text('queue').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** A pending job's earliest start: now, or after a retry's backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    progress: integer('progress').notNull().default(0),
    stage: text('stage'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_queue_key_idx').on(table.queue, table.key),
    index('jobs_due_idx').on(table.queue, table.status, table.runAt),
  ],
);

export interface JobView {
  id: string;
  queue: string;
  key: string;
  status: JobStatus;
  attempts: number;
  progress: number;
  stage: string | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** What a handler answers; a thrown error is retried instead (until the attempts are used up). */
export type JobOutcome = 'completed' | 'skipped' | { failed: string };

export interface JobContext {
  jobId: string;
  /** 1 on the first claim. */
  attempt: number;
  /** No retry follows this attempt: a handler that would throw should record the failure now. */
  lastAttempt: boolean;
  /** Aborted when the lease is lost (another worker took the job over) or the service stops. */
  signal: AbortSignal;
  /** Records progress (0-100) and stage; answers false, and aborts the signal, once the lease is lost. */
  progress(percent: number, stage?: string): Promise<boolean>;
  /**
   * Runs `work` in a transaction that holds the job's row: it throws if the lease was taken over, so only
   * the worker that still owns the job writes its effect.
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
}

export interface JobDefinition<P = unknown> {
  /** Unique within the service: the queue the job's rows are in. */
  name: string;
  /** The payload's shape (ids only); a row that does not match fails at once. */
  payload: ZodType<P>;
  handle(payload: P, context: JobContext): Promise<JobOutcome>;
  /**
   * Records, in the domain, that the job failed for good: its attempts were used up by errors (error is
   * the last one) or by workers that died mid-job (error undefined). Answers the reason stored on the job.
   */
  onGiveUp?(payload: P, error: unknown): Promise<string>;
  /** Jobs of this definition run at once in one process (default 1). */
  concurrency?: number;
  /** Claims before the job fails for good (default 3). */
  maxAttempts?: number;
  /** First retry delay, doubled at each further attempt (default 5 s). */
  backoffMs?: number;
  /** Periodic: enqueued once per period (whatever the replica count), with an empty payload. */
  everyMs?: number;
}

/** A definition as the runner holds it, whatever its payload type. */
export type RegisteredJob = JobDefinition<unknown>;

/**
 * Types a definition for a service's list of jobs. Sound because the runner hands `handle` and `onGiveUp`
 * only what the definition's own payload schema parsed.
 */
export function defineJob<P>(definition: JobDefinition<P>): RegisteredJob {
  return definition as unknown as RegisteredJob;
}

/** A periodic job: its handler receives only the signal. */
export function periodicJob(name: string, everyMs: number, run: (signal: AbortSignal) => Promise<unknown>): RegisteredJob {
  return {
    name,
    everyMs,
    payload: z.unknown(),
    maxAttempts: 1,
    handle: async (_payload, context) => {
      await run(context.signal);
      return 'completed';
    },
  };
}

export interface EnqueueOptions {
  /** A job of the same key that has finished runs again (a retry the user asked for); one still pending or running is left as it is. */
  restartFinished?: boolean;
}

/**
 * Enqueues a job inside the caller's transaction. Answers the job's id and whether this call created or
 * restarted it (false: a job of that key already exists and is left as it is).
 */
export async function enqueueJob(
  tx: Database,
  definition: Pick<JobDefinition, 'name' | 'maxAttempts'>,
  key: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<{ id: string; enqueued: boolean }> {
  const values = {
    id: randomUUID(),
    queue: definition.name,
    key,
    payload,
    maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: sql`now()`,
  };
  const insert = tx.insert(jobs).values(values);
  const rows = options.restartFinished
    ? await insert
        .onConflictDoUpdate({
          target: [jobs.queue, jobs.key],
          set: {
            payload: sql`excluded.payload`,
            status: 'pending',
            attempts: 0,
            runAt: sql`excluded.run_at`,
            progress: 0,
            stage: null,
            error: null,
            finishedAt: null,
            updatedAt: sql`now()`,
          },
          setWhere: inArray(jobs.status, FINISHED),
        })
        .returning({ id: jobs.id })
    : await insert.onConflictDoNothing({ target: [jobs.queue, jobs.key] }).returning({ id: jobs.id });
  if (rows[0]) return { id: rows[0].id, enqueued: true };
  const [existing] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, definition.name), eq(jobs.key, key)));
  if (!existing) throw new Error(`job ${definition.name}/${key} neither enqueued nor found`);
  return { id: existing.id, enqueued: false };
}

export async function readJob(db: Database, id: string): Promise<JobView | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ? viewOf(row) : null;
}

function viewOf(row: typeof jobs.$inferSelect): JobView {
  const { id, queue, key, status, attempts, progress, stage, error, createdAt, finishedAt } = row;
  return { id, queue, key, status, attempts, progress, stage, error, createdAt, finishedAt };
}

const DEFAULT_MAX_ATTEMPTS = 3;
const FINISHED: JobStatus[] = ['completed', 'skipped', 'failed'];
/** Finished rows of periodic jobs are kept this long, then removed when the next period is enqueued. */
const PERIODIC_RETENTION_MS = 24 * 60 * 60_000;

/**
 * How long a claim lasts without a heartbeat. Short, so that a worker killed mid-job (or the process that
 * replaces it) takes the job over within a few seconds; a live worker renews it three times per lease, so
 * only a worker that is gone (or stalled for a whole lease) loses its job.
 */
export const DEFAULT_JOB_LEASE_MS = 5000;

export interface JobTuning {
  /** How long a claim lasts without a heartbeat (default DEFAULT_JOB_LEASE_MS): a dead worker's job is taken over after it. */
  leaseMs?: number;
  /** Default: a third of the lease. */
  heartbeatMs?: number;
  /** How often an idle worker looks for due jobs (default 1 s); poke() looks at once. */
  pollMs?: number;
  /** Overrides every definition's first retry delay (tests). */
  backoffMs?: number;
}

export interface JobRunnerOptions extends JobTuning {
  db: Database;
  logger: Logger;
}

class Stopped extends Error {}
class LeaseLost extends Error {}

interface Claimed {
  id: string;
  key: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  token: string;
}

/** Runs the jobs of the definitions it is given: slots per definition claim due jobs of their queue. */
export class JobRunner {
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly controller = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private wake: Array<() => void> = [];

  constructor(private readonly options: JobRunnerOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(200, Math.floor(this.leaseMs / 3));
    this.pollMs = options.pollMs ?? 1000;
  }

  start(definitions: RegisteredJob[]): void {
    const names = new Set<string>();
    for (const definition of definitions) {
      if (names.has(definition.name)) throw new Error(`Two jobs are named ${definition.name}`);
      names.add(definition.name);
      for (let slot = 0; slot < (definition.concurrency ?? 1); slot += 1) this.loops.push(this.loop(definition));
      if (definition.everyMs) this.schedule(definition, definition.everyMs);
    }
  }

  /** Looks for due jobs now (after a commit that enqueued one) instead of at the next poll. */
  poke(): void {
    for (const wake of this.wake.splice(0)) wake();
  }

  /** Aborts the jobs in flight and gives them back to the queue, uncounted. */
  async stop(): Promise<void> {
    this.controller.abort(new Stopped('the service stops'));
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.poke();
    await Promise.all(this.loops);
  }

  private get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  private schedule(definition: JobDefinition<unknown>, everyMs: number): void {
    const enqueueNow = async () => {
      const slot = Math.floor(Date.now() / everyMs);
      const { db, logger } = this.options;
      try {
        const { enqueued } = await enqueueJob(db, definition, `every-${everyMs}-${slot}`, {});
        await db
          .delete(jobs)
          .where(
            and(
              eq(jobs.queue, definition.name),
              inArray(jobs.status, FINISHED),
              lt(jobs.finishedAt, sql`now() - make_interval(secs => ${PERIODIC_RETENTION_MS / 1000})`),
            ),
          );
        if (enqueued) this.poke();
      } catch (error) {
        if (!this.stopped) logger.warn({ err: error, job: definition.name }, 'periodic job not enqueued');
      }
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void enqueueNow();
      }, everyMs - (Date.now() % everyMs) + 5);
      timer.unref();
      this.timers.add(timer);
    };
    void enqueueNow();
  }

  private async loop(definition: JobDefinition<unknown>): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim(definition);
      if (!claimed) {
        await this.idle();
        continue;
      }
      const log = { job: definition.name, jobId: claimed.id, key: claimed.key, attempt: claimed.attempts };
      // An outcome that cannot be recorded (the database gone) leaves the lease to run out: the job is claimed again.
      await runWithContext({ requestId: newRequestId() }, () => this.process(definition, claimed)).catch((error: unknown) =>
        this.options.logger.error({ ...log, err: error }, 'job outcome not recorded'),
      );
    }
  }

  /**
   * One statement takes the oldest due job of the queue: pending and past its run time, or running with a
   * lease that ran out. SKIP LOCKED lets replicas on PostgreSQL pass each other's rows instead of taking the
   * same one; on PGlite (one connection) the statement is atomic by itself.
   */
  private async claim(definition: JobDefinition<unknown>): Promise<Claimed | null> {
    const token = randomUUID();
    try {
      const [row] = await this.options.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          leaseOwner: token,
          leaseExpiresAt: sql`now() + make_interval(secs => ${this.leaseMs / 1000})`,
          updatedAt: sql`now()`,
        })
        .where(
          sql`${jobs.id} = (
            select ${jobs.id} from ${jobs}
            where ${jobs.queue} = ${definition.name}
              and ((${jobs.status} = 'pending' and ${jobs.runAt} <= now())
                or (${jobs.status} = 'running' and ${jobs.leaseExpiresAt} < now()))
            order by ${jobs.runAt}, ${jobs.createdAt}
            limit 1
            for update skip locked
          )`,
        )
        .returning();
      return row ? { id: row.id, key: row.key, payload: row.payload, attempts: row.attempts, maxAttempts: row.maxAttempts, token } : null;
    } catch (error) {
      if (!this.stopped) this.options.logger.warn({ err: error, job: definition.name }, 'claiming a job failed');
      return null;
    }
  }

  private idle(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = this.wake;
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        const at = wake.indexOf(done);
        if (at >= 0) wake.splice(at, 1);
        resolve();
      }
      wake.push(done);
    });
  }

  private held(claimed: Claimed) {
    return and(eq(jobs.id, claimed.id), eq(jobs.leaseOwner, claimed.token), eq(jobs.status, 'running'));
  }

  private async process(definition: JobDefinition<unknown>, claimed: Claimed): Promise<void> {
    const { logger, db } = this.options;
    const log = { job: definition.name, jobId: claimed.id, key: claimed.key, attempt: claimed.attempts };
    const parsed = definition.payload.safeParse(claimed.payload);
    if (!parsed.success) {
      await this.finish(claimed, { failed: 'invalid payload' });
      logger.warn({ ...log, issues: parsed.error.issues }, 'job with an invalid payload failed');
      return;
    }
    if (claimed.attempts > claimed.maxAttempts) {
      // Every attempt ended with its worker gone: the job itself likely kills the process.
      await this.giveUp(definition, parsed.data, claimed, undefined);
      return;
    }

    const attempt = new AbortController();
    const onStop = () => attempt.abort(this.controller.signal.reason);
    this.controller.signal.addEventListener('abort', onStop);
    // A stop that came while the job was being claimed fired before this listened: the attempt ends at once.
    if (this.controller.signal.aborted) onStop();
    const lost = () => {
      if (!attempt.signal.aborted) attempt.abort(new LeaseLost('the lease was taken over'));
    };
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
        .where(this.held(claimed))
        .returning({ id: jobs.id })
        .then(
          (rows) => {
            if (rows.length === 0) lost();
          },
          (error: unknown) => logger.warn({ ...log, err: error }, 'job lease renewal failed'),
        );
    }, this.heartbeatMs);
    const context: JobContext = {
      jobId: claimed.id,
      attempt: claimed.attempts,
      lastAttempt: claimed.attempts >= claimed.maxAttempts,
      signal: attempt.signal,
      progress: async (percent, stage) => {
        const rows = await db
          .update(jobs)
          .set({ progress: Math.max(0, Math.min(100, Math.round(percent))), ...(stage === undefined ? {} : { stage }), updatedAt: sql`now()` })
          .where(this.held(claimed))
          .returning({ id: jobs.id });
        if (rows.length === 0) lost();
        return rows.length > 0;
      },
      transaction: (work) =>
        db.transaction(async (tx) => {
          const rows = await tx.select({ id: jobs.id }).from(jobs).where(this.held(claimed)).for('update');
          if (rows.length === 0) {
            lost();
            throw new LeaseLost('the lease was taken over');
          }
          return work(tx);
        }),
    };

    logger.info(log, 'job claimed');
    try {
      const outcome = await definition.handle(parsed.data, context);
      const recorded = await this.finish(claimed, outcome);
      if (recorded) logger.info({ ...log, outcome: typeof outcome === 'string' ? outcome : 'failed' }, 'job finished');
      else logger.warn(log, 'job outcome dropped: the job was taken over');
    } catch (error) {
      const reason: unknown = attempt.signal.reason ?? error;
      if (reason instanceof Stopped) {
        await db
          .update(jobs)
          .set({ status: 'pending', leaseOwner: null, leaseExpiresAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: sql`now()` })
          .where(this.held(claimed))
          .catch(() => undefined);
        logger.info(log, 'job released: the service stops');
      } else if (reason instanceof LeaseLost) {
        logger.warn(log, 'job abandoned: its lease was taken over');
      } else if (claimed.attempts >= claimed.maxAttempts) {
        await this.giveUp(definition, parsed.data, claimed, error);
      } else {
        const delayMs = (this.options.backoffMs ?? definition.backoffMs ?? 5000) * 2 ** (claimed.attempts - 1);
        await db
          .update(jobs)
          .set({
            status: 'pending',
            leaseOwner: null,
            leaseExpiresAt: null,
            error: messageOf(error),
            runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
            updatedAt: sql`now()`,
          })
          .where(this.held(claimed));
        logger.warn({ ...log, err: error, retryInMs: delayMs }, 'job failed; it will be retried');
      }
    } finally {
      clearInterval(heartbeat);
      this.controller.signal.removeEventListener('abort', onStop);
    }
  }

  private async giveUp(definition: JobDefinition<unknown>, payload: unknown, claimed: Claimed, error: unknown): Promise<void> {
    const fallback = error === undefined ? 'The job stopped unexpectedly several times.' : messageOf(error);
    const reason = definition.onGiveUp ? await definition.onGiveUp(payload, error) : fallback;
    await this.finish(claimed, { failed: reason });
    this.options.logger.warn({ job: definition.name, jobId: claimed.id, key: claimed.key, attempt: claimed.attempts, err: error, reason }, 'job failed for good');
  }

  private async finish(claimed: Claimed, outcome: JobOutcome): Promise<boolean> {
    const failed = typeof outcome === 'object' ? outcome.failed : null;
    const rows = await this.options.db
      .update(jobs)
      .set({
        status: failed === null ? (outcome as 'completed' | 'skipped') : 'failed',
        error: failed,
        ...(outcome === 'completed' ? { progress: 100 } : {}),
        leaseOwner: null,
        leaseExpiresAt: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(this.held(claimed))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
