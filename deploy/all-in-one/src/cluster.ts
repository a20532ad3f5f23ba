/**
 * Distributed mode without Docker: every service and the gateway as its own process, each service on its
 * own PostgreSQL database (<database>_<service>, created if missing), all talking through NATS JetStream.
 * As in all-in-one, only the gateway's port is the user's; the services take ports the system picks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICE_NAMES, loadConfig, repoRoot, reserveServicePorts, serviceDatabaseUrl, type Config } from '@tracklens/kit';

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tracklens';
export const DEFAULT_CLUSTER_NATS_URL = 'nats://127.0.0.1:4222';

export interface ClusterOptions {
  env: NodeJS.ProcessEnv;
  /** Where each process's output goes, line by line. */
  onOutput?: (process: string, line: string) => void;
  readyTimeoutMs?: number;
}

export interface Cluster {
  url: string;
  pids: Record<string, number>;
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
  const baseDatabaseUrl = config.databaseUrl ?? DEFAULT_CLUSTER_DATABASE_URL;
  const children = new Map<string, ChildProcess>();

  const launch = (name: string, entry: string, extraEnv: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, [path.join(repoRoot, entry)], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) options.onOutput?.(name, line);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    children.set(name, child);
  };

  for (const name of SERVICE_NAMES) {
    await ports.release(name);
    launch(name, `services/${name}/dist/main.js`, { DATABASE_URL: serviceDatabaseUrl(baseDatabaseUrl, name) });
  }
  launch('gateway', 'gateway/dist/main.js', {});

  const stop = async () => {
    await Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  const readiness = [
    ...SERVICE_NAMES.map((name) => `${config.services[name].url}/readyz`),
    `http://127.0.0.1:${config.gatewayPort}/readyz`,
  ];
  try {
    await waitUntilReady(readiness, children, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${config.gatewayPort}`,
    pids: Object.fromEntries([...children].map(([name, child]) => [name, child.pid ?? -1])),
    stop,
  };
}

async function waitUntilReady(urls: string[], children: Map<string, ChildProcess>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0) {
    for (const [name, child] of children) {
      if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up`);
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
