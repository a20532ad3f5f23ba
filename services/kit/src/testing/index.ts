/** Helpers for tests of any workspace: config, free ports, a fresh database, the bus of the run. */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { ensurePostgresDatabase } from '../db';
import { SERVICE_NAMES } from '../env';
import type { EventBus } from '../events';
import { InProcessBus } from '../in-process-bus';
import { connectNatsBus } from '../nats-bus';
import { createGrpcClient, loadGrpcService } from '../grpc';
import { SESSION_COOKIE, signSession } from '../auth';

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * Test ports come from below the kernel's ephemeral range (32768 and up): a port taken from that range
 * (listen on 0) can be handed to some outgoing connection before the test listens on it. Each process
 * walks the range from its own starting point, so parallel test processes rarely meet.
 */
const PORT_FLOOR = 20_000;
const PORT_SPAN = 12_000;
let nextPort = PORT_FLOOR + ((process.pid * 997) % PORT_SPAN);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, never handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_SPAN; tries += 1) {
    const port = nextPort;
    nextPort = PORT_FLOOR + ((nextPort - PORT_FLOOR + 1) % PORT_SPAN);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port left for tests');
}

export function tempDir(prefix = 'tracklens-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** DATABASE_URL and NATS_URL of the run: set in CI's integration pass, unset for embedded defaults. */
export const externalDatabaseUrl = process.env.DATABASE_URL || undefined;
export const externalNatsUrl = process.env.NATS_URL || undefined;

/** A fresh, uniquely named PostgreSQL database on the run's server, or undefined for PGlite. */
export async function freshDatabaseUrl(label = 'test'): Promise<string | undefined> {
  if (!externalDatabaseUrl) return undefined;
  const url = new URL(externalDatabaseUrl);
  url.pathname = `/tl_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomUUID().slice(0, 8)}`;
  await ensurePostgresDatabase(url.toString());
  return url.toString();
}

/**
 * The NATS namespace of this test file (jest loads modules per file): its buses share it, while other files, other
 * runs and other checkouts on the same server never see its events. NATS_PREFIX wins, so a test can share the
 * namespace of a product it started as a child process.
 */
export const TEST_NATS_PREFIX = process.env.NATS_PREFIX ?? `tl-test-${randomUUID().slice(0, 8)}`;

/** The bus of the run: NATS when NATS_URL is set, else in-process (retries shortened for tests). */
export async function testBus(name = 'test'): Promise<EventBus> {
  if (externalNatsUrl) {
    return connectNatsBus({
      url: externalNatsUrl,
      prefix: TEST_NATS_PREFIX,
      name: `${name}-${randomUUID().slice(0, 6)}`,
      logger: silentLogger,
      retryBaseMs: 100,
      // A test's events matter for the minutes it runs: its streams forget them after an hour.
      maxAgeMs: 60 * 60 * 1000,
    });
  }
  return new InProcessBus({ logger: silentLogger, retryBaseMs: 20 });
}

/** GATEWAY_PORT and every service's HTTP and gRPC port, each a port free right now. */
export async function freePortEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = { GATEWAY_PORT: String(await freePort()) };
  for (const name of SERVICE_NAMES) {
    env[`${name.toUpperCase()}_HTTP_PORT`] = String(await freePort());
    env[`${name.toUpperCase()}_GRPC_PORT`] = String(await freePort());
  }
  return env;
}

/** Config for a test: random free ports, a temporary DATA_DIR, quiet logs. */
export async function testConfig(env: Record<string, string | undefined> = {}): Promise<Config> {
  const ports = await freePortEnv();
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDir(),
    OUTBOX_POLL_MS: '100',
    ...ports,
    ...clean,
  });
}

/** Polls until the check passes or the time is up. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
  throw lastError instanceof Error ? lastError : new Error('eventually: timed out');
}

/** Asserts what every service answers from its first day: health, real readiness, metrics, stats, gRPC health. */
export async function expectStandardServiceSurface(service: {
  name: string;
  httpPort: number;
  grpcPort: number;
  runtime: { config: Config };
}): Promise<void> {
  const base = `http://127.0.0.1:${service.httpPort}`;
  const health = await fetch(`${base}/healthz`);
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
  const ready = (await (await fetch(`${base}/readyz`)).json()) as { status: string; checks: Record<string, string> };
  if (ready.status !== 'ready' || ready.checks.database !== 'ok' || ready.checks.bus !== 'ok') {
    throw new Error(`/readyz not ready: ${JSON.stringify(ready)}`);
  }
  const metrics = await (await fetch(`${base}/metrics`)).text();
  if (!metrics.includes(`service="${service.name}"`)) throw new Error('/metrics lacks the service label');
  const stats = (await (await fetch(`${base}/debug/stats`)).json()) as { stats: Record<string, number> };
  if (stats.stats.outbox === undefined || stats.stats.inbox === undefined) {
    throw new Error(`/debug/stats lacks outbox/inbox: ${JSON.stringify(stats)}`);
  }
  const missing = await fetch(`${base}/api/does-not-exist`);
  if (missing.status !== 404 || !(missing.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error('unknown routes must answer a JSON 404');
  }
  const client = createGrpcClient(
    loadGrpcService(service.runtime.config.protoDir, 'grpc/health/v1/health.proto', 'grpc.health.v1.Health'),
    `127.0.0.1:${service.grpcPort}`,
    { deadlineMs: 2000 },
  );
  try {
    const answer = await client.call<{ status: string }>('Check', { service: service.name });
    if (answer.status !== 'SERVING') throw new Error(`gRPC health answered ${answer.status}`);
  } finally {
    client.close();
  }
}
export { startLoggingChild, type LoggingChild } from './child-process';

/** A new user id and the session cookie of a live session of theirs, as identity would set it. */
export function signedInCaller(jwtSecret: string, userId: string = randomUUID()): { userId: string; cookie: string } {
  return { userId, cookie: `${SESSION_COOKIE}=${signSession(jwtSecret, { userId, sessionId: randomUUID() })}` };
}
export { chatCompletion, scriptedChatCompletions, type ScriptedChatCompletions, type ScriptedReply, type SeenRequest } from './chat-completions';

/** A gate a test closes to catch work in its middle (a job mid-run) and opens to let it go on. */
export class Gate {
  private closed: { passed: Promise<void>; open: () => void } | null = null;

  close(): void {
    if (this.closed) return;
    let open = () => undefined as void;
    const passed = new Promise<void>((resolve) => (open = resolve));
    this.closed = { passed, open };
  }

  open(): void {
    this.closed?.open();
    this.closed = null;
  }

  /** Resolves at once while open, else when opened; rejects with the signal's reason when it aborts first. */
  async pass(signal: AbortSignal): Promise<void> {
    if (!this.closed) return;
    await Promise.race([
      this.closed.passed,
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ]);
  }
}
