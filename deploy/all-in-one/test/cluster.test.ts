import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { TEST_NATS_PREFIX, eventually, freePortEnv, freshDatabaseUrl } from '@tracklens/kit/testing';
import { SERVICE_NAMES } from '@tracklens/kit';
import { startCluster, type Cluster } from '../src/cluster';
import { Visitor } from './product';

/** The environment of one cluster: its own ports and databases, the test file's NATS namespace. */
async function clusterEnv(label: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'warn', ...(await freePortEnv()) };
  env.DATABASE_URL = await freshDatabaseUrl(label);
  env.NATS_PREFIX = TEST_NATS_PREFIX;
  return env;
}

/** A pid that no longer runs: gone, or a zombie nobody has reaped yet. */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

// Runs in the integration pass (npm run test:integration) against the real PostgreSQL and NATS.
describe('distributed mode (start:cluster)', () => {
  let cluster: Cluster;
  let gatewayPort: number;
  const launcherLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const env = await clusterEnv('cluster');
    gatewayPort = Number(env.GATEWAY_PORT);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) launcherLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    cluster = await startCluster({ env, readyTimeoutMs: 90_000, logger: pino({ level: 'info' }, sink) });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('should boot eight processes and round-trip register and login through the gateway', async () => {
    expect(Object.keys(cluster.pids).sort()).toEqual([...SERVICE_NAMES, 'gateway'].sort());
    expect(new Set(Object.values(cluster.pids)).size).toBe(8);
    const visitor = new Visitor(`http://127.0.0.1:${gatewayPort}`);
    const email = `margaret.${Date.now()}@example.com`;
    const registered = await visitor.call('POST', '/api/register', { name: 'Margaret Hamilton', email, password: 'apollo guidance' });
    expect(registered.status).toBe(201);
    const other = new Visitor(`http://127.0.0.1:${gatewayPort}`);
    const login = await other.call('POST', '/api/login', { email, password: 'apollo guidance' });
    expect(login.status).toBe(200);
    expect((await other.call('GET', '/api/user/me')).body.id).toBe(registered.body.user.id);
  });

  it('should log and restart a service killed with SIGKILL, and the product answers again', async () => {
    const visitor = new Visitor(`http://127.0.0.1:${gatewayPort}`);
    const email = `katherine.${Date.now()}@example.com`;
    expect((await visitor.call('POST', '/api/register', { name: 'Katherine Johnson', email, password: 'orbital mechanics' })).status).toBe(201);

    const killed = cluster.pids.identity;
    expect(killed).toBeGreaterThan(0);
    process.kill(killed as number, 'SIGKILL');

    await eventually(() => expect(launcherLines.find((line) => line.process === 'identity' && line.signal === 'SIGKILL')).toMatchObject({
      level: 50,
      restartInMs: 500,
    }), 10_000);
    await eventually(async () => {
      expect(cluster.pids.identity).not.toBe(killed);
      const login = await new Visitor(`http://127.0.0.1:${gatewayPort}`).call('POST', '/api/login', { email, password: 'orbital mechanics' });
      expect(login.status).toBe(200);
    }, 60_000, 250);
    expect(launcherLines.some((line) => line.msg === 'identity restarted')).toBe(true);
  }, 90_000);

  it('should leave no process running when the launcher itself is killed with SIGKILL', async () => {
    // One cluster at a time on this machine: the first one has done its part.
    await cluster.stop();
    const env = await clusterEnv('cluster_launcher');
    const launcher = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'cluster-main.ts')], {
      cwd: path.join(__dirname, '..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const running = new Promise<Record<string, number>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the cluster never said it runs:\n${output}`)), 120_000);
      launcher.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        for (const text of output.split('\n')) {
          if (!text.includes('is running at')) continue;
          clearTimeout(timer);
          resolve((JSON.parse(text) as { pids: Record<string, number> }).pids);
        }
      });
      launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.on('exit', (code) => reject(new Error(`the launcher exited (${code}) before it ran:\n${output}`)));
    });
    let pids: number[] = [];
    try {
      pids = Object.values(await running);
      expect(pids).toHaveLength(8);
      expect(pids.every((pid) => !isGone(pid))).toBe(true);

      launcher.kill('SIGKILL');
      await eventually(() => expect(pids.filter((pid) => !isGone(pid))).toEqual([]), 30_000, 250);
    } finally {
      if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGKILL');
      for (const pid of pids) if (!isGone(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 180_000);
});
