/**
 * catalog loses its database while the product runs: each request answers 503 with Retry-After and a message
 * a user can act on, never 500; the gateway's readiness names catalog and its database; and once the
 * database is back, catalog answers again without a restart. On PostgreSQL the network path to the server
 * is cut (open connections dropped, new ones refused); on PGlite the database is closed under the service.
 */
import { startGateway, type RunningGateway } from '@tracklens/gateway';
import { createCatalogService } from '@tracklens/catalog';
import { createIdentityService } from '@tracklens/identity';
import type { Config, RunningService } from '@tracklens/kit';
import { eventually, freshDatabaseUrl, silentLogger, testConfig } from '@tracklens/kit/testing';
import { Visitor } from './product';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

const UNAVAILABLE = {
  message: 'The service is temporarily unavailable. Please try again shortly.',
  code: 'SERVICE_UNAVAILABLE',
};

describe('a database outage', () => {
  let config: Config;
  let identity: RunningService;
  let catalog: RunningService;
  let gateway: RunningGateway;
  let relay: TcpRelay | undefined;
  let visitor: Visitor;

  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl('outage');
    config = await testConfig({ DATABASE_URL: databaseUrl });
    identity = await createIdentityService({ config, databasePerService: true, logger: silentLogger });
    let catalogDatabaseUrl: string | undefined;
    if (databaseUrl) {
      const direct = new URL(databaseUrl);
      relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
      direct.host = `127.0.0.1:${relay.port}`;
      catalogDatabaseUrl = direct.toString();
    }
    catalog = await createCatalogService({
      config: { ...config, databaseUrl: catalogDatabaseUrl },
      databasePerService: true,
      inMemoryDatabase: true,
      logger: silentLogger,
    });
    gateway = await startGateway({ config, logger: silentLogger });
    visitor = new Visitor(`http://127.0.0.1:${gateway.port}`);
    const registered = await visitor.call('POST', '/api/register', {
      name: 'Grace Hopper',
      email: `grace.${Date.now()}@example.com`,
      password: 'compilers rule',
    });
    expect(registered.status).toBe(201);
  });

  afterAll(async () => {
    await gateway?.stop();
    await relay?.restore().catch(() => undefined);
    await catalog?.stop();
    await identity?.stop();
    await relay?.stop();
  });

  async function cutDatabase(): Promise<void> {
    if (relay) await relay.cut();
    else await catalog.runtime.database.close();
  }

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`http://127.0.0.1:${gateway.port}${path}`, {
      method,
      headers: { cookie: visitor.sessionCookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
  }

  it('should answer 503 with Retry-After on reads and writes, report it in readiness, and recover', async () => {
    expect((await call('GET', '/api/products')).status).toBe(200);
    await cutDatabase();

    const product = { name: 'Anvil Shop', type: 'website', description: 'Sells anvils to coyotes worldwide.' };
    for (let i = 0; i < 5; i += 1) {
      for (const answer of [await call('GET', '/api/products'), await call('POST', '/api/products/create-without-video', product)]) {
        expect(answer).toEqual({ status: 503, retryAfter: '5', body: UNAVAILABLE });
      }
    }

    const serviceReadiness = await fetch(`http://127.0.0.1:${catalog.httpPort}/readyz`);
    expect(serviceReadiness.status).toBe(503);
    const gatewayReadiness = await fetch(`http://127.0.0.1:${gateway.port}/readyz`);
    expect(gatewayReadiness.status).toBe(503);
    const { checks } = (await gatewayReadiness.json()) as { checks: Record<string, string> };
    expect(checks.identity).toBe('ok');
    expect(checks.catalog).toMatch(/^error: GET \/readyz answered 503 \(database: error: .+\)$/);

    if (!relay) return;
    await relay.restore();
    await eventually(async () => expect((await call('GET', '/api/products')).status).toBe(200), 10_000, 100);
    expect((await call('POST', '/api/products/create-without-video', product)).status).toBe(201);
    expect((await fetch(`http://127.0.0.1:${catalog.httpPort}/readyz`)).status).toBe(200);
  });
});
