/**
 * Starts the all-in-one product on free ports with a fresh DATA_DIR, serving web/dist, and waits for
 * /healthz. The base URL reaches the tests through E2E_BASE_URL.
 *
 * The product runs on NATS (NATS_URL, default the local server) so that tests can publish the events another
 * service would (for example an analysis status change) on the real bus, and with a Stripe webhook secret
 * (E2E_STRIPE_WEBHOOK_SECRET) so that tests can deliver signed webhooks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePortEnv } from '@tracklens/kit/testing';

async function waitForHealth(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product did not answer ${url}/healthz within ${timeoutMs} ms:\n${log()}`);
}

export default async function globalSetup(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const main = path.join(repoRoot, 'deploy', 'all-in-one', 'dist', 'main.js');
  const webDist = path.join(repoRoot, 'web', 'dist');
  for (const required of [main, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(required))
      throw new Error(`${required} is missing: run \`npm run build\` at the repository root first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(await freePortEnv()),
  };
  delete env.DATABASE_URL;
  env.NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  // Its own namespace on the server: another run of these tests (or CI's) on the same NATS never takes its events.
  env.NATS_PREFIX = `tl-e2e-${path.basename(dataDir).replace(/[^a-z0-9]/gi, '').toLowerCase().slice(-10)}`;
  env.STRIPE_WEBHOOK_SECRET = `whsec_e2e_${path.basename(dataDir)}`;

  let output = '';
  const child = spawn(process.execPath, [main], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_NATS_URL = env.NATS_URL;
  process.env.E2E_NATS_PREFIX = env.NATS_PREFIX;
  process.env.E2E_STRIPE_WEBHOOK_SECRET = env.STRIPE_WEBHOOK_SECRET;
  (globalThis as Record<string, unknown>).__TRACKLENS_E2E__ = { child, dataDir, log: () => output };
}
