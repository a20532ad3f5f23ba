import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  JobRunner,
  defineJob,
  enqueueJob,
  jobs,
  openDatabase,
  periodicJob,
  readJob,
  type Database,
  type DatabaseHandle,
  type JobDefinition,
  type RegisteredJob,
} from '../src';
import { eventually, freshDatabaseUrl, silentLogger, tempDir } from '../src/testing';
import { notes } from './fixtures/schema';

const migrationsFolder = path.join(__dirname, 'fixtures', 'drizzle');
const payload = z.object({ noteId: z.string() });
type Payload = z.infer<typeof payload>;

async function insertNote(tx: Database, body: string): Promise<void> {
  await tx.insert(notes).values({ id: randomUUID(), body });
}

async function notesWith(db: Database, body: string): Promise<number> {
  return (await db.select().from(notes).where(eq(notes.body, body))).length;
}

describe(JobRunner.name, () => {
  const handles: DatabaseHandle[] = [];
  const runners: JobRunner[] = [];

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    for (const handle of handles.splice(0)) await handle.close();
  });

  async function database(options: { url?: string; dataDir?: string } = {}): Promise<DatabaseHandle> {
    const url = 'url' in options ? options.url : await freshDatabaseUrl('jobs');
    const handle = await openDatabase({ url, dataDir: url ? undefined : options.dataDir, migrationsFolder });
    handles.push(handle);
    return handle;
  }

  function startRunner(db: Database, definitions: RegisteredJob[]): JobRunner {
    const running = new JobRunner({ db, logger: silentLogger, leaseMs: 2000, pollMs: 20, backoffMs: 20 });
    running.start(definitions);
    runners.push(running);
    return running;
  }

  function runner(db: Database, definitions: JobDefinition<Payload>[], tuning = {}): JobRunner {
    const running = new JobRunner({ db, logger: silentLogger, leaseMs: 2000, pollMs: 20, backoffMs: 20, ...tuning });
    running.start(definitions.map(defineJob));
    runners.push(running);
    return running;
  }

  function noteJob(name: string, overrides: Partial<JobDefinition<Payload>> = {}): JobDefinition<Payload> {
    return {
      name,
      payload,
      handle: async ({ noteId }, context) => {
        await context.transaction((tx) => insertNote(tx, noteId));
        return 'completed';
      },
      ...overrides,
    };
  }

  it('should run an enqueued job once and record it completed', async () => {
    const { db } = await database();
    const job = noteJob('note');
    const { id } = await enqueueJob(db, job, 'a', { noteId: 'a' });
    runner(db, [job]);
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'completed', progress: 100, attempts: 1 }));
    expect(await notesWith(db, 'a')).toBe(1);
  });

  it('should enqueue a duplicate key once, and run a finished job again only when asked to restart it', async () => {
    const { db } = await database();
    const job = noteJob('note');
    const first = await enqueueJob(db, job, 'k', { noteId: 'k' });
    const duplicate = await enqueueJob(db, job, 'k', { noteId: 'k' });
    expect(first.enqueued).toBe(true);
    expect(duplicate).toEqual({ id: first.id, enqueued: false });
    runner(db, [job]);
    await eventually(async () => expect((await readJob(db, first.id))?.status).toBe('completed'));
    expect(await notesWith(db, 'k')).toBe(1);

    expect((await enqueueJob(db, job, 'k', { noteId: 'k' })).enqueued).toBe(false);
    const restarted = await enqueueJob(db, job, 'k', { noteId: 'k' }, { restartFinished: true });
    expect(restarted).toEqual({ id: first.id, enqueued: true });
    await eventually(async () => expect(await notesWith(db, 'k')).toBe(2));
  });

  it('should never run one job on two workers at once', async () => {
    const handle = await database();
    // On PostgreSQL each runner has its own pool, as replicas do; PGlite has one connection to share.
    const url = handle.kind === 'postgres' ? await freshDatabaseUrl('jobs-race') : undefined;
    const main = url ? await database({ url }) : handle;
    const other = url ? await database({ url }) : handle;
    const job = noteJob('race', {
      concurrency: 3,
      handle: async ({ noteId }, context) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await context.transaction((tx) => insertNote(tx, noteId));
        return 'completed';
      },
    });
    const ids = [];
    for (let n = 0; n < 30; n += 1) ids.push((await enqueueJob(main.db, job, `r${n}`, { noteId: `r${n}` })).id);
    runner(main.db, [job]);
    runner(other.db, [job]);
    await eventually(async () => {
      const rows = await main.db.select().from(jobs).where(eq(jobs.queue, 'race'));
      expect(rows.filter((row) => row.status === 'completed')).toHaveLength(30);
    }, 20_000);
    for (let n = 0; n < 30; n += 1) expect(await notesWith(main.db, `r${n}`)).toBe(1);
    const attempts = (await main.db.select().from(jobs).where(eq(jobs.queue, 'race'))).map((row) => row.attempts);
    expect(new Set(attempts)).toEqual(new Set([1]));
  });

  it('should retry a failing job with backoff, then fail it for good with its reason', async () => {
    const { db } = await database();
    const seen: number[] = [];
    const gaveUp: unknown[] = [];
    const job = noteJob('flaky', {
      maxAttempts: 3,
      handle: async (_payload, context) => {
        seen.push(context.attempt);
        expect(context.lastAttempt).toBe(context.attempt === 3);
        throw new Error(`hiccup ${context.attempt}`);
      },
      onGiveUp: async (_payload, error) => {
        gaveUp.push(error);
        return 'It could not finish.';
      },
    });
    const { id } = await enqueueJob(db, job, 'f', { noteId: 'f' });
    runner(db, [job]);
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'failed', error: 'It could not finish.', attempts: 3 }));
    expect(seen).toEqual([1, 2, 3]);
    expect(gaveUp).toHaveLength(1);
    expect((gaveUp[0] as Error).message).toBe('hiccup 3');
  });

  it('should record a failed or skipped outcome without retrying it', async () => {
    const { db } = await database();
    const failing = noteJob('refuse', { handle: async () => ({ failed: 'No analysis yet.' }) });
    const skipping = noteJob('skip', { handle: async () => 'skipped' });
    const failed = await enqueueJob(db, failing, 'x', { noteId: 'x' });
    const skipped = await enqueueJob(db, skipping, 'y', { noteId: 'y' });
    runner(db, [failing, skipping]);
    await eventually(async () => {
      expect(await readJob(db, failed.id)).toMatchObject({ status: 'failed', error: 'No analysis yet.', attempts: 1 });
      expect(await readJob(db, skipped.id)).toMatchObject({ status: 'skipped', attempts: 1 });
    });
  });

  it('should fail a job whose payload does not match its definition', async () => {
    const { db } = await database();
    const job = noteJob('typed');
    const { id } = await enqueueJob(db, job, 'bad', { noteId: 42 });
    runner(db, [job]);
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'failed', error: 'invalid payload' }));
  });

  it('should make progress and stage readable while the job runs', async () => {
    const { db } = await database();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = noteJob('progress', {
      handle: async (_payload, context) => {
        await context.progress(40, 'reading');
        await gate;
        return 'completed';
      },
    });
    const { id } = await enqueueJob(db, job, 'p', { noteId: 'p' });
    runner(db, [job]);
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'running', progress: 40, stage: 'reading' }));
    release();
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'completed', progress: 100 }));
  });

  it('should give a job back to the queue, uncounted, when its runner stops, and let the next runner finish it', async () => {
    const { db } = await database();
    const job = noteJob('stop', {
      handle: async (_payload, context) => {
        // The runner may be stopped before the handler listens: an abort that came first never fires again.
        await new Promise((_resolve, reject) => {
          if (context.signal.aborted) reject(context.signal.reason);
          context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
        });
        return 'completed';
      },
    });
    const { id } = await enqueueJob(db, job, 's', { noteId: 's' });
    const first = runner(db, [job]);
    await eventually(async () => expect((await readJob(db, id))?.status).toBe('running'));
    await first.stop();
    expect(await readJob(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
    runner(db, [noteJob('stop')]);
    await eventually(async () => expect(await readJob(db, id)).toMatchObject({ status: 'completed', attempts: 1 }));
    expect(await notesWith(db, 's')).toBe(1);
  });

  it('should enqueue a periodic job once per period whatever the number of runners', async () => {
    const handle = await database();
    let runs = 0;
    const sweep = periodicJob('sweep', 60 * 60_000, async () => {
      runs += 1;
    });
    startRunner(handle.db, [sweep]);
    startRunner(handle.db, [sweep]);
    await eventually(async () => {
      const rows = await handle.db.select().from(jobs).where(eq(jobs.queue, 'sweep'));
      expect(rows.map((row) => row.status)).toEqual(['completed']);
    });
    expect(runs).toBe(1);
  });

  it('should let the restarted worker take over the job of a worker killed mid-job within seconds, and finish it once', async () => {
    const dataDir = tempDir('tracklens-jobs-');
    const url = await freshDatabaseUrl('jobs-kill');
    const first = await openDatabase({ url, dataDir: url ? undefined : path.join(dataDir, 'pg'), migrationsFolder });
    const job = noteJob('hang');
    const { id } = await enqueueJob(first.db, job, 'h', { noteId: 'h' });
    // PGlite's folder belongs to one process at a time: the child opens it only after this one closed it.
    await first.close();

    await killedMidJob({ url, dataDir: url ? undefined : path.join(dataDir, 'pg') });

    const restartedAt = Date.now();
    const second = await database({ url, dataDir: path.join(dataDir, 'pg') });
    expect(await readJob(second.db, id)).toMatchObject({ status: 'running', attempts: 1 });
    // The engine's own lease and heartbeat, as a restarted service has them.
    const restarted = new JobRunner({ db: second.db, logger: silentLogger });
    restarted.start([defineJob(job)]);
    runners.push(restarted);
    await eventually(async () => expect(await readJob(second.db, id)).toMatchObject({ status: 'completed', attempts: 2 }), 15_000);
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    expect(await notesWith(second.db, 'h')).toBe(1);
  });

  it('should never take over a long job whose heartbeat continues', async () => {
    const handle = await database();
    const url = handle.kind === 'postgres' ? await freshDatabaseUrl('jobs-long') : undefined;
    const main = url ? await database({ url }) : handle;
    const other = url ? await database({ url }) : handle;
    let runs = 0;
    const job = noteJob('long', {
      handle: async ({ noteId }, context) => {
        runs += 1;
        // Five leases long: only the heartbeat keeps the job this worker's.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await context.transaction((tx) => insertNote(tx, noteId));
        return 'completed';
      },
    });
    const { id } = await enqueueJob(main.db, job, 'l', { noteId: 'l' });
    runner(main.db, [job], { leaseMs: 600 });
    await eventually(async () => expect((await readJob(main.db, id))?.status).toBe('running'));
    runner(other.db, [job], { leaseMs: 600 });
    await eventually(async () => expect(await readJob(main.db, id)).toMatchObject({ status: 'completed', attempts: 1 }), 10_000);
    expect(runs).toBe(1);
    expect(await notesWith(main.db, 'l')).toBe(1);
  });
});

/** Runs the worker fixture until it has claimed the job, then kills it with SIGKILL. */
function killedMidJob(args: { url?: string; dataDir?: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'job-worker.ts')], {
      env: { ...process.env, WORKER_ARGS: JSON.stringify(args) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the worker never claimed the job: ${output}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('claimed ')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && output.includes('claimed ')) resolve();
      else reject(new Error(`the worker did not die mid-job: ${output}`));
    });
  });
}
