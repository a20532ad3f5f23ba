/**
 * Retrying an analysis right after an upload, before media.video.uploaded has reached analysis: analysis asks
 * media (over gRPC) for the video and queues it; the event, when it arrives, finds it queued. Real media,
 * catalog and billing on one bus; analysis on another that media's events do not reach until the test
 * hands one over, which is where a retry stands when it overtakes the event.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { InProcessBus, rowsOf, type Config, type EventBus, type EventEnvelope, type RunningService } from '@tracklens/kit';
import { eventually, freshDatabaseUrl, silentLogger, tempDir, testBus, testConfig } from '@tracklens/kit/testing';
import { subjects } from '@tracklens/contracts';
import { createBillingService } from '@tracklens/billing';
import { createCatalogService } from '@tracklens/catalog';
import { createMediaService } from '@tracklens/media';
import { createAnalysisService } from '../src/service';
import { callerFor, demoVideo, type Caller } from './support/harness';

describe('retry before the upload event', () => {
  const dir = tempDir('analysis-retry-');
  let config: Config;
  let productBus: EventBus;
  let analysisBus: EventBus;
  const services: RunningService[] = [];
  let catalog: RunningService;
  let media: RunningService;
  let analysis: RunningService;

  beforeAll(async () => {
    productBus = await testBus('analysis-retry');
    analysisBus = new InProcessBus({ logger: silentLogger, retryBaseMs: 20 });
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('analysis_retry') });
    const shared = { config, inMemoryDatabase: true, databasePerService: true };
    catalog = await createCatalogService({ ...shared, bus: productBus });
    services.push(catalog, await createBillingService({ ...shared, bus: productBus }));
    media = await createMediaService({ ...shared, bus: productBus });
    services.push(media);
    analysis = await createAnalysisService({ ...shared, bus: analysisBus, jobs: { pollMs: 100 } });
    services.push(analysis);
  }, 120_000);

  afterAll(async () => {
    for (const service of services.reverse()) await service.stop();
    await analysisBus.close();
    await productBus.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Product, upload URL, PUT and registration through catalog and media, as the browser does. */
  async function registeredVideo(caller: Caller): Promise<{ videoId: string; productId: string }> {
    const product = await request(`http://127.0.0.1:${catalog.httpPort}`)
      .post('/api/products/create-without-video')
      .set('Cookie', caller.cookie)
      .send({ name: 'Demo shop', type: 'website', description: 'A shop with a recorded demo video.' });
    expect(product.status).toBe(201);
    const productId = product.body.id as string;
    const file = await demoVideo(dir);
    const mediaBase = `http://127.0.0.1:${media.httpPort}`;
    const asked = await request(mediaBase)
      .post('/api/uploads')
      .set('Cookie', caller.cookie)
      .send({ productId, fileName: 'demo.mp4', contentType: 'video/mp4', fileSize: fs.statSync(file).size });
    expect(asked.status).toBe(201);
    const put = await fetch(`${mediaBase}${asked.body.uploadUrl}`, { method: 'PUT', headers: asked.body.headers, body: fs.readFileSync(file) });
    expect(put.status).toBe(200);
    const registered = await request(mediaBase)
      .post(`/api/products/${productId}/videos/direct`)
      .set('Cookie', caller.cookie)
      .send({ storageKey: asked.body.storageKey, originalName: 'demo.mp4', fileSize: fs.statSync(file).size, contentType: 'video/mp4' });
    expect(registered.status).toBe(201);
    return { videoId: registered.body.id as string, productId };
  }

  async function uploadedEvent(videoId: string): Promise<EventEnvelope> {
    const [row] = rowsOf<{ envelope: EventEnvelope }>(
      await media.runtime.db.execute(
        sql`select envelope from outbox where subject = ${subjects.videoUploaded} and envelope->'data'->>'videoId' = ${videoId}`,
      ),
    );
    if (!row) throw new Error(`media stored no upload event for ${videoId}`);
    return row.envelope;
  }

  async function analysisRows(videoId: string): Promise<{ runs: number; jobs: number; processing: number }> {
    const [row] = rowsOf<{ runs: number; jobs: number; processing: number }>(
      await analysis.runtime.db.execute(sql`select
        (select count(*)::int from runs where video_id = ${videoId}) as runs,
        (select count(*)::int from jobs where key = ${videoId}) as jobs,
        (select count(*)::int from outbox where envelope->'data'->>'videoId' = ${videoId}
           and envelope->'data'->>'status' = 'processing') as processing`),
    );
    if (!row) throw new Error('no counts');
    return row;
  }

  it('should queue the video media registered and answer processing, and the late event adds nothing', async () => {
    const alice = callerFor(config);
    const bob = callerFor(config);
    const { videoId } = await registeredVideo(alice);
    const analysisBase = `http://127.0.0.1:${analysis.httpPort}`;

    const notHis = await request(analysisBase).post(`/api/videos/${videoId}/retry-analysis`).set('Cookie', bob.cookie);
    expect(notHis.status).toBe(404);
    expect(notHis.body.message).toBe('Video not found');
    const unknown = await request(analysisBase).post('/api/videos/7c1e2d9a-0000-4000-8000-000000000009/retry-analysis').set('Cookie', alice.cookie);
    expect(unknown.status).toBe(404);

    const retry = await request(analysisBase).post(`/api/videos/${videoId}/retry-analysis`).set('Cookie', alice.cookie);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ success: true, videoId, status: 'processing' });
    expect(await analysisRows(videoId)).toEqual({ runs: 1, jobs: 1, processing: 1 });

    // The event arrives after all: the inbox takes it, and the run it would queue is there already.
    await analysisBus.publish(subjects.videoUploaded, await uploadedEvent(videoId));
    await eventually(async () => {
      const [handled] = rowsOf<{ count: number }>(
        await analysis.runtime.db.execute(sql`select count(*)::int as count from inbox where consumer = 'analysis-on-video-uploaded'`),
      );
      expect(handled?.count).toBe(1);
    });
    expect(await analysisRows(videoId)).toEqual({ runs: 1, jobs: 1, processing: 1 });
  }, 120_000);
});
