import request from 'supertest';
import { tempDir, testConfig } from '@tracklens/kit/testing';
import { startTestGateway, type TestGateway } from './support/test-gateway';
import { NOT_READY_DATABASE } from './support/upstreams';

describe('gateway with a service down', () => {
  let running: TestGateway;
  let baseUrl: string;

  beforeAll(async () => {
    const config = await testConfig({ GATEWAY_HOST: '127.0.0.1', WEB_DIST: tempDir('tracklens-no-web-') });
    running = await startTestGateway(config, { skip: ['catalog'], notReady: ['planning'] });
    baseUrl = running.baseUrl;
  });

  afterAll(async () => {
    await running.stop();
  });

  const sessionCookie = () => running.sessionCookie();

  it('should answer 503 when catalog is down', async () => {
    const response = await request(baseUrl).get('/api/products').set('Cookie', sessionCookie());
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({
      message: 'The catalog service is unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('should keep serving the services that are up', async () => {
    await request(baseUrl).get('/api/user/me').set('Cookie', sessionCookie()).expect(200);
  });

  it('should not be ready, naming catalog (down) and planning (its database is down) and why', async () => {
    const response = await request(baseUrl).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'not_ready', checks: { identity: 'ok', billing: 'ok' } });
    expect(response.body.checks.catalog).toMatch(/^error: unreachable \(ECONNREFUSED\)/);
    expect(response.body.checks.planning).toBe(`error: GET /readyz answered 503 (database: ${NOT_READY_DATABASE})`);
  });

  it('should serve the placeholder page while the web client is not built', async () => {
    const response = await request(baseUrl).get('/').accept('text/html');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('<title>Tracklens</title>');
    expect(response.text).toContain('The web client is not built yet. The API is at <code>/api</code>.');
  });

  // Last: it stops the fake identity.
  it('should answer 503 rather than let anyone through when identity gRPC is unreachable', async () => {
    await running.identity.stop();
    const response = await request(baseUrl).get('/api/user/me').set('Cookie', sessionCookie());
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'UNAVAILABLE' });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
