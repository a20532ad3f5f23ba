import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import {
  createEnvelope,
  openObjectStorage,
  type Config,
  type EventBus,
  type ObjectStorage,
  type RunningService,
} from '@tracklens/kit';
import {
  eventually,
  expectStandardServiceSurface,
  freshDatabaseUrl,
  tempDir,
  testBus,
  testConfig,
} from '@tracklens/kit/testing';
import { PAGE_SPEC_MESSAGES, subjects, videoPageSpecSchema, type VideoPageSpec } from '@tracklens/contracts';
import { analysisClient, type AnalysisClient } from '@tracklens/contracts/clients';
import { createAnalysisService } from '../src/service';
import { makeAudioOnlyFile, makeCorruptFile } from './fixtures/synthetic-video';
import {
  StatusEvents,
  callerFor,
  demoVideo,
  publishUpload,
  storeUpload,
  type Caller,
  type Upload,
} from './support/harness';

/** How long one analysis may take on a busy machine; tests that run analyses get twice that. */
const ANALYSIS_TIMEOUT = 60_000;

describe('analysis service', () => {
  let config: Config;
  let bus: EventBus;
  let service: RunningService;
  let storage: ObjectStorage;
  let analyses: AnalysisClient;
  let base: string;
  let alice: Caller;
  let bob: Caller;
  let videoFile: string;
  let aliceUpload: Upload;
  const events = new StatusEvents();
  const dir = tempDir('analysis-videos-');

  beforeAll(async () => {
    bus = await testBus('analysis');
    config = await testConfig({
      DATABASE_URL: await freshDatabaseUrl('analysis'),
      ANALYSIS_CONCURRENCY: '2',
    });
    service = await createAnalysisService({
      config,
      bus,
      inMemoryDatabase: true,
      jobs: { pollMs: 100, backoffMs: 100 },
    });
    base = `http://127.0.0.1:${service.httpPort}`;
    storage = openObjectStorage(config);
    analyses = analysisClient(config);
    alice = callerFor(config);
    bob = callerFor(config);
    await events.listen(bus);
    videoFile = await demoVideo(dir);
    aliceUpload = await storeUpload(storage, videoFile, { userId: alice.userId });
    await publishUpload(bus, aliceUpload);
    await waitForStatus(aliceUpload.videoId, 'page_specs_ready');
  }, ANALYSIS_TIMEOUT * 2);

  afterAll(async () => {
    analyses.close();
    await service.stop();
    await bus.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function waitForStatus(videoId: string, status: string, timeoutMs = ANALYSIS_TIMEOUT) {
    return eventually(() => expect(events.statuses(videoId)).toContain(status), timeoutMs, 100);
  }

  async function specsOf(caller: Caller, videoId: string): Promise<VideoPageSpec[]> {
    const res = await request(base).get(`/api/videos/${videoId}/page-specs`).set('Cookie', caller.cookie);
    expect(res.status).toBe(200);
    return res.body as VideoPageSpec[];
  }

  async function analysed(caller: Caller, file = videoFile): Promise<Upload> {
    const upload = await storeUpload(storage, file, { userId: caller.userId });
    await publishUpload(bus, upload);
    await waitForStatus(upload.videoId, 'page_specs_ready');
    return upload;
  }

  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    await expectStandardServiceSurface(service);
  });

  it('should turn an uploaded video into one page spec per screen, in order, with stored screenshots', async () => {
    const specs = await specsOf(alice, aliceUpload.videoId);
    expect(specs.map((spec) => spec.screenName)).toEqual(['Login', 'Product Catalog', 'Cart']);
    expect(specs.map((spec) => spec.order)).toEqual([0, 1, 2]);
    for (const spec of specs) {
      expect(videoPageSpecSchema.parse(spec)).toEqual(spec);
      expect(spec).toMatchObject({
        videoId: aliceUpload.videoId,
        productId: aliceUpload.productId,
        isUserAdded: false,
      });
      expect(spec.description.length).toBeGreaterThan(0);
      expect(spec.screenshotKey).toMatch(
        new RegExp(`^users/${alice.userId}/products/${aliceUpload.productId}/screenshots/`),
      );
      expect(await storage.head(spec.screenshotKey ?? '')).toMatchObject({ size: expect.any(Number) });
    }
    expect(specs[0]?.elements).toEqual(expect.arrayContaining([{ kind: 'button', label: 'Sign In' }]));
    expect(specs[0]?.actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'navigate', toScreen: 'Product Catalog' })]),
    );
    expect(specs[0]?.firstSeenSec).toBe(0);
    expect(specs[2]?.lastSeenSec).toBeGreaterThanOrEqual(8);
  });

  it('should keep every visit of a screen and the frame of every action, stored under the video’s folder', async () => {
    const specs = await specsOf(alice, aliceUpload.videoId);
    const folder = `users/${alice.userId}/products/${aliceUpload.productId}/screenshots/${aliceUpload.videoId}/`;
    for (const spec of specs) {
      expect(spec.timeRanges?.length).toBeGreaterThan(0);
      expect(spec.timeRanges?.[0]?.startSec).toBe(spec.firstSeenSec);
      expect(spec.timeRanges?.at(-1)?.endSec).toBe(spec.lastSeenSec);
    }
    const actions = specs.flatMap((spec) => spec.actions);
    const move = specs[0]?.actions.find((action) => action.kind === 'navigate' && action.toScreen === 'Product Catalog');
    expect(move?.screenshotKey).toEqual(expect.stringMatching(new RegExp(`^${folder}`)));
    for (const action of actions) {
      expect(action.screenshotKey).toEqual(expect.stringMatching(new RegExp(`^${folder}`)));
      expect(await storage.head(action.screenshotKey ?? '')).toMatchObject({ size: expect.any(Number) });
    }
  });

  it('should announce processing, then analyzing with rising progress, then page_specs_ready exactly once', async () => {
    const seen = events.of(aliceUpload.videoId);
    expect(seen[0]).toMatchObject({
      type: subjects.videoProgressed,
      producer: 'analysis',
      data: { status: 'processing' },
    });
    const progress = seen
      .filter((event) => event.data.status === 'analyzing')
      .map((event) => event.data.progress ?? -1);
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((value) => value >= 0 && value < 100)).toBe(true);
    const ready = seen.filter((event) => event.type === subjects.pageSpecsReady);
    expect(ready).toHaveLength(1);
    expect(ready[0]?.data).toEqual({
      videoId: aliceUpload.videoId,
      productId: aliceUpload.productId,
      userId: alice.userId,
      status: 'page_specs_ready',
      progress: 100,
    });
  });

  it('should analyse a video once when media.video.uploaded arrives again', async () => {
    await publishUpload(bus, aliceUpload);
    await bus.publish(
      subjects.videoUploaded,
      createEnvelope('media', subjects.videoUploaded, aliceUpload.envelope.data),
    );
    // The duplicates would queue a run within a poll; give them several.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      events.of(aliceUpload.videoId).filter((event) => event.type === subjects.pageSpecsReady),
    ).toHaveLength(1);
    expect(events.statuses(aliceUpload.videoId).filter((status) => status === 'processing')).toHaveLength(1);
  });

  it("should answer 404 for another user's video, page spec, product and analysis", async () => {
    const [spec] = await specsOf(alice, aliceUpload.videoId);
    const { videoId, productId } = aliceUpload;
    const list = await request(base).get(`/api/videos/${videoId}/page-specs`).set('Cookie', bob.cookie);
    expect(list.status).toBe(404);
    expect(list.body.message).toBe('Video not found');
    const remove = await request(base).delete(`/api/page-specs/${spec?.id}`).set('Cookie', bob.cookie);
    expect(remove.status).toBe(404);
    const enhance = await request(base)
      .post(`/api/products/${productId}/page-specs/enhance`)
      .set('Cookie', bob.cookie)
      .send({ screenName: 'Settings', description: 'Account settings', videoId });
    expect(enhance.status).toBe(404);
    expect(enhance.body.message).toBe('Product not found');
    const finalize = await request(base)
      .post(`/api/products/${productId}/page-specs/finalize`)
      .set('Cookie', bob.cookie)
      .send({ videoId });
    expect(finalize.status).toBe(404);
    expect(finalize.body.message).toBe('Product not found');
    const retry = await request(base).post(`/api/videos/${videoId}/retry-analysis`).set('Cookie', bob.cookie);
    expect(retry.status).toBe(404);
    await expect(analyses.getProductAnalysis(bob.userId, productId)).resolves.toBeNull();
    expect((await specsOf(alice, videoId)).length).toBe(3);
    const anonymous = await request(base).get(`/api/videos/${videoId}/page-specs`);
    expect(anonymous.status).toBe(401);
  });

  it("should answer 404 'Video not found' for a video of another product of the same user", async () => {
    const other = await storeUpload(storage, videoFile, { userId: alice.userId });
    const res = await request(base)
      .post(`/api/products/${other.productId}/page-specs/enhance`)
      .set('Cookie', alice.cookie)
      .send({ screenName: 'Settings', description: 'Account settings', videoId: aliceUpload.videoId });
    // That product has no analysis of alice at all: it is not hers as far as analysis knows.
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
    const wrongVideo = await request(base)
      .post(`/api/products/${aliceUpload.productId}/page-specs/enhance`)
      .set('Cookie', alice.cookie)
      .send({ screenName: 'Settings', description: 'Account settings', videoId: other.videoId });
    expect(wrongVideo.status).toBe(404);
    expect(wrongVideo.body.message).toBe('Video not found');
  });

  it.each([
    [{ screenName: '', description: 'The cart page' }],
    [{ screenName: 'Cart', description: '   ' }],
    [{ description: 'The cart page' }],
    [{ screenName: 'Cart' }],
  ])("should answer 400 'Missing information' for %j", async (body) => {
    const res = await request(base)
      .post(`/api/products/${aliceUpload.productId}/page-specs/enhance`)
      .set('Cookie', alice.cookie)
      .send({ ...body, videoId: aliceUpload.videoId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Missing information: Please provide both screen name and description.',
      code: 'VALIDATION_ERROR',
    });
  });

  it(
    'should delete a page spec, and lend a screen the user adds the screenshot and elements of the frame that shows it',
    async () => {
      const upload = await analysed(alice);
      const specs = await specsOf(alice, upload.videoId);
      const cart = specs.find((spec) => spec.screenName === 'Cart');
      const removed = await request(base).delete(`/api/page-specs/${cart?.id}`).set('Cookie', alice.cookie);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true, id: cart?.id });
      expect(
        (await request(base).delete(`/api/page-specs/${cart?.id}`).set('Cookie', alice.cookie)).status,
      ).toBe(404);
      expect((await specsOf(alice, upload.videoId)).map((spec) => spec.screenName)).toEqual([
        'Login',
        'Product Catalog',
      ]);

      const added = await request(base)
        .post(`/api/products/${upload.productId}/page-specs/enhance`)
        .set('Cookie', alice.cookie)
        .send({
          screenName: '  Cart ',
          description: 'Review the items before checkout.',
          videoId: upload.videoId,
        });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        id: expect.any(String),
        screenName: 'Cart',
        description: 'Review the items before checkout.',
        screenshotKey: cart?.screenshotKey,
        isUserAdded: true,
        order: 2,
      });
      expect(added.body.elements).toEqual(expect.arrayContaining([{ kind: 'button', label: 'Checkout' }]));

      const unmatched = await request(base)
        .post(`/api/products/${upload.productId}/page-specs/enhance`)
        .set('Cookie', alice.cookie)
        .send({
          screenName: 'Notification Preferences',
          description: 'Choose which alerts arrive by text message.',
          videoId: upload.videoId,
        });
      expect(unmatched.status).toBe(201);
      expect(unmatched.body).toMatchObject({ screenshotKey: null, elements: [], order: 3 });
      const after = await specsOf(alice, upload.videoId);
      expect(after.map((spec) => [spec.screenName, spec.isUserAdded])).toEqual([
        ['Login', false],
        ['Product Catalog', false],
        ['Cart', true],
        ['Notification Preferences', true],
      ]);
    },
    ANALYSIS_TIMEOUT * 2,
  );

  it('should finalize the reviewed specs into product knowledge, announce processing then completed, and answer GetProductAnalysis', async () => {
    const { videoId, productId } = aliceUpload;
    const before = await analyses.getProductAnalysis(alice.userId, productId);
    expect(before).toMatchObject({ finalized: false, status: 'page_specs_ready' });
    expect(before?.pageSpecs).toHaveLength(3);

    const res = await request(base)
      .post(`/api/products/${productId}/page-specs/finalize`)
      .set('Cookie', alice.cookie)
      .send({ videoId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, videoId, productId, status: 'completed' });
    expect(res.body.knowledge.summary).toContain('Login, Product Catalog and Cart');
    await waitForStatus(videoId, 'completed', 10_000);
    const tail = events.of(videoId).slice(-2);
    expect(tail.map((event) => [event.type, event.data.status])).toEqual([
      [subjects.videoProgressed, 'processing'],
      [subjects.videoCompleted, 'completed'],
    ]);

    const analysis = await analyses.getProductAnalysis(alice.userId, productId);
    if (!analysis) throw new Error('no analysis of the finalised product');
    expect(analysis).toMatchObject({
      finalized: true,
      status: 'completed',
      summary: res.body.knowledge.summary,
    });
    expect(analysis.pageSpecs.map((spec) => [spec.screenName, spec.screenKind])).toEqual([
      ['Login', 'login'],
      ['Product Catalog', 'listing'],
      ['Cart', 'cart'],
    ]);
    // Visits and action frames travel over gRPC as REST answers them.
    const rest = await specsOf(alice, videoId);
    expect(analysis.pageSpecs.map((spec) => spec.timeRanges)).toEqual(rest.map((spec) => spec.timeRanges));
    expect(analysis.pageSpecs.map((spec) => spec.actions.map((action) => action.screenshotKey))).toEqual(
      rest.map((spec) => spec.actions.map((action) => action.screenshotKey)),
    );
    expect(
      analysis.pageSpecs.every((spec) => spec.screenshotKey?.startsWith(`users/${alice.userId}/`)),
    ).toBe(true);
    expect(analysis.journeys[0]).toEqual({
      name: 'Main Flow',
      description: expect.any(String),
      steps: ['Login', 'Product Catalog', 'Cart'],
    });
    expect(analysis.journeys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Sign In', steps: ['Login', 'Product Catalog'] }),
      ]),
    );
    expect(analysis.keyActions.find((screen) => screen.screenName === 'Login')?.keyActions).toEqual(
      expect.arrayContaining(['Enter Email', 'Click Sign In']),
    );
  });

  it(
    'should fail a corrupt upload with a readable reason, refuse to finalize it, and analyse it again on retry',
    async () => {
      const corrupt = path.join(dir, 'corrupt.mp4');
      makeCorruptFile(corrupt);
      const upload = await storeUpload(storage, corrupt, { userId: alice.userId });
      await publishUpload(bus, upload);
      await waitForStatus(upload.videoId, 'failed');
      const failed = events.of(upload.videoId).find((event) => event.data.status === 'failed');
      expect(failed?.type).toBe(subjects.videoFailed);
      expect(failed?.data.error).toMatch(/^The (video could not be read|file has no video stream)/);

      const finalize = await request(base)
        .post(`/api/products/${upload.productId}/page-specs/finalize`)
        .set('Cookie', alice.cookie)
        .send({ videoId: upload.videoId });
      expect(finalize.status).toBe(400);
      expect(finalize.body.message).toBe(PAGE_SPEC_MESSAGES.nothingToFinalize);

      // The user re-uploads over the same object; retry analyses what is there now.
      await storage.putStream(upload.storageKey, fs.createReadStream(videoFile));
      const retry = await request(base)
        .post(`/api/videos/${upload.videoId}/retry-analysis`)
        .set('Cookie', alice.cookie);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual({ success: true, videoId: upload.videoId, status: 'processing' });
      await waitForStatus(upload.videoId, 'page_specs_ready');
      expect((await specsOf(alice, upload.videoId)).map((spec) => spec.screenName)).toEqual([
        'Login',
        'Product Catalog',
        'Cart',
      ]);

      const again = await request(base)
        .post(`/api/videos/${upload.videoId}/retry-analysis`)
        .set('Cookie', alice.cookie);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only a failed analysis can be restarted');
    },
    ANALYSIS_TIMEOUT * 2,
  );

  it(
    "should fail an audio-only file with 'The file has no video stream'",
    async () => {
      const audio = path.join(dir, 'audio.mp4');
      await makeAudioOnlyFile(audio);
      const upload = await storeUpload(storage, audio, { userId: bob.userId });
      await publishUpload(bus, upload);
      await waitForStatus(upload.videoId, 'failed');
      expect(events.of(upload.videoId).find((event) => event.data.status === 'failed')?.data.error).toBe(
        'The file has no video stream',
      );
      expect(await specsOf(bob, upload.videoId)).toEqual([]);
    },
    ANALYSIS_TIMEOUT * 2,
  );

  it(
    'should fail a video whose file is missing from storage with a readable reason',
    async () => {
      const upload = await storeUpload(storage, videoFile, { userId: bob.userId });
      await storage.delete(upload.storageKey);
      await publishUpload(bus, upload);
      await waitForStatus(upload.videoId, 'failed');
      expect(events.of(upload.videoId).find((event) => event.data.status === 'failed')?.data.error).toBe(
        'The video file could not be found',
      );
    },
    ANALYSIS_TIMEOUT * 2,
  );

  it(
    'should forget a deleted video: its run, page specs, screenshots and the frames of its actions',
    async () => {
      const upload = await analysed(bob);
      const specs = await specsOf(bob, upload.videoId);
      expect(specs.length).toBeGreaterThan(0);
      await bus.publish(
        subjects.videoDeleted,
        createEnvelope('media', subjects.videoDeleted, {
          videoId: upload.videoId,
          productId: upload.productId,
          userId: bob.userId,
          storageKey: upload.storageKey,
        }),
      );
      await eventually(async () => {
        expect(
          (await request(base).get(`/api/videos/${upload.videoId}/page-specs`).set('Cookie', bob.cookie))
            .status,
        ).toBe(404);
      });
      for (const spec of specs) expect(await storage.head(spec.screenshotKey ?? '')).toBeNull();
      const actionFrames = specs.flatMap((spec) => spec.actions.map((action) => action.screenshotKey ?? ''));
      expect(actionFrames.length).toBeGreaterThan(0);
      for (const key of actionFrames) expect(await storage.head(key)).toBeNull();
      await expect(analyses.getProductAnalysis(bob.userId, upload.productId)).resolves.toBeNull();
    },
    ANALYSIS_TIMEOUT * 2,
  );
});
