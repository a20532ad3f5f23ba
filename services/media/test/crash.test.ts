/**
 * media killed with SIGKILL while it receives an upload: registering that upload says it did not complete
 * (not 'No file selected'), and the orphan sweep removes the partial file the dead process left on disk.
 * A real process, SIGKILL, and the run's real database and local object storage.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RunningService } from '@tracklens/kit';
import { TEST_NATS_PREFIX, eventually, startLoggingChild, type LoggingChild } from '@tracklens/kit/testing';
import { uploads as uploadRows } from '../src/db/schema';
import { ORPHAN_AGE_MS } from '../src/domain/uploads';
import { createMediaService } from '../src/service';
import { askUpload, callerFor, createProduct, objectPath, register, startCluster, videos, type Cluster, type UploadTargetBody } from './harness';

const MB = 1024 * 1024;

/** Files beside the object that a write in progress leaves (local storage writes `<key>.part-<uuid>`). */
function partialFiles(cluster: Cluster, storageKey: string): string[] {
  const target = objectPath(cluster, storageKey);
  const folder = path.dirname(target);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((name) => name.startsWith(`${path.basename(target)}.part-`));
}

describe('media crash mid-upload', () => {
  let cluster: Cluster;
  let child: LoggingChild | undefined;
  let restarted: RunningService | undefined;

  beforeAll(async () => {
    cluster = await startCluster();
    // The child takes media's ports, database and storage folder.
    await cluster.media.stop();
  });

  afterAll(async () => {
    child?.kill();
    await restarted?.stop();
    await cluster.stop();
  });

  it('should say the upload did not complete, and sweep the partial file a killed process left', async () => {
    child = startLoggingChild(path.join(__dirname, 'media-child.ts'), path.join(__dirname, '..'), {
      MEDIA_CHILD_ENV: JSON.stringify({ ...cluster.env, NATS_PREFIX: TEST_NATS_PREFIX }),
    });
    await child.logged('media child ready');
    const caller = callerFor(cluster.config);
    const productId = await createProduct(cluster, caller);
    const file = await videos.mp4();
    const asked = await askUpload(cluster, caller, productId, file, { fileSize: 4 * MB });
    expect(asked.status).toBe(201);
    const target = asked.body as UploadTargetBody;

    // Half the declared bytes, then the process dies with the connection still open.
    const put = http.request(`${cluster.base}${target.uploadUrl}`, { method: 'PUT', headers: { ...target.headers, 'Content-Length': String(4 * MB) } });
    put.on('error', () => undefined);
    put.write(Buffer.alloc(2 * MB, 7));
    await eventually(() => {
      const [partial] = partialFiles(cluster, target.storageKey);
      expect(partial).toBeDefined();
      expect(fs.statSync(path.join(path.dirname(objectPath(cluster, target.storageKey)), partial as string)).size).toBeGreaterThan(0);
    }, 30_000);
    child.process.kill('SIGKILL');
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });
    put.destroy();

    restarted = await createMediaService({
      config: cluster.config,
      bus: cluster.bus,
      databasePerService: true,
      clock: cluster.clock.now,
    });
    const registered = await register(cluster, caller, productId, target.storageKey, file);
    expect(registered.status).toBe(409);
    expect(registered.body).toEqual({ message: 'The upload did not complete. Please upload the file again.', code: 'UPLOAD_INCOMPLETE' });
    expect(partialFiles(cluster, target.storageKey)).toHaveLength(1);

    cluster.clock.advance(ORPHAN_AGE_MS + 60_000);
    await eventually(() => expect(partialFiles(cluster, target.storageKey)).toEqual([]), 30_000);
    const rows = await restarted.runtime.db.select().from(uploadRows).where(eq(uploadRows.storageKey, target.storageKey));
    expect(rows).toEqual([]);
  }, 120_000);
});
