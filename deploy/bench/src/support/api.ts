/** The product's public API as the web client calls it: sign up, create a product, upload a video, follow its analysis. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  productSchema,
  uploadTargetSchema,
  userSchema,
  videoSchema,
  type Product,
  type User,
  type Video,
} from '@tracklens/contracts';
import { loadScript, runForJson } from './child';

export interface Session {
  cookie: string;
  user: User;
}

interface CallOptions {
  method?: string;
  body?: unknown;
}

/** A JSON call with the session cookie; rejects naming the route and the answer unless 2xx. */
export async function call(url: string, cookie: string, options: CallOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const res = await fetch(url, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** POST /api/register through the gateway: a new user, signed in. */
export async function registerUser(gatewayUrl: string): Promise<Session> {
  const res = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench User',
      email: `bench.${randomUUID().slice(0, 8)}@example.com`,
      password: 'benchmark password',
    }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await res.json()) as { user?: unknown };
  if (res.status !== 201 || !cookie) throw new Error(`registration answered ${res.status}: ${JSON.stringify(body)}`);
  return { cookie, user: userSchema.parse(body.user ?? body) };
}

/** POST /api/products/create-without-video: the product the onboarding's 'Skip for Now' creates. */
export async function createProduct(gatewayUrl: string, cookie: string): Promise<Product> {
  const body = await call(`${gatewayUrl}/api/products/create-without-video`, cookie, {
    method: 'POST',
    body: { name: 'Bench Shop', type: 'website', description: 'An online shop used to measure Tracklens.' },
  });
  return productSchema.parse(body);
}

/** What the upload client process measured of its PUT. */
export interface PutFigures {
  status: number;
  bytes: number;
  ms: number;
  /** CPU seconds the client process used, user and system, its start included. */
  cpuSeconds: number;
  answer: string;
}

export interface Uploaded {
  put: PutFigures;
  /** The upload client's pid, for the record. */
  clientPid: number;
  video: Video;
  registerMs: number;
}

/**
 * The web's upload (product-spec §4 Upload flow): POST /api/uploads, then the bytes PUT to the URL it
 * answers by a separate client process streaming from disk, then POST /api/products/{id}/videos/direct.
 * The hooks run right before and after the PUT alone, so a caller can watch the receiving processes during it.
 */
export async function uploadVideo(
  gatewayUrl: string,
  cookie: string,
  productId: string,
  file: string,
  hooks: { beforePut?: () => void; afterPut?: () => void } = {},
): Promise<Uploaded> {
  const fileSize = fs.statSync(file).size;
  const fileName = 'bench-demo.mp4';
  const contentType = 'video/mp4';
  const target = uploadTargetSchema.parse(
    await call(`${gatewayUrl}/api/uploads`, cookie, { method: 'POST', body: { productId, fileName, contentType, fileSize } }),
  );
  // A relative URL is the gateway's own upload route and takes the session cookie, as the web's XHR sends it.
  const relative = !/^[a-z][a-z0-9+.-]*:\/\//i.test(target.uploadUrl);
  const url = relative ? `${gatewayUrl}${target.uploadUrl}` : target.uploadUrl;
  const headers = { ...target.headers, ...(relative ? { cookie } : {}) };
  const client = loadScript('upload-client');
  hooks.beforePut?.();
  let put: { value: PutFigures; pid: number };
  try {
    put = await runForJson<PutFigures>(client.command, client.args, {
      ...process.env,
      UPLOAD_CLIENT_ARGS: JSON.stringify({ url, method: target.method, file, headers }),
    });
  } finally {
    hooks.afterPut?.();
  }
  if (put.value.status < 200 || put.value.status >= 300) {
    throw new Error(`PUT ${target.uploadUrl} answered ${put.value.status}: ${put.value.answer.slice(0, 500)}`);
  }
  const started = performance.now();
  const video = videoSchema.parse(
    await call(`${gatewayUrl}/api/products/${productId}/videos/direct`, cookie, {
      method: 'POST',
      body: { storageKey: target.storageKey, originalName: fileName, fileSize, contentType },
    }),
  );
  return { put: put.value, clientPid: put.pid, video, registerMs: performance.now() - started };
}

/**
 * Polls GET /api/products/{id}/videos (as the product page does) until the video's analysis has ended:
 * page specs ready, or failed. A poll that fails is retried, as the page's next poll would be, and counted.
 * Resolves with the last status, the time from the call and the failed polls.
 */
export async function waitForAnalysis(
  gatewayUrl: string,
  cookie: string,
  productId: string,
  videoId: string,
  timeoutMs: number,
): Promise<{ status: string; ms: number; failedPolls: number }> {
  const started = performance.now();
  let status = 'unknown';
  let failedPolls = 0;
  while (performance.now() - started < timeoutMs) {
    try {
      const videos = videoSchema.array().parse(await call(`${gatewayUrl}/api/products/${productId}/videos`, cookie));
      status = videos.find((video) => video.id === videoId)?.analysisStatus ?? 'missing';
    } catch {
      failedPolls += 1;
    }
    if (status === 'page_specs_ready' || status === 'completed' || status === 'failed') {
      return { status, ms: performance.now() - started, failedPolls };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { status: `${status} (timed out)`, ms: performance.now() - started, failedPolls };
}
