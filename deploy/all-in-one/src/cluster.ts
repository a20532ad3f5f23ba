/**
 * Distributed mode without Docker: every service and the gateway as its own process, each service on its
 * own PostgreSQL database (<database>_<service>, created if missing), all talking through NATS JetStream.
 * As in all-in-one, only the gateway's port is the user's; the services take ports the system picks.
 * The launcher supervises its processes as an orchestrator would: one that dies is logged and restarted with
 * backoff, and none outlives the launcher (kit's parent guard stops a process whose launcher is gone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  SERVICE_NAMES,
  createLogger,
  loadConfig,
  repoRoot,
  reserveServicePorts,
  serviceDatabaseUrl,
  type Config,
  type Logger,
} from '@tracklens/kit';

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tracklens';
export const DEFAULT_CLUSTER_NATS_URL = 'nats://127.0.0.1:4222';

/** Preloaded into every process: it stops when the launcher is gone, however the launcher ended. */
const PARENT_GUARD = path.join(repoRoot, 'services', 'kit', 'dist', 'parent-guard.js');

/** Restart backoff: the first restart after this, doubled at each further crash, up to the maximum. */
export const RESTART_FIRST_DELAY_MS = 500;
export const RESTART_MAX_DELAY_MS = 10_000;
/** A process up this long counts as recovered: its next crash is restarted after the first delay again. */
export const RESTART_RESET_AFTER_MS = 60_000;
/** A stopped process that has not exited after this is killed. */
const STOP_GRACE_MS = 10_000;

export interface ClusterOptions {
  env: NodeJS.ProcessEnv;
  /** Where each process's output goes, line by line. */
  onOutput?: (process: string, line: string) => void;
  /** The launcher's own lines (a process died, was restarted); default: pino at the config's level. */
  logger?: Logger;
  readyTimeoutMs?: number;
}

export interface Cluster {
  url: string;
  /** The current pid of each process (a restarted one has a new pid). */
  readonly pids: Record<string, number>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const ports = await reserveServicePorts({
    ...options.env,
    DATABASE_URL: options.env.DATABASE_URL || DEFAULT_CLUSTER_DATABASE_URL,
    NATS_URL: options.env.NATS_URL || DEFAULT_CLUSTER_NATS_URL,
  });
  // Every process reads the same environment, so each knows where the others listen.
  const env = ports.env;
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    await ports.releaseAll();
    throw error;
  }
  const logger = options.logger ?? createLogger('tracklens-cluster', config.logLevel);
  const baseDatabaseUrl = config.databaseUrl ?? DEFAULT_CLUSTER_DATABASE_URL;
  const children = new Map<string, SupervisedProcess>();
  const launch = (name: string, entry: string, extraEnv: NodeJS.ProcessEnv) => {
    const child = new SupervisedProcess(name, path.join(repoRoot, entry), { ...env, ...extraEnv }, { logger, onOutput: options.onOutput });
    children.set(name, child);
    child.start();
  };

  // A launcher that ends without stop() (an uncaught error) takes its processes with it.
  const killAll = () => {
    for (const child of children.values()) child.kill('SIGTERM');
  };
  process.on('exit', killAll);

  for (const name of SERVICE_NAMES) {
    await ports.release(name);
    launch(name, `services/${name}/dist/main.js`, { DATABASE_URL: serviceDatabaseUrl(baseDatabaseUrl, name) });
  }
  launch('gateway', 'gateway/dist/main.js', {});

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= Promise.all([...children.values()].map((child) => child.stop())).then(() => {
      process.off('exit', killAll);
    });
    return stopping;
  };

  const readiness = [
    ...SERVICE_NAMES.map((name) => `${config.services[name].url}/readyz`),
    // In production readiness answers on the gateway's internal ops port only.
    `http://127.0.0.1:${config.gatewayOpsPort ?? config.gatewayPort}/readyz`,
  ];
  try {
    await waitUntilReady(readiness, children, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  // From here on a process that dies is a crash to recover from, not a configuration to report.
  for (const child of children.values()) child.supervise();
  return {
    url: `http://localhost:${config.gatewayPort}`,
    get pids() {
      return Object.fromEntries([...children].map(([name, child]) => [name, child.pid]));
    },
    stop,
  };
}

interface SupervisionHooks {
  logger: Logger;
  onOutput?: (process: string, line: string) => void;
}

/** One process of the cluster: started with the parent guard, restarted with backoff once supervised. */
class SupervisedProcess {
  private child: ChildProcess | undefined;
  private startedAt = 0;
  /** Crashes in a row, each within RESTART_RESET_AFTER_MS of its start. */
  private crashes = 0;
  private supervised = false;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** How the process ended before it was supervised (during start-up), if it did. */
  earlyExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly hooks: SupervisionHooks,
  ) {}

  get pid(): number {
    return this.child?.pid ?? -1;
  }

  start(): void {
    // stdin is a pipe only the launcher holds: it closes when the launcher dies, which the guard watches.
    const child = spawn(process.execPath, ['--require', PARENT_GUARD, this.entry], {
      env: this.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.hooks.onOutput?.(this.name, line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.on('exit', (code, signal) => this.exited(child, code, signal));
    this.child = child;
    this.startedAt = Date.now();
  }

  supervise(): void {
    this.supervised = true;
  }

  kill(signal: NodeJS.Signals): void {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopped || child !== this.child) return;
    if (!this.supervised) {
      this.earlyExit = { code, signal };
      return;
    }
    const upMs = Date.now() - this.startedAt;
    if (upMs >= RESTART_RESET_AFTER_MS) this.crashes = 0;
    const restartInMs = Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** this.crashes);
    this.crashes += 1;
    this.hooks.logger.error(
      { process: this.name, pid: child.pid, code, signal, upMs, restartInMs },
      `${this.name} exited unexpectedly (${signal ?? `code ${code}`}); restarting in ${restartInMs} ms`,
    );
    this.restartTimer = setTimeout(() => {
      if (this.stopped) return;
      this.start();
      this.hooks.logger.info({ process: this.name, pid: this.pid }, `${this.name} restarted`);
    }, restartInMs);
  }
}

async function waitUntilReady(urls: string[], children: Map<string, SupervisedProcess>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0) {
    for (const [name, child] of children) {
      const exit = child.earlyExit;
      if (exit) throw new Error(`${name} exited with ${exit.signal ?? `code ${exit.code}`} during start-up`);
    }
    if (Date.now() > deadline) throw new Error(`Not ready after ${timeoutMs} ms: ${[...pending].join(', ')}`);
    for (const url of [...pending]) {
      const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) pending.delete(url);
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 250));
  }
}
