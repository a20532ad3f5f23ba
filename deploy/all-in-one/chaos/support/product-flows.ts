/** The steps of the product's flows as the web client takes them through the gateway, for the chaos checks. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@tracklens/kit';
import { expectStatus, type Answer, type User } from './user';

/** A screen of the synthetic demo (see services/analysis/test/fixtures/synthetic-video.ts). */
interface SyntheticScreen {
  heading: string;
  subtitle?: string;
  fields?: Array<{ label: string; typed?: string }>;
  buttons?: string[];
  seconds: number;
}

/** Two screens, 5 s in all: short, so the real analysis of it takes seconds rather than a minute. */
const DEMO_SCREENS: SyntheticScreen[] = [
  {
    heading: 'Welcome Back',
    subtitle: 'Sign in to manage your orders.',
    fields: [{ label: 'Email', typed: 'jane@example.com' }],
    buttons: ['Sign In'],
    seconds: 3,
  },
  { heading: 'Shopping Cart', subtitle: 'Review the items in your cart.', buttons: ['Checkout'], seconds: 2 },
];

export interface DemoVideo {
  path: string;
  bytes: Buffer;
  remove(): void;
}

/** Drawn with ffmpeg by the analysis tests' fixture maker, into a temporary folder; nothing is downloaded. */
export async function makeDemoVideo(): Promise<DemoVideo> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-chaos-video-'));
  const file = path.join(dir, 'chaos-demo.mp4');
  // Loaded by path: the fixture maker belongs to the analysis tests, outside this package's sources.
  const fixtures = (await import(
    path.join(repoRoot, 'services', 'analysis', 'test', 'fixtures', 'synthetic-video')
  )) as {
    makeSyntheticVideo(outPath: string, screens: SyntheticScreen[]): Promise<void>;
  };
  await fixtures.makeSyntheticVideo(file, DEMO_SCREENS);
  return {
    path: file,
    bytes: fs.readFileSync(file),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function createProduct(user: User, name: string): Promise<string> {
  const answer = await user.patiently('POST', '/api/products/create-without-video', {
    json: {
      name,
      type: 'website',
      description: 'An online shop where customers sign in and check out their cart.',
    },
  });
  expectStatus(answer, 201, 'create product');
  return answer.body.id as string;
}

/** POST /api/uploads, then the PUT of the bytes to the URL it handed out; answers the storage key. */
export async function uploadVideo(user: User, productId: string, video: DemoVideo): Promise<string> {
  const target = await user.patiently('POST', '/api/uploads', {
    json: {
      productId,
      fileName: path.basename(video.path),
      contentType: 'video/mp4',
      fileSize: video.bytes.length,
    },
  });
  expectStatus(target, 201, 'create upload');
  const put = await user.call('PUT', target.body.uploadUrl as string, {
    body: video.bytes,
    headers: target.body.headers,
  });
  expectStatus(put, 200, 'upload PUT');
  return target.body.storageKey as string;
}

export function registerVideo(
  user: User,
  productId: string,
  storageKey: string,
  video: DemoVideo,
): Promise<Answer> {
  return user.call('POST', `/api/products/${productId}/videos/direct`, {
    json: {
      storageKey,
      originalName: path.basename(video.path),
      fileSize: video.bytes.length,
      contentType: 'video/mp4',
    },
  });
}

export interface VideoView {
  id: string;
  analysisStatus: string;
  analysisProgress: number | null;
}

export async function videosOf(user: User, productId: string): Promise<VideoView[]> {
  const answer = await user.patiently('GET', `/api/products/${productId}/videos`);
  expectStatus(answer, 200, 'list videos');
  return answer.body as VideoView[];
}

export interface PlanView {
  id: string;
  status: string;
}

export async function plansOf(user: User, productId: string): Promise<PlanView[]> {
  const answer = await user.patiently('GET', `/api/products/${productId}/tracking-plans`);
  expectStatus(answer, 200, 'list tracking plans');
  return answer.body as PlanView[];
}

export interface ChatJobView {
  id: string;
  status: string;
  progress: number;
  stage: string | null;
}

export async function chatJobsOf(user: User, productId: string): Promise<ChatJobView[]> {
  const answer = await user.patiently('GET', `/api/products/${productId}/jobs`);
  expectStatus(answer, 200, 'list chat jobs');
  return answer.body as ChatJobView[];
}

/** Polls `read` until `done` holds, failing with the last value seen after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
