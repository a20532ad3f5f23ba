/**
 * A process killed in the middle of an analysis: the run's lease runs out, the next process takes it over
 * and finishes it, and page_specs_ready is announced exactly once. Real processes, SIGKILL, and the run's
 * real database (a PGlite folder, or PostgreSQL with DATABASE_URL) and bus (NATS JetStream with NATS_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  loadConfig,
  openDatabase,
  openObjectStorage,
  pgliteDataDir,
  rowsOf,
  type DatabaseHandle,
  type EventBus,
} from '@tracklens/kit';
import {
  TEST_NATS_PREFIX,
  externalNatsUrl,
  freePortEnv,
  freshDatabaseUrl,
  startLoggingChild,
  tempDir,
  testBus,
  type LoggingChild,
} from '@tracklens/kit/testing';
import { subjects } from '@tracklens/contracts';
import { migrationsFolder } from '../src/service';
import { pageSpecs, runs } from '../src/db/schema';
import { StatusEvents, demoVideo, storeUpload } from './support/harness';

function startChild(env: Record<string, string>, upload: unknown): LoggingChild {
  return startLoggingChild(path.join(__dirname, 'support', 'analysis-child.ts'), path.join(__dirname, '..'), {
    ANALYSIS_CHILD_ARGS: JSON.stringify({ env, upload }),
  });
}

describe('analysis crash and resume', () => {
  const dir = tempDir('analysis-crash-');
  let bus: EventBus | undefined;
  const children: LoggingChild[] = [];

  afterAll(async () => {
    for (const child of children) child.kill();
    await bus?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openServiceDatabase(env: Record<string, string>): Promise<DatabaseHandle> {
    const config = loadConfig(env);
    return openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : pgliteDataDir(config.dataDir, 'analysis'),
      migrationsFolder,
    });
  }

  it('should resume a run whose process was killed mid-run within 10 s of the restart and finish it, announcing page_specs_ready once', async () => {
    const databaseUrl = await freshDatabaseUrl('analysis_crash');
    const env: Record<string, string> = {
      APP_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(dir, 'data'),
      OUTBOX_POLL_MS: '100',
      ...(await freePortEnv()),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // The test's namespace on the NATS server, so the test's own bus hears what the children announce.
      ...(externalNatsUrl ? { NATS_URL: externalNatsUrl, NATS_PREFIX: TEST_NATS_PREFIX } : {}),
    };
    // On NATS the events of both processes reach this test too; in-process, the outbox is the record.
    const events = new StatusEvents();
    if (externalNatsUrl) {
      bus = await testBus('analysis-crash');
      await events.listen(bus);
    }
    const userId = '5f0c7a4e-1111-4c5e-9d6b-000000000001';
    const upload = await storeUpload(openObjectStorage(loadConfig(env)), await demoVideo(dir), { userId });

    const first = startChild(env, upload.envelope);
    children.push(first);
    const claimed = await first.logged('analysis run started');
    expect(claimed).toMatchObject({ videoId: upload.videoId, attempt: 1 });
    first.process.kill('SIGKILL');
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

    const database = await openServiceDatabase(env);
    try {
      const [killed] = await database.db.select().from(runs).where(eq(runs.videoId, upload.videoId));
      expect(killed).toMatchObject({ status: 'running', attempts: 1 });
    } finally {
      await database.close();
    }

    const restartedAt = Date.now();
    const second = startChild(env, upload.envelope);
    children.push(second);
    const resumed = await second.logged('analysis run started');
    const resumedAt = Date.now();
    expect(resumed).toMatchObject({ videoId: upload.videoId, attempt: 2 });
    await second.logged('analysis run finished: page specs ready');
    // Recovery is the take-over: the engine's short lease lets the new process resume within seconds.
    expect(resumedAt - restartedAt).toBeLessThan(10_000);
    second.process.kill('SIGTERM');
    expect(await second.exited).toMatchObject({ code: 0 });

    const after = await openServiceDatabase(env);
    try {
      const [run] = await after.db.select().from(runs).where(eq(runs.videoId, upload.videoId));
      expect(run).toMatchObject({ status: 'page_specs_ready', attempts: 2, progress: 100 });
      const specs = await after.db.select().from(pageSpecs).where(and(eq(pageSpecs.videoId, upload.videoId)));
      expect(specs.map((spec) => spec.screenName).sort()).toEqual(['Cart', 'Login', 'Product Catalog']);
      const ready = rowsOf<{ count: number; unsent: number }>(
        await after.db.execute(
          sql`select count(*)::int as count, count(*) filter (where status <> 'sent')::int as unsent from outbox
              where subject = ${subjects.pageSpecsReady} and envelope->'data'->>'videoId' = ${upload.videoId}`,
        ),
      );
      expect(ready[0]).toEqual({ count: 1, unsent: 0 });
    } finally {
      await after.close();
    }
    if (externalNatsUrl) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const announced = events.of(upload.videoId).filter((event) => event.type === subjects.pageSpecsReady);
      expect(new Set(announced.map((event) => event.id)).size).toBe(1);
      expect(announced.length).toBe(1);
    }
  }, 180_000);
});
