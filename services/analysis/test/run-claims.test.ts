/**
 * The run queue on the real database: concurrent claimers (two connection pools on PostgreSQL) never take
 * the same run, an expired lease is taken over, and the worker that lost its lease can change nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '@tracklens/kit';
import { freshDatabaseUrl } from '@tracklens/kit/testing';
import { subjects } from '@tracklens/contracts';
import { RunRepository } from '../src/db/run.repository';
import { runs } from '../src/db/schema';
import { statusEvent } from '../src/domain/status-events';
import { migrationsFolder } from '../src/service';

describe(RunRepository.name, () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let url: string | undefined;

  beforeAll(async () => {
    url = await freshDatabaseUrl('analysis_claims');
    first = await openDatabase({ url, migrationsFolder });
    // PGlite is one connection in one process; PostgreSQL gets a second pool, as a second replica would have.
    second = url ? await openDatabase({ url, migrationsFolder }) : first;
  });

  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  async function queue(count: number): Promise<string[]> {
    const repository = new RunRepository(first.db);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const run = { videoId: randomUUID(), productId: randomUUID(), userId: randomUUID(), storageKey: `users/u/products/p/uploads/${i}/demo.mp4` };
      expect(await repository.insertRun(run, statusEvent(run, 'processing'))).toBe(true);
      ids.push(run.videoId);
    }
    return ids;
  }

  async function drain(): Promise<void> {
    await first.db.update(runs).set({ status: 'failed' }).where(sql`${runs.status} in ('queued', 'running')`);
  }

  it('should never hand one run to two claimers at once', async () => {
    await drain();
    const ids = await queue(6);
    const claimers = [new RunRepository(first.db), new RunRepository(second.db)];
    const claims = await Promise.all(
      Array.from({ length: 14 }, (_, i) => claimers[i % 2]?.claimNext(randomUUID(), 60_000) ?? Promise.resolve(null)),
    );
    const claimed = claims.flatMap((run) => (run ? [run.videoId] : []));
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(claims.filter((run) => run !== null).every((run) => run?.status === 'running' && run.attempts === 1)).toBe(true);
  });

  it('should insert a video once however often it is queued', async () => {
    const [videoId] = await queue(1);
    const run = { videoId: videoId ?? '', productId: 'p', userId: 'u', storageKey: 'users/u/x.mp4' };
    expect(await new RunRepository(first.db).insertRun(run, statusEvent(run, 'processing'))).toBe(false);
  });

  it('should let a new claimer take over an expired lease and fence the old one out', async () => {
    await drain();
    const [videoId = ''] = await queue(1);
    const repository = new RunRepository(first.db);
    const old = randomUUID();
    expect((await repository.claimNext(old, 60_000))?.videoId).toBe(videoId);
    expect(await repository.claimNext(randomUUID(), 60_000)).toBeNull();
    expect(await repository.renewLease(videoId, randomUUID(), 60_000)).toBe(false);
    expect(await repository.renewLease(videoId, old, 60_000)).toBe(true);

    await first.db.update(runs).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(runs.videoId, videoId));
    const fresh = randomUUID();
    const takenOver = await new RunRepository(second.db).claimNext(fresh, 60_000);
    expect(takenOver).toMatchObject({ videoId, attempts: 2 });

    const run = { videoId, productId: takenOver?.productId ?? '', userId: takenOver?.userId ?? '' };
    const record = { specs: [], frames: [] };
    expect(await repository.recordProgress(videoId, old, 50, 'understanding', statusEvent(run, 'analyzing', { progress: 50 }))).toBe(false);
    expect(await repository.completeRun(videoId, old, record, statusEvent(run, 'page_specs_ready'))).toBe(false);
    expect(await repository.failRun(videoId, old, 'late', statusEvent(run, 'failed', { error: 'late' }))).toBe(false);
    expect(await repository.completeRun(videoId, fresh, record, statusEvent(run, 'page_specs_ready'))).toBe(true);

    const events = rowsOf<{ subject: string }>(
      await first.db.execute(sql`select subject from outbox where envelope->'data'->>'videoId' = ${videoId} order by created_at`),
    );
    expect(events.map((event) => event.subject)).toEqual([subjects.videoProgressed, subjects.pageSpecsReady]);
  });

  it('should give a released run back to the queue, after its delay, without counting a stop as an attempt', async () => {
    await drain();
    const [videoId = ''] = await queue(1);
    const repository = new RunRepository(first.db);
    const token = randomUUID();
    await repository.claimNext(token, 60_000);
    await repository.releaseRun(videoId, token, { countAttempt: false, delayMs: 0 });
    const again = randomUUID();
    expect(await repository.claimNext(again, 60_000)).toMatchObject({ videoId, attempts: 1 });
    await repository.releaseRun(videoId, again, { countAttempt: true, delayMs: 60_000 });
    expect(await repository.claimNext(randomUUID(), 60_000)).toBeNull();
    const [row] = await first.db.select().from(runs).where(eq(runs.videoId, videoId));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, leaseOwner: null });
  });
});
