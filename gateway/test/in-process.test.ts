import type { Express, Request, Response } from 'express';
import request from 'supertest';
import { createHttpApp, finishHttpApp, requireAuth, type Config } from '@tracklens/kit';
import { silentLogger, testConfig } from '@tracklens/kit/testing';
import { startTestGateway, type TestGateway } from './support/test-gateway';

/** A service app made the way every service makes its app, answering what it saw of the request. */
function catalogApp(config: Config, seen: string[]): Express {
  const app = createHttpApp({ logger: silentLogger });
  app.get('/api/products', requireAuth({ secret: config.jwtSecret }), (req: Request, res: Response) => {
    seen.push(req.path);
    res.json({ ip: req.ip, userId: req.auth?.userId, requestId: req.requestId });
  });
  app.post('/api/products/create-without-video', requireAuth({ secret: config.jwtSecret }), (req: Request, res: Response) => {
    seen.push(req.path);
    res.status(201).json({ body: req.body as unknown });
  });
  return finishHttpApp(app, silentLogger);
}

describe('gateway with a service in its own process', () => {
  let running: TestGateway;
  const seen: string[] = [];

  beforeAll(async () => {
    // Loopback is not a trusted proxy here, so the gateway's client address is the socket's, whatever the
    // request's X-Forwarded-For says; the service's own rules would believe it.
    const config = await testConfig({ GATEWAY_HOST: '127.0.0.1', GATEWAY_TRUST_PROXY: '10.0.0.0/8' });
    running = await startTestGateway(config, {}, { catalog: catalogApp(config, seen) });
  });

  afterAll(async () => {
    await running.stop();
  });

  it("should hand an admitted request to the service's app, with the gateway's idea of the client address", async () => {
    const res = await request(running.baseUrl)
      .get('/api/products')
      .set('Cookie', running.sessionCookie())
      .set('X-Forwarded-For', '203.0.113.7')
      .set('X-Request-Id', 'req-in-process-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1$/), userId: 'user-1', requestId: 'req-in-process-1' });
    expect(running.upstreams.received.filter((echo) => echo.service === 'catalog')).toEqual([]);
  });

  it('should pass the body through unread, for the service to parse', async () => {
    const res = await request(running.baseUrl)
      .post('/api/products/create-without-video')
      .set('Cookie', running.sessionCookie())
      .send({ name: 'Shop', description: 'A shop that sells things' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ body: { name: 'Shop', description: 'A shop that sells things' } });
  });

  it('should stop an unauthenticated or unknown request at the gateway', async () => {
    seen.length = 0;
    expect((await request(running.baseUrl).get('/api/products')).status).toBe(401);
    expect((await request(running.baseUrl).get('/api/products-not-a-route').set('Cookie', running.sessionCookie())).status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('should still proxy the services that are not in the process', async () => {
    const res = await request(running.baseUrl).get('/api/user/me').set('Cookie', running.sessionCookie());
    expect(res.status).toBe(200);
    expect(running.upstreams.received.some((echo) => echo.service === 'identity' && echo.url === '/api/user/me')).toBe(true);
  });
});
