import fs from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createEnvelope, createGrpcClient, loadGrpcService, type EventEnvelope } from '@tracklens/kit';
import { eventually } from '@tracklens/kit/testing';
import { subjects, type VideoAnalysisStatusChanged } from '@tracklens/contracts';
import { uploads as uploadRows, videos as videoRows } from '../src/db/schema';
import {
  askUpload,
  callerFor,
  createProduct,
  objectPath,
  putBytes,
  register,
  startCluster,
  uploadAndRegister,
  videos,
  type Caller,
  type Cluster,
  type UploadTargetBody,
} from './harness';

const MB = 1024 * 1024;

describe('media uploads (local storage)', () => {
  let cluster: Cluster;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    await cluster.bus.subscribe(
      { durable: `media-test-${Date.now()}`, subject: 'media.>', maxDeliveries: 1 },
      async (e) => {
        published.push(e);
      },
    );
  });

  afterAll(async () => {
    await cluster.stop();
  });

  afterEach(() => cluster.clock.reset());

  async function newOwner(): Promise<{ caller: Caller; productId: string }> {
    const caller = callerFor(cluster.config);
    return { caller, productId: await createProduct(cluster, caller) };
  }

  async function askFor(
    caller: Caller,
    productId: string,
    file: string,
    overrides: Record<string, unknown> = {},
  ) {
    const res = await askUpload(cluster, caller, productId, file, overrides);
    expect(res.status).toBe(201);
    return res.body as UploadTargetBody;
  }

  async function uploadRow(storageKey: string) {
    const [row] = await cluster.media.runtime.db
      .select()
      .from(uploadRows)
      .where(eq(uploadRows.storageKey, storageKey));
    return row;
  }

  function expectNothingLeft(storageKey: string) {
    expect(fs.existsSync(objectPath(cluster, storageKey))).toBe(false);
    return expect(uploadRow(storageKey)).resolves.toBeUndefined();
  }

  it('should upload, register, list and delete a video, publishing uploaded and deleted events', async () => {
    const { caller, productId } = await newOwner();
    const file = await videos.mp4();

    const asked = await askUpload(cluster, caller, productId, file);
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      uploadUrl: expect.stringMatching(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4' },
      storageKey: expect.stringMatching(
        new RegExp(`^users/${caller.userId}/products/${productId}/uploads/[0-9a-f-]{36}/demo\\.mp4$`),
      ),
      expiresAt: expect.any(String),
      maxBytes: fs.statSync(file).size,
    });
    const target = asked.body as UploadTargetBody;
    expect(new Date(target.expiresAt).getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);

    const put = await putBytes(cluster, target, file);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ storageKey: target.storageKey, size: fs.statSync(file).size });
    expect(fs.readFileSync(objectPath(cluster, target.storageKey)).equals(fs.readFileSync(file))).toBe(true);

    const res = await register(cluster, caller, productId, target.storageKey, file);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      productId,
      originalName: 'demo.mp4',
      fileSize: fs.statSync(file).size,
      contentType: 'video/mp4',
      durationSec: expect.closeTo(3, 1),
      analysisStatus: 'uploaded',
      analysisProgress: null,
      createdAt: expect.any(String),
      filename: target.storageKey,
      storageKey: target.storageKey,
    });
    const videoId = res.body.id as string;

    await eventually(() =>
      expect(
        published.some(
          (e) => e.type === subjects.videoUploaded && (e.data as { videoId: string }).videoId === videoId,
        ),
      ).toBe(true),
    );
    const uploaded = published.find((e) => (e.data as { videoId: string }).videoId === videoId);
    expect(uploaded).toMatchObject({
      producer: 'media',
      data: {
        videoId,
        productId,
        userId: caller.userId,
        storageKey: target.storageKey,
        contentType: 'video/mp4',
        originalName: 'demo.mp4',
      },
    });
    expect((uploaded?.data as { durationSec: number }).durationSec).toBeCloseTo(3, 1);

    const list = await request(cluster.base)
      .get(`/api/products/${productId}/videos`)
      .set('Cookie', caller.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);

    const removed = await request(cluster.base).delete(`/api/videos/${videoId}`).set('Cookie', caller.cookie);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, id: videoId });
    await expectNothingLeft(target.storageKey);
    expect(
      (await request(cluster.base).get(`/api/products/${productId}/videos`).set('Cookie', caller.cookie))
        .body,
    ).toEqual([]);
    await eventually(() =>
      expect(
        published.some(
          (e) => e.type === subjects.videoDeleted && (e.data as { videoId: string }).videoId === videoId,
        ),
      ).toBe(true),
    );
    const again = await request(cluster.base).delete(`/api/videos/${videoId}`).set('Cookie', caller.cookie);
    expect(again.status).toBe(404);
  });

  it('should take a webm video and keep its real duration, whatever the client says', async () => {
    const { caller, productId } = await newOwner();
    const file = await videos.webm();
    const target = await askFor(caller, productId, file);
    expect((await putBytes(cluster, target, file)).status).toBe(200);
    const res = await request(cluster.base)
      .post(`/api/products/${productId}/videos/direct`)
      .set('Cookie', caller.cookie)
      .send({
        storageKey: target.storageKey,
        originalName: 'My demo.webm',
        fileSize: 1,
        contentType: 'video/mp4',
        durationSec: 1,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      contentType: 'video/webm',
      originalName: 'My demo.webm',
      fileSize: fs.statSync(file).size,
    });
    expect(res.body.durationSec).toBeCloseTo(3, 1);
  });

  it('should answer a retried registration with the same video', async () => {
    const { caller, productId } = await newOwner();
    const file = await videos.mp4();
    const { target, registered } = await uploadAndRegister(cluster, caller, productId, file);
    expect(registered.status).toBe(201);
    const retry = await register(cluster, caller, productId, target.storageKey, file);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(registered.body.id);
  });

  describe('bad input', () => {
    it.each([
      [{ fileName: undefined, fileSize: undefined }, 'No file selected'],
      [{ fileSize: 0 }, 'No file selected'],
      [{ productId: undefined }, 'Product ID is required for video upload'],
    ])('should answer 400 for a request without a file (%j)', async (overrides, message) => {
      const { caller, productId } = await newOwner();
      const res = await askUpload(cluster, caller, productId, await videos.mp4(), overrides);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    });

    it('should answer 409 upload did not complete for registering a key never uploaded, and 400 No file selected for an empty PUT', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.mp4();
      const target = await askFor(caller, productId, file);
      const notYet = await register(cluster, caller, productId, target.storageKey, file);
      expect(notYet.status).toBe(409);
      expect(notYet.body).toMatchObject({ message: 'The upload did not complete. Please upload the file again.', code: 'UPLOAD_INCOMPLETE' });
      const empty = await putBytes(cluster, target, Buffer.alloc(0));
      expect(empty.status).toBe(400);
      expect(await empty.json()).toMatchObject({ message: 'No file selected' });
      await expectNothingLeft(target.storageKey);
    });

    it('should answer 400 to a PUT whose body was sent as JSON rather than bytes', async () => {
      const { caller, productId } = await newOwner();
      const target = await askFor(caller, productId, await videos.mp4());
      const res = await putBytes(
        cluster,
        { ...target, headers: { 'Content-Type': 'application/json' } },
        Buffer.from('{"a":1}'),
      );
      expect(res.status).toBe(400);
      await expectNothingLeft(target.storageKey);
    });

    it('should answer 415 Invalid file type for a type and name that are not a video', async () => {
      const { caller, productId } = await newOwner();
      const res = await askUpload(cluster, caller, productId, await videos.mp4(), {
        fileName: 'notes.txt',
        contentType: 'text/plain',
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: 'Invalid file type' });
    });

    it('should answer 415 Invalid file type for a text file named .mp4 and remove it', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.text();
      const target = await askFor(caller, productId, file, { contentType: 'text/plain' });
      expect((await putBytes(cluster, target, file)).status).toBe(200);
      const res = await register(cluster, caller, productId, target.storageKey, file);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: 'Invalid file type' });
      await expectNothingLeft(target.storageKey);
      expect((await register(cluster, caller, productId, target.storageKey, file)).status).toBe(404);
    });

    it('should answer 415 for a corrupt video with a valid header and remove it', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.corrupt();
      const target = await askFor(caller, productId, file);
      expect((await putBytes(cluster, target, file)).status).toBe(200);
      const res = await register(cluster, caller, productId, target.storageKey, file);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ message: 'Could not analyze video', code: 'UNREADABLE_VIDEO' });
      await expectNothingLeft(target.storageKey);
    });

    it('should answer 413 File too large for a declared size over 500 MB', async () => {
      const { caller, productId } = await newOwner();
      const res = await askUpload(cluster, caller, productId, await videos.mp4(), { fileSize: 500 * MB + 1 });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: 'File too large' });
      const ok = await askUpload(cluster, caller, productId, await videos.mp4(), { fileSize: 500 * MB });
      expect(ok.status).toBe(201);
    });

    it('should cut a PUT stream at the declared size with 413 and delete the partial object', async () => {
      const { caller, productId } = await newOwner();
      const target = await askFor(caller, productId, await videos.mp4(), { fileSize: 64 * 1024 });
      // Chunked, so no Content-Length warns the server: only the byte counter can stop it.
      const answer = await streamChunks(cluster.base + target.uploadUrl, 200, 4096);
      // The server answers 413 and closes the connection; a client still writing may see the reset first.
      if (answer.status === 0) expect(answer.resetCode).toMatch(/^(EPIPE|ECONNRESET)$/);
      else expect(JSON.parse(answer.body)).toMatchObject({ message: 'File too large' });
      expect([0, 413]).toContain(answer.status);
      expect(answer.bytesSent).toBeLessThan(200 * 4096);
      await expectNothingLeft(target.storageKey);
      const folder = objectPath(cluster, target.storageKey.split('/').slice(0, -1).join('/'));
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    });

    it('should refuse a Content-Length over the limit with 413 before reading the body', async () => {
      const { caller, productId } = await newOwner();
      const target = await askFor(caller, productId, await videos.mp4(), { fileSize: 1000 });
      const res = await putBytes(cluster, target, Buffer.alloc(5000, 1));
      expect(res.status).toBe(413);
      await expectNothingLeft(target.storageKey);
    });

    it('should answer 403 to a second PUT on the same URL', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.mp4();
      const target = await askFor(caller, productId, file);
      expect((await putBytes(cluster, target, file)).status).toBe(200);
      const second = await putBytes(cluster, target, await videos.corrupt());
      expect(second.status).toBe(403);
      expect(await second.json()).toMatchObject({
        message: 'Upload URL has already been used',
        code: 'UPLOAD_URL_USED',
      });
      expect(fs.readFileSync(objectPath(cluster, target.storageKey)).equals(fs.readFileSync(file))).toBe(
        true,
      );
    });

    it('should answer 403 to an expired URL and to a forged one', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.mp4();
      const target = await askFor(caller, productId, file);
      cluster.clock.advance(60 * 60 * 1000 + 1000);
      const expired = await putBytes(cluster, target, file);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toMatchObject({
        message: 'Upload URL has expired',
        code: 'UPLOAD_URL_EXPIRED',
      });
      cluster.clock.reset();
      const [payload, signature] = target.uploadUrl.replace('/api/uploads/', '').split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, m: 600 * MB })).toString('base64url');
      const forged = await putBytes(
        cluster,
        { ...target, uploadUrl: `/api/uploads/${forgedPayload}.${signature}` },
        file,
      );
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ code: 'UPLOAD_URL_INVALID' });
      expect(fs.existsSync(objectPath(cluster, target.storageKey))).toBe(false);
    });

    it("should answer 404 for another user's storage key and for another user's product", async () => {
      const owner = await newOwner();
      const intruder = await newOwner();
      const file = await videos.mp4();
      const target = await askFor(owner.caller, owner.productId, file);
      expect((await putBytes(cluster, target, file)).status).toBe(200);

      const foreignKey = await register(
        cluster,
        intruder.caller,
        intruder.productId,
        target.storageKey,
        file,
      );
      expect(foreignKey.status).toBe(404);
      expect(foreignKey.body).toMatchObject({ message: 'Upload not found' });
      const foreignProduct = await register(
        cluster,
        intruder.caller,
        owner.productId,
        target.storageKey,
        file,
      );
      expect(foreignProduct.status).toBe(404);
      expect(foreignProduct.body).toMatchObject({ message: 'Product not found' });
      const askForeign = await askUpload(cluster, intruder.caller, owner.productId, file);
      expect(askForeign.status).toBe(404);
      const listForeign = await request(cluster.base)
        .get(`/api/products/${owner.productId}/videos`)
        .set('Cookie', intruder.caller.cookie);
      expect(listForeign.status).toBe(404);
      expect(fs.existsSync(objectPath(cluster, target.storageKey))).toBe(true);

      const { registered } = await uploadAndRegister(cluster, owner.caller, owner.productId, file);
      const deleteForeign = await request(cluster.base)
        .delete(`/api/videos/${registered.body.id}`)
        .set('Cookie', intruder.caller.cookie);
      expect(deleteForeign.status).toBe(404);
      const junk = await request(cluster.base)
        .delete('/api/videos/not-a-uuid')
        .set('Cookie', owner.caller.cookie);
      expect(junk.status).toBe(404);
    });

    it('should answer 429 to an eleventh upload in flight, and stop counting URLs that expired', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.mp4();
      for (let i = 0; i < 10; i++) await askFor(caller, productId, file);
      const blocked = await askUpload(cluster, caller, productId, file);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
      cluster.clock.advance(60 * 60 * 1000 + 1000);
      expect((await askUpload(cluster, caller, productId, file)).status).toBe(201);
    });

    it('should answer 401 without a session', async () => {
      expect((await request(cluster.base).post('/api/uploads').send({})).status).toBe(401);
      expect((await request(cluster.base).get(`/api/products/${randomUUID()}/videos`)).status).toBe(401);
      expect((await request(cluster.base).delete(`/api/videos/${randomUUID()}`)).status).toBe(401);
    });
  });

  describe('plan limits (billing)', () => {
    it("should answer a free user's second video of the month with 403 UPLOAD_RESTRICTED and remove it", async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.mp4();
      expect((await uploadAndRegister(cluster, caller, productId, file)).registered.status).toBe(201);

      const target = await askFor(caller, productId, file);
      expect((await putBytes(cluster, target, file)).status).toBe(200);
      const res = await register(cluster, caller, productId, target.storageKey, file);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message:
          "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
        error:
          "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
        code: 'UPLOAD_RESTRICTED',
        upgradeRequired: true,
      });
      await expectNothingLeft(target.storageKey);
      const list = await request(cluster.base)
        .get(`/api/products/${productId}/videos`)
        .set('Cookie', caller.cookie);
      expect(list.body).toHaveLength(1);
    });

    it('should answer a video over 300 s with 403 UPLOAD_RESTRICTED, its duration, and remove it', async () => {
      const { caller, productId } = await newOwner();
      const file = await videos.long();
      const target = await askFor(caller, productId, file);
      expect((await putBytes(cluster, target, file)).status).toBe(200);
      const res = await register(cluster, caller, productId, target.storageKey, file);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'UPLOAD_RESTRICTED',
        upgradeRequired: true,
        message:
          'Your video (6 minutes) exceeds the 5-minute limit for free users. Upgrade to Pro for unlimited video length.',
        videoDurationMinutes: 6,
      });
      expect(res.body.videoDuration).toBeCloseTo(301, 0);
      await expectNothingLeft(target.storageKey);
      // The refused long video took nothing: a short one still fits this month.
      expect(
        (await uploadAndRegister(cluster, caller, productId, await videos.mp4())).registered.status,
      ).toBe(201);
    });
  });

  it("should keep each video's analysis status from analysis events, ignoring stale and unknown ones", async () => {
    const { caller, productId } = await newOwner();
    const { registered } = await uploadAndRegister(cluster, caller, productId, await videos.mp4());
    const videoId = registered.body.id as string;
    const status = (value: VideoAnalysisStatusChanged['status'], occurredAt: Date, id = videoId, progress?: number) => {
      const data: VideoAnalysisStatusChanged = {
        videoId: id,
        productId,
        userId: caller.userId,
        status: value,
        ...(progress === undefined ? {} : { progress }),
      };
      return {
        ...createEnvelope('analysis', 'analysis.video.progressed', data),
        occurredAt: occurredAt.toISOString(),
      };
    };
    const now = Date.now();
    const processing = status('analyzing', new Date(now + 1000), videoId, 37);
    await cluster.bus.publish(subjects.videoProgressed, processing);
    await cluster.bus.publish(subjects.videoProgressed, processing);
    await eventually(async () => {
      const listed = await request(cluster.base).get(`/api/products/${productId}/videos`).set('Cookie', caller.cookie);
      expect(listed.body[0]).toMatchObject({ analysisStatus: 'analyzing', analysisProgress: 37 });
    });
    await cluster.bus.publish(subjects.pageSpecsReady, {
      ...status('page_specs_ready', new Date(now + 3000)),
      type: subjects.pageSpecsReady,
    });
    await cluster.bus.publish(subjects.videoProgressed, status('processing', new Date(now + 2000)));
    await cluster.bus.publish(subjects.videoProgressed, status('failed', new Date(now + 4000), randomUUID()));
    await cluster.bus.publish(subjects.videoProgressed, {
      ...status('failed', new Date(now + 5000)),
      data: { videoId: 'x' },
    });
    await eventually(async () => {
      const [row] = await cluster.media.runtime.db.select().from(videoRows).where(eq(videoRows.id, videoId));
      expect(row?.analysisStatus).toBe('page_specs_ready');
    });
    // The stale 'processing' event was delivered too, and did not win.
    await new Promise((r) => setTimeout(r, 300));
    const list = await request(cluster.base)
      .get(`/api/products/${productId}/videos`)
      .set('Cookie', caller.cookie);
    expect(list.body[0]).toMatchObject({ analysisStatus: 'page_specs_ready', analysisProgress: null });
  });

  it('should answer ListVideos and GetVideo over gRPC', async () => {
    const { caller, productId } = await newOwner();
    const { registered } = await uploadAndRegister(cluster, caller, productId, await videos.mp4());
    const client = createGrpcClient(
      loadGrpcService(cluster.config.protoDir, 'media/v1/media.proto', 'media.v1.MediaService'),
      `127.0.0.1:${cluster.media.grpcPort}`,
      { deadlineMs: 2000 },
    );
    try {
      const listed = await client.call<{ videos: Array<Record<string, unknown>> }>('ListVideos', {
        product_id: productId,
      });
      expect(listed.videos).toEqual([
        {
          id: registered.body.id,
          product_id: productId,
          user_id: caller.userId,
          original_name: 'demo.mp4',
          file_size: registered.body.fileSize,
          content_type: 'video/mp4',
          duration_sec: registered.body.durationSec,
          analysis_status: 'uploaded',
          storage_key: registered.body.storageKey,
          created_at: registered.body.createdAt,
        },
      ]);
      expect(await client.call('ListVideos', { product_id: 'nope' })).toEqual({ videos: [] });
      const one = await client.call<{ video: { storage_key: string } }>('GetVideo', {
        video_id: registered.body.id,
      });
      expect(one.video.storage_key).toBe(registered.body.storageKey);
      await expect(client.call('GetVideo', { video_id: randomUUID() })).rejects.toMatchObject({
        status: 404,
      });
    } finally {
      client.close();
    }
  });

  it('should remove uploads never registered 24 hours after they were handed out, and nothing else', async () => {
    const { caller, productId } = await newOwner();
    const file = await videos.mp4();
    const orphan = await askFor(caller, productId, file);
    expect((await putBytes(cluster, orphan, file)).status).toBe(200);
    const neverPut = await askFor(caller, productId, file);
    const { target: kept } = await uploadAndRegister(cluster, caller, productId, file);

    cluster.clock.advance(23 * 60 * 60 * 1000);
    await new Promise((r) => setTimeout(r, 400));
    expect(fs.existsSync(objectPath(cluster, orphan.storageKey))).toBe(true);

    cluster.clock.advance(60 * 60 * 1000 + 1000);
    await eventually(() => expectNothingLeft(orphan.storageKey));
    await eventually(() => expect(uploadRow(neverPut.storageKey)).resolves.toBeUndefined());
    expect(fs.existsSync(objectPath(cluster, kept.storageKey))).toBe(true);
    expect(await uploadRow(kept.storageKey)).toMatchObject({ status: 'registered' });
  });
});

/** PUTs `count` chunks with chunked transfer encoding, stopping when the server answers; reports what it saw. */
/** status 0 with resetCode: the server closed the connection before the client read its answer. */
function streamChunks(
  url: string,
  count: number,
  size: number,
): Promise<{ status: number; body: string; bytesSent: number; resetCode?: string }> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4' } }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, bytesSent }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        resolve({ status: 0, body: '', bytesSent, resetCode: error.code });
      else reject(error);
    });
    const chunk = Buffer.alloc(size, 7);
    let sent = 0;
    // One chunk every few milliseconds, so the server's answer can arrive before everything is written.
    const tick = setInterval(() => {
      if (answered || sent >= count) {
        clearInterval(tick);
        if (!answered) req.end();
        return;
      }
      sent += 1;
      bytesSent += size;
      req.write(chunk);
    }, 2);
  });
}
