import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import request from 'supertest';
import { createLogger, createModelClient, openObjectStorage, type Config, type EventBus, type ObjectStorage, type RunningService } from '@tracklens/kit';
import { eventually, freshDatabaseUrl, tempDir, testBus, testConfig } from '@tracklens/kit/testing';
import type { VideoPageSpec } from '@tracklens/contracts';
import { createAnalysisService } from '../src/service';
import { SCREENS_JSON_SCHEMA, createOpenAiUnderstander } from '../src/pipeline/openai-understander';
import type { KeyFrame } from '../src/pipeline';
import { StatusEvents, callerFor, demoVideo, publishUpload, storeUpload, type Caller } from './support/harness';
import { framesOf, imagesOf, startChatCompletionsServer, type ChatCompletionsServer, type ChatRequest } from './support/chat-completions-server';

const run = promisify(execFile);

/** The model's view of the demo video: its own names, so the page specs visibly come from its answer. */
function screenAt(timeSec: number) {
  if (timeSec < 3) {
    return {
      screen_name: 'Sign-in Page',
      description: 'Returning customers sign in with their email.',
      elements: [
        { kind: 'input', label: 'Email' },
        { kind: 'button', label: 'Log In' },
      ],
      actions: [
        { kind: 'type', target: 'Email', to_screen: '' },
        { kind: 'click', target: 'Log In', to_screen: 'Catalogue' },
      ],
      visible_text: 'Welcome Back Sign in to manage your orders Email Sign In',
    };
  }
  if (timeSec < 6) {
    return {
      screen_name: 'Catalogue',
      description: 'The product list with the newest arrivals.',
      elements: [{ kind: 'button', label: 'Add to Cart' }],
      actions: [],
      visible_text: 'Product Catalog Browse our latest arrivals Add to Cart',
    };
  }
  return {
    screen_name: 'Basket',
    description: 'The items chosen so far, ready for checkout.',
    elements: [{ kind: 'button', label: 'Checkout' }],
    actions: [],
    visible_text: 'Shopping Cart Review the items in your cart Checkout',
  };
}

function modelAnswer(body: ChatRequest): unknown {
  const schemaName = body.response_format?.json_schema?.name;
  if (schemaName === 'screens') return { frames: framesOf(body).map(({ frame, timeSec }) => ({ frame, ...screenAt(timeSec) })) };
  if (schemaName === 'screen_description') return { description: 'Improved: the account page where users change their password and email.' };
  throw new Error(`unexpected schema ${schemaName}`);
}

describe('analysis with an OpenAI-compatible vision model', () => {
  let model: ChatCompletionsServer;
  let config: Config;
  let bus: EventBus;
  let service: RunningService;
  let storage: ObjectStorage;
  let alice: Caller;
  let base: string;
  let logger: ReturnType<typeof createLogger>;
  const events = new StatusEvents();
  const dir = tempDir('analysis-openai-');

  beforeAll(async () => {
    model = await startChatCompletionsServer(modelAnswer);
    bus = await testBus('analysis-openai');
    config = await testConfig({
      DATABASE_URL: await freshDatabaseUrl('analysis_openai'),
      OPENAI_API_KEY: 'sk-test-local',
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    logger = createLogger('analysis', 'silent');
    jest.spyOn(logger, 'info');
    service = await createAnalysisService({ config, bus, inMemoryDatabase: true, logger, jobs: { pollMs: 100 } });
    base = `http://127.0.0.1:${service.httpPort}`;
    storage = openObjectStorage(config);
    alice = callerFor(config);
    await events.listen(bus);
  });

  afterAll(async () => {
    await service.stop();
    await bus.close();
    await model.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should send the key frames with the JSON schema, retry a 429, and turn the answer into page specs', async () => {
    model.rateLimitNext(1);
    const upload = await storeUpload(storage, await demoVideo(dir), { userId: alice.userId });
    await publishUpload(bus, upload);
    await eventually(() => expect(events.statuses(upload.videoId)).toContain('page_specs_ready'), 90_000, 100);

    const screensRequests = model.requests.filter((body) => body.response_format?.json_schema?.name === 'screens');
    expect(screensRequests.length).toBeGreaterThanOrEqual(2);
    // The 429 was answered to the first request; the same request was sent again.
    expect(screensRequests[1]).toEqual(screensRequests[0]);
    for (const body of screensRequests) {
      expect(body.model).toBe('gpt-4o-mini');
      expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'screens', strict: true, schema: SCREENS_JSON_SCHEMA } });
      const images = imagesOf(body);
      expect(images.length).toBeGreaterThan(0);
      expect(images.length).toBe(framesOf(body).length);
      for (const image of images) {
        expect(image.detail).toBe('low');
        expect(image.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
      }
    }

    const res = await request(base).get(`/api/videos/${upload.videoId}/page-specs`).set('Cookie', alice.cookie);
    const specs = res.body as VideoPageSpec[];
    expect(specs.map((spec) => spec.screenName)).toEqual(['Sign-in Page', 'Catalogue', 'Basket']);
    expect(specs[0]).toMatchObject({
      description: 'Returning customers sign in with their email.',
      elements: [
        { kind: 'input', label: 'Email' },
        { kind: 'button', label: 'Log In' },
      ],
    });
    expect(specs[0]?.actions).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'click', target: 'Log In', toScreen: 'Catalogue' })]));
    expect(specs.every((spec) => spec.screenshotKey !== null)).toBe(true);

    const usage = jest
      .mocked(logger.info)
      .mock.calls.filter((call) => call[1] === 'model usage' && (call[0] as { schema?: string }).schema === 'screens')
      .map((call) => call[0]);
    expect(usage.length).toBe(screensRequests.length - 1);
    expect(usage[0]).toMatchObject({ attempts: 2, promptTokens: 1000, completionTokens: 200, totalTokens: 1200 });

    const added = await request(base)
      .post(`/api/products/${upload.productId}/page-specs/enhance`)
      .set('Cookie', alice.cookie)
      .send({ screenName: 'Account Settings', description: 'change password', videoId: upload.videoId });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      screenName: 'Account Settings',
      description: 'Improved: the account page where users change their password and email.',
    });
    const describeRequest = model.requests.find((body) => body.response_format?.json_schema?.name === 'screen_description');
    expect(JSON.stringify(describeRequest?.messages)).toContain('change password');
  }, 120_000);

  it('should send at most ANALYSIS_MAX_FRAMES frames of a video and give the others the screen of the nearest sent frame', async () => {
    const jpeg = path.join(dir, 'frame.jpg');
    await run(ffmpegInstaller.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=320x180', '-frames:v', '1', jpeg]);
    const frames: KeyFrame[] = Array.from({ length: 10 }, (_, index) => ({
      index,
      timeSec: index,
      startSec: index,
      endSec: index + 1,
      imagePath: jpeg,
      width: 1280,
      height: 720,
      scrolledFromPrevious: false,
      changedRegions: [],
    }));
    const sent = model.requests.length;
    const understander = createOpenAiUnderstander({
      client: createModelClient({ apiKey: 'sk-test-local', baseUrl: model.baseUrl, model: 'gpt-4o-mini', logger: createLogger('analysis', 'silent') }),
      maxFrames: 4,
      batchSize: 2,
    });
    const done: number[] = [];
    const understood = await understander.understand(frames, { onFrameDone: (count) => done.push(count) });
    const requests = model.requests.slice(sent);
    expect(requests).toHaveLength(2);
    expect(requests.flatMap((body) => framesOf(body).map((frame) => frame.frame))).toEqual([1, 4, 7, 10]);
    expect(understood.map((frame) => frame.screenName)).toEqual([
      'Sign-in Page',
      'Sign-in Page',
      'Sign-in Page',
      'Catalogue',
      'Catalogue',
      'Catalogue',
      'Basket',
      'Basket',
      'Basket',
      'Basket',
    ]);
    // A frame that was not sent adds no actions of its own.
    expect(understood[0]?.actions.length).toBeGreaterThan(0);
    expect(understood[1]?.actions).toEqual([]);
    expect(done[done.length - 1]).toBe(10);
  });
});
