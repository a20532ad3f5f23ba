/**
 * The product under measurement, started the way an operator starts it and always in processes of its own:
 * `node deploy/all-in-one/dist/main.js` (one process, PGlite and the in-process bus) or
 * `node deploy/all-in-one/dist/cluster-main.js` (a launcher and eight processes on PostgreSQL and NATS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ENV_VARIABLES, SERVICE_NAMES, repoRoot, type ServiceName } from '@tracklens/kit';
import { freePortEnv, tempDir } from '@tracklens/kit/testing';
import { stopProcess } from './child';
import { processTree, type NamedProcess } from './rss';

export type StartKind = 'all-in-one' | 'distributed';
export const START_KINDS: readonly StartKind[] = ['all-in-one', 'distributed'];

const ENTRY: Record<StartKind, string> = {
  'all-in-one': path.join(repoRoot, 'deploy', 'all-in-one', 'dist', 'main.js'),
  distributed: path.join(repoRoot, 'deploy', 'all-in-one', 'dist', 'cluster-main.js'),
};

/** The servers the distributed start uses when DATABASE_URL and NATS_URL are unset: those of `npm run start:cluster`. */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Generous: on a machine busy with other work a start has taken minutes; a start that never gets ready still fails. */
const READY_TIMEOUT_MS = 600_000;
/** Lines of the product's output kept to explain a failure. */
const KEPT_OUTPUT_LINES = 200;

/**
 * Where one distributed deployment keeps its state: a database name of its own (each service then uses
 * <name>_<service>, created on first start) and a NATS namespace of its own, so runs never read each other's
 * rows or events. A second start with the same backing finds the first one's data.
 */
export interface DistributedBacking {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
}

/** A fresh backing on the servers of DATABASE_URL and NATS_URL, or why the distributed start cannot run here. */
export async function distributedBacking(label: string): Promise<DistributedBacking | { unavailable: string }> {
  const databaseUrl = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const natsUrl = process.env.NATS_URL || DEFAULT_NATS_URL;
  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'));
  const missing: string[] = [];
  if (!(await reachable(databaseUrl.hostname, Number(databaseUrl.port || 5432)))) missing.push(`PostgreSQL at ${databaseUrl.host}`);
  if (!(await reachable(nats.hostname, Number(nats.port || 4222)))) missing.push(`NATS at ${nats.host}`);
  if (missing.length > 0) return { unavailable: `${missing.join(' and ')} not reachable` };
  const id = randomUUID().slice(0, 8);
  databaseUrl.pathname = `/tl_bench_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${id}`;
  return { databaseUrl: databaseUrl.toString(), natsUrl, natsPrefix: `tl-bench-${id}` };
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

export interface StartOptions {
  /** Reused for a second start on existing data; a new temporary folder otherwise. */
  dataDir?: string;
  /** Required for the distributed start. */
  backing?: DistributedBacking;
  /** Extra variables (e.g. ANALYSIS_CONCURRENCY); the bench's own defaults otherwise. */
  env?: Record<string, string>;
}

export interface RunningProduct {
  start: StartKind;
  /** The gateway, where users come in. */
  url: string;
  dataDir: string;
  /** The launching process: the whole product (all-in-one) or the cluster's launcher. */
  pid: number;
  /** A service's own HTTP address, behind the gateway. */
  serviceUrl(name: ServiceName): string;
  /** The product's processes right now, named: tracklens, or launcher, gateway and each service; helpers (ffmpeg) by command. */
  processes(): NamedProcess[];
  /** The product's recent output, to explain a failure. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The environment of the product: the bench's own, without any Tracklens variable of the shell (a DATABASE_URL
 * there must not turn the all-in-one onto PostgreSQL), then ports known in advance, so each service's direct
 * address is known, and test settings (the built-in checkout and offline analyzer, no payment or model provider).
 */
async function productEnv(start: StartKind, dataDir: string, options: StartOptions): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name in ENV_VARIABLES) delete env[name];
  const ports = await freePortEnv();
  const { GATEWAY_PORT: gatewayPort, ...servicePorts } = ports;
  Object.assign(env, servicePorts, { PORT: gatewayPort, DATA_DIR: dataDir, APP_ENV: 'test', LOG_LEVEL: 'warn' });
  if (start === 'distributed') {
    if (!options.backing) throw new Error('the distributed start needs a DistributedBacking');
    Object.assign(env, {
      DATABASE_URL: options.backing.databaseUrl,
      NATS_URL: options.backing.natsUrl,
      NATS_PREFIX: options.backing.natsPrefix,
    });
  }
  return { ...env, ...options.env };
}

export async function startProduct(start: StartKind, options: StartOptions = {}): Promise<RunningProduct> {
  const dataDir = options.dataDir ?? tempDir(`tracklens-bench-${start}-`);
  const env = await productEnv(start, dataDir, options);
  const child = spawn(process.execPath, [ENTRY[start]], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(line);
    lines.splice(0, Math.max(0, lines.length - KEPT_OUTPUT_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => lines.join('\n');
  const url = `http://127.0.0.1:${env.PORT}`;
  const product: RunningProduct = {
    start,
    url,
    dataDir,
    pid: child.pid ?? -1,
    serviceUrl: (name) => `http://127.0.0.1:${env[`${name.toUpperCase()}_HTTP_PORT`]}`,
    processes: () => namedProcesses(start, child.pid ?? -1),
    output,
    stop: () => stopProcess(child),
  };
  try {
    await waitReady(`${url}/readyz`, child, exited, output);
  } catch (error) {
    await product.stop();
    // A folder the caller passed holds its data; one made here for this start holds nothing worth keeping.
    if (!options.dataDir) removeDataDir(dataDir);
    throw error;
  }
  return product;
}

/** The gateway's /readyz answers 200 only once every service reports its database and bus ready. */
async function waitReady(url: string, child: ChildProcess, exited: Promise<void>, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the product exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      async (res) => {
        last = `${res.status} ${await res.text()}`;
        return res.ok;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${READY_TIMEOUT_MS} ms (last answer: ${last}):\n${output()}`);
}

const SERVICE_ENTRY = new RegExp(`(?:services/(${SERVICE_NAMES.join('|')})|(gateway))/dist/main\\.js`);

function namedProcesses(start: StartKind, rootPid: number): NamedProcess[] {
  return processTree(rootPid).map((entry) => {
    if (entry.pid === rootPid) return { name: start === 'all-in-one' ? 'tracklens' : 'launcher', pid: entry.pid };
    const service = SERVICE_ENTRY.exec(entry.commandLine);
    return { name: service?.[1] ?? service?.[2] ?? entry.command, pid: entry.pid };
  });
}

/** Removes a data folder the bench made. */
export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export interface PerStart<T> {
  results: T[];
  /** Starts that cannot run on this machine (no PostgreSQL or NATS), and why. */
  skipped: Partial<Record<StartKind, string>>;
  /** Starts that failed (the product did not come up, a request broke), and how. */
  failed: Partial<Record<StartKind, string>>;
}

/**
 * Measures each start in turn. One that cannot run here is skipped and said so; one that fails is reported
 * and sets exit code 1, and the others are still measured, so one broken start never hides the other's figures.
 */
export async function forEachStart<T>(
  starts: readonly StartKind[],
  measure: (start: StartKind) => Promise<T | { skipped: string }>,
): Promise<PerStart<T>> {
  const found: PerStart<T> = { results: [], skipped: {}, failed: {} };
  for (const start of starts) {
    try {
      const result = await measure(start);
      if (typeof result === 'object' && result !== null && 'skipped' in result) {
        found.skipped[start] = result.skipped;
        process.stdout.write(`${start}: skipped, ${result.skipped}\n`);
      } else found.results.push(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      found.failed[start] = message.split('\n')[0] ?? message;
      process.stderr.write(`${start}: FAILED, ${error instanceof Error ? (error.stack ?? message) : message}\n`);
      process.exitCode = 1;
    }
  }
  return found;
}
