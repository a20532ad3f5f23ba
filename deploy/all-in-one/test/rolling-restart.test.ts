/**
 * A rolling restart under load: two catalog processes behind a stand-in for a Kubernetes Service, the real
 * gateway and identity in front, 30 clients reading without pause while each catalog process in turn gets
 * SIGTERM and a new one takes its place. Every answer must be a 200.
 */
import path from 'node:path';
import { startGateway, type RunningGateway } from '@tracklens/gateway';
import { createIdentityService } from '@tracklens/identity';
import { serviceDatabaseUrl, type Config, type RunningService } from '@tracklens/kit';
import {
  TEST_NATS_PREFIX,
  freePort,
  freshDatabaseUrl,
  silentLogger,
  startLoggingChild,
  tempDir,
  testConfig,
  type LoggingChild,
} from '@tracklens/kit/testing';
import { startReplicaBalancer, type Replica, type ReplicaBalancer } from './replica-balancer';
import { Visitor } from './product';

const CLIENTS = 30;
/** Longer than the balancer's poll (50 ms): it has seen the replica go not-ready before the replica stops accepting. */
const DRAIN_MS = '300';
const catalogDir = path.join(__dirname, '..', '..', '..', 'services', 'catalog');

describe('a rolling restart of a service under load', () => {
  let config: Config;
  let identity: RunningService;
  let balancer: ReplicaBalancer;
  let gateway: RunningGateway;
  const replicas: { replica: Replica; env: Record<string, string>; child: LoggingChild }[] = [];

  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl('rolling');
    config = await testConfig({ DATABASE_URL: databaseUrl });
    identity = await createIdentityService({ config, databasePerService: true, logger: silentLogger });
    for (let i = 0; i < 2; i += 1) {
      const replica = { host: '127.0.0.1', port: await freePort() };
      const env: Record<string, string> = {
        APP_ENV: 'test',
        LOG_LEVEL: 'info',
        CATALOG_HTTP_PORT: String(replica.port),
        CATALOG_GRPC_PORT: String(await freePort()),
        SHUTDOWN_DRAIN_MS: DRAIN_MS,
        ...(databaseUrl ? { DATABASE_URL: serviceDatabaseUrl(databaseUrl, 'catalog') } : { DATA_DIR: tempDir() }),
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL, NATS_PREFIX: TEST_NATS_PREFIX } : {}),
      };
      replicas.push({ replica, env, child: await startCatalog(env) });
    }
    balancer = await startReplicaBalancer(replicas.map((r) => r.replica));
    const catalog = { ...config.services.catalog, url: `http://127.0.0.1:${balancer.port}` };
    gateway = await startGateway({ config: { ...config, services: { ...config.services, catalog } }, logger: silentLogger });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await balancer?.stop();
    for (const { child } of replicas) child.kill();
    await identity?.stop();
  });

  async function startCatalog(env: Record<string, string>): Promise<LoggingChild> {
    const child = startLoggingChild(path.join(catalogDir, 'src', 'main.ts'), catalogDir, env);
    await child.logged('catalog service listening');
    return child;
  }

  /** The next replica stops only once the balancer sends connections to this one again, as a rollout waits. */
  async function untilRouted(replica: Replica): Promise<void> {
    while (!balancer.routesTo(replica)) await new Promise((r) => setTimeout(r, 20));
  }

  it('should answer every request with a 200 while each replica is stopped with SIGTERM and replaced', async () => {
    const base = `http://127.0.0.1:${gateway.port}`;
    const visitor = new Visitor(base);
    const registered = await visitor.call('POST', '/api/register', {
      name: 'Ada Lovelace',
      email: `ada.${Date.now()}@example.com`,
      password: 'analytical engine',
    });
    expect(registered.status).toBe(201);
    const cookie = visitor.sessionCookie;

    const statuses = new Map<string, number>();
    const count = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let loading = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (loading) {
        const status = await fetch(`${base}/api/products`, { headers: { cookie } }).then(
          async (response) => {
            await response.arrayBuffer();
            return String(response.status);
          },
          (error: unknown) => `network error: ${String((error as { cause?: unknown }).cause ?? error)}`,
        );
        count(status);
      }
    });

    await new Promise((r) => setTimeout(r, 300));
    for (const entry of replicas) {
      entry.child.process.kill('SIGTERM');
      expect(await entry.child.exited).toEqual({ code: 0, signal: null });
      entry.child = await startCatalog(entry.env);
      await untilRouted(entry.replica);
    }
    await new Promise((r) => setTimeout(r, 300));
    loading = false;
    await Promise.all(clients);

    expect(Object.fromEntries(statuses)).toEqual({ '200': expect.any(Number) });
    expect(statuses.get('200')).toBeGreaterThan(CLIENTS * 4);
  }, 120_000);
});
