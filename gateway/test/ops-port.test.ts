import request from 'supertest';
import { DEFAULT_GATEWAY_OPS_PORT, loadConfig, type Config } from '@tracklens/kit';
import { freePort, freePortEnv, tempDir } from '@tracklens/kit/testing';
import { startTestGateway, type TestGateway } from './support/test-gateway';

/** A production gateway: only what the gateway itself needs (no database, no bus). */
async function productionConfig(env: Record<string, string> = {}): Promise<Config> {
  return loadConfig(
    {
      APP_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-some-length',
      GATEWAY_HOST: '127.0.0.1',
      WEB_DIST: tempDir('tracklens-no-web-'),
      LOG_LEVEL: 'silent',
      ...(await freePortEnv()),
      ...env,
    },
    { database: false, bus: false },
  );
}

describe('the gateway in production', () => {
  let running: TestGateway;
  let publicUrl: string;
  let opsUrl: string;

  beforeAll(async () => {
    running = await startTestGateway(await productionConfig({ GATEWAY_OPS_PORT: String(await freePort()) }));
    publicUrl = running.baseUrl;
    opsUrl = `http://127.0.0.1:${running.gateway.opsPort}`;
  });

  afterAll(async () => {
    await running.stop();
  });

  it('should answer /healthz on the public port and nothing of /readyz or /metrics, to pages and scrapers alike', async () => {
    await request(publicUrl).get('/healthz').expect(200, { status: 'ok', service: 'gateway' });
    for (const path of ['/readyz', '/metrics']) {
      for (const accept of ['application/json', 'text/plain', 'text/html']) {
        const response = await request(publicUrl).get(path).accept(accept);
        expect({ path, accept, status: response.status }).toEqual({ path, accept, status: 404 });
        expect(response.text).not.toMatch(/identity|http_request_duration_seconds/);
      }
    }
  });

  it('should answer /healthz, /readyz and /metrics on the operations port', async () => {
    await request(opsUrl).get('/healthz').expect(200, { status: 'ok', service: 'gateway' });
    const ready = await request(opsUrl).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { identity: 'ok', catalog: 'ok' } });
    const metrics = await request(opsUrl).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_request_duration_seconds');
  });

  it(`should keep the operations routes off the public port when GATEWAY_OPS_PORT is unset (port ${DEFAULT_GATEWAY_OPS_PORT})`, async () => {
    expect((await productionConfig()).gatewayOpsPort).toBe(DEFAULT_GATEWAY_OPS_PORT);
    expect(loadConfig({ APP_ENV: 'development' }).gatewayOpsPort).toBeUndefined();
  });
});
