/** Test harness: media with the real catalog and billing services in-process on one bus, users, products and videos. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { loadConfig, type Config, type EventBus, type RunningService } from '@tracklens/kit';
import { freePortEnv, freshDatabaseUrl, signedInCaller, tempDir, testBus } from '@tracklens/kit/testing';
import { createBillingService } from '@tracklens/billing';
import { createCatalogService } from '@tracklens/catalog';
import { createMediaService } from '../src/service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const run = promisify(execFile);

/** A signed-in user as identity would have made them: a session cookie signed with the shared secret. */
export interface Caller {
  userId: string;
  cookie: string;
}

export function callerFor(config: Config, userId = randomUUID()): Caller {
  return signedInCaller(config.jwtSecret, userId);
}

/** A clock the test moves: now() plus an offset. */
export class TestClock {
  offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export interface Cluster {
  /** The environment the config was loaded from (a child process loads the same). */
  env: Record<string, string>;
  config: Config;
  bus: EventBus;
  media: RunningService;
  catalog: RunningService;
  billing: RunningService;
  clock: TestClock;
  /** media's base URL. */
  base: string;
  stop(): Promise<void>;
}

/** media, catalog and billing, each on its own database, sharing one bus and one set of ports. */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const bus = await testBus('media');
  const databaseUrl = await freshDatabaseUrl('media');
  const env: Record<string, string> = {
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDir(),
    OUTBOX_POLL_MS: '100',
    ...(await freePortEnv()),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    UPLOAD_SWEEP_INTERVAL_MS: '100',
    ...extraEnv,
  };
  const config = loadConfig(env);
  const clock = new TestClock();
  const shared = { config, bus, inMemoryDatabase: true, databasePerService: true };
  const catalog = await createCatalogService(shared);
  const billing = await createBillingService(shared);
  const media = await createMediaService({ ...shared, clock: clock.now });
  return {
    env,
    config,
    bus,
    media,
    catalog,
    billing,
    clock,
    base: `http://127.0.0.1:${media.httpPort}`,
    stop: async () => {
      await media.stop();
      await billing.stop();
      await catalog.stop();
      await bus.close();
    },
  };
}

let products = 0;
export async function createProduct(cluster: Cluster, caller: Caller): Promise<string> {
  products += 1;
  const res = await request(`http://127.0.0.1:${cluster.catalog.httpPort}`)
    .post('/api/products/create-without-video')
    .set('Cookie', caller.cookie)
    .send({ name: `Demo product ${products}`, type: 'website', description: 'A product with a recorded demo video.' });
  if (res.status !== 201) throw new Error(`catalog answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Test videos drawn by ffmpeg's test source (never downloaded), made once per run. */
const videoDir = tempDir('tracklens-media-videos-');
const made = new Map<string, Promise<string>>();

function makeVideo(name: string, args: string[]): Promise<string> {
  let file = made.get(name);
  if (!file) {
    const target = path.join(videoDir, name);
    file = run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args, target]).then(() => target);
    made.set(name, file);
  }
  return file;
}

export const videos = {
  /** 3 s, 320x240 at 10 fps. */
  mp4: () => makeVideo('demo.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10', '-pix_fmt', 'yuv420p']),
  webm: () => makeVideo('demo.webm', ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10', '-c:v', 'libvpx', '-b:v', '200k']),
  /** 301 s, one frame a second at 32x32: just over the free plan's 300 s, and tiny. */
  long: () => makeVideo('long.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=301:size=32x32:rate=1', '-pix_fmt', 'yuv420p']),
  /** A real mp4 header followed by noise: passes the magic check, fails ffprobe. */
  corrupt: async () => {
    const target = path.join(videoDir, 'corrupt.mp4');
    if (!fs.existsSync(target)) {
      const head = fs.readFileSync(await videos.mp4()).subarray(0, 32);
      fs.writeFileSync(target, Buffer.concat([head, Buffer.alloc(4096, 0x5a)]));
    }
    return target;
  },
  /** Plain text under a video's name. */
  text: async () => {
    const target = path.join(videoDir, 'notes.mp4');
    fs.writeFileSync(target, 'These are meeting notes, not a video.\n'.repeat(20));
    return target;
  },
};

export interface UploadTargetBody {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  storageKey: string;
  expiresAt: string;
  maxBytes: number;
}

/** POST /api/uploads for a file on disk; answers the raw response. */
export function askUpload(cluster: Cluster, caller: Caller, productId: string, file: string, overrides: Record<string, unknown> = {}) {
  return request(cluster.base)
    .post('/api/uploads')
    .set('Cookie', caller.cookie)
    .send({
      productId,
      fileName: path.basename(file),
      contentType: file.endsWith('.webm') ? 'video/webm' : 'video/mp4',
      fileSize: fs.statSync(file).size,
      ...overrides,
    });
}

/** PUTs bytes to an upload URL of the local storage with fetch (as a browser would), streaming the file. */
export async function putBytes(cluster: Cluster, target: UploadTargetBody, body: Buffer | string): Promise<Response> {
  const bytes = typeof body === 'string' ? fs.readFileSync(body) : body;
  const url = target.uploadUrl.startsWith('http') ? target.uploadUrl : `${cluster.base}${target.uploadUrl}`;
  return fetch(url, { method: 'PUT', headers: target.headers, body: bytes });
}

/** POST /api/uploads, PUT, POST /api/products/{id}/videos/direct: the whole browser flow for one file. */
export async function uploadAndRegister(cluster: Cluster, caller: Caller, productId: string, file: string) {
  const asked = await askUpload(cluster, caller, productId, file);
  if (asked.status !== 201) throw new Error(`POST /api/uploads answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const target = asked.body as UploadTargetBody;
  const put = await putBytes(cluster, target, file);
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
  const registered = await register(cluster, caller, productId, target.storageKey, file);
  return { target, registered };
}

export function register(cluster: Cluster, caller: Caller, productId: string, storageKey: string, file: string) {
  return request(cluster.base)
    .post(`/api/products/${productId}/videos/direct`)
    .set('Cookie', caller.cookie)
    .send({
      storageKey,
      originalName: path.basename(file),
      fileSize: fs.statSync(file).size,
      contentType: file.endsWith('.webm') ? 'video/webm' : 'video/mp4',
    });
}

/** The media service's local object folder. */
export function objectPath(cluster: Cluster, key: string): string {
  const { storage } = cluster.config;
  if (storage.kind !== 'local') throw new Error('not local storage');
  return path.join(storage.dir, ...key.split('/'));
}
