import type { Response } from 'express';
import request from 'supertest';
import { SERVICE_NAMES, type Config } from '@tracklens/kit';
import { testConfig } from '@tracklens/kit/testing';
import type { Echo, UpstreamOptions } from './support/upstreams';
import { startTestGateway, type TestGateway } from './support/test-gateway';

/** Services that answer their /debug endpoints as the kit does: two rows in one table each, emptied by a clear. */
function debugUpstreams(): UpstreamOptions {
  return {
    respond: (echo: Echo, res: Response) => {
      if (echo.method === 'GET' && echo.url === '/debug/stats') {
        res.json({ service: echo.service, stats: { [`${echo.service}_rows`]: 2, outbox: 0 }, timestamp: new Date().toISOString() });
        return true;
      }
      if (echo.method === 'POST' && echo.url === '/debug/clear') {
        if (echo.headers['content-type'] !== 'application/json') {
          res.status(415).json({ message: 'Send Content-Type: application/json' });
        } else {
          res.json({ service: echo.service, tables: [`${echo.service}_rows`, 'outbox'], timestamp: new Date().toISOString() });
        }
        return true;
      }
      return false;
    },
  };
}

const ADMIN_ROUTES = [
  ['GET', '/api/config/database'],
  ['GET', '/api/admin/database/stats'],
  ['POST', '/api/admin/database/clear-staging'],
] as const;

function call(gateway: TestGateway, method: 'GET' | 'POST', url: string, cookie?: string): request.Test {
  const test = method === 'GET' ? request(gateway.baseUrl).get(url) : request(gateway.baseUrl).post(url);
  return cookie ? test.set('Cookie', cookie) : test;
}

function debugCalls(gateway: TestGateway): Echo[] {
  return gateway.upstreams.received.filter((echo) => echo.url.startsWith('/debug/'));
}

describe('admin routes', () => {
  describe('outside production', () => {
    let config: Config;
    let gateway: TestGateway;

    beforeAll(async () => {
      config = await testConfig({ GATEWAY_HOST: '127.0.0.1' });
      gateway = await startTestGateway(config, debugUpstreams());
    });

    afterAll(async () => {
      await gateway.stop();
    });

    it('should describe the development database and allow clearing', async () => {
      const response = await call(gateway, 'GET', '/api/config/database', gateway.sessionCookie());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ environment: 'test', databaseType: 'pglite', isProduction: false, canClearData: true });
    });

    it.each(ADMIN_ROUTES)('should answer 401 NO_AUTH to %s %s without a session, asking no service', async (method, url) => {
      const before = gateway.upstreams.received.length;
      const response = await call(gateway, method, url);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'NO_AUTH' });
      expect(gateway.upstreams.received.length).toBe(before);
    });

    it("should gather every service's row counts as <service>.<table>", async () => {
      const response = await call(gateway, 'GET', '/api/admin/database/stats', gateway.sessionCookie());
      expect(response.status).toBe(200);
      const expected = Object.fromEntries(SERVICE_NAMES.flatMap((service) => [[`${service}.${service}_rows`, 2], [`${service}.outbox`, 0]]));
      expect(response.body.stats).toEqual(expected);
      expect(Date.parse(response.body.timestamp)).not.toBeNaN();
    });

    it('should ask every service to empty its tables with a JSON request and name the tables emptied', async () => {
      const before = debugCalls(gateway).length;
      const response = await call(gateway, 'POST', '/api/admin/database/clear-staging', gateway.sessionCookie());
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true });
      expect(response.body.tables).toEqual(SERVICE_NAMES.flatMap((service) => [`${service}.${service}_rows`, `${service}.outbox`]));
      const clears = debugCalls(gateway).slice(before);
      expect(clears.map((echo) => echo.service).sort()).toEqual([...SERVICE_NAMES].sort());
      expect(clears.every((echo) => echo.method === 'POST' && echo.headers['content-type'] === 'application/json')).toBe(true);
    });

    it("should never pass a caller's request to a service's /debug endpoints", async () => {
      for (const [method, url] of [
        ['GET', '/debug/stats'],
        ['POST', '/debug/clear'],
        ['GET', '/api/debug/stats'],
        ['POST', '/api/debug/clear'],
        ['POST', '/api/admin/database/clear-staging/../../../debug/clear'],
      ] as const) {
        const before = gateway.upstreams.received.length;
        const response = await call(gateway, method, url, gateway.sessionCookie()).accept('application/json');
        expect({ url, status: response.status }).toEqual({ url, status: 404 });
        expect(gateway.upstreams.received.length).toBe(before);
      }
    });
  });

  describe('when clearing is refused and a service is down', () => {
    let gateway: TestGateway;

    beforeAll(async () => {
      const config = await testConfig({ GATEWAY_HOST: '127.0.0.1', ALLOW_CLEAR_STAGING_DATA: 'false' });
      gateway = await startTestGateway(config, { ...debugUpstreams(), skip: ['media'] });
    });

    afterAll(async () => {
      await gateway.stop();
    });

    it('should say that clearing is not allowed', async () => {
      const response = await call(gateway, 'GET', '/api/config/database', gateway.sessionCookie());
      expect(response.body).toMatchObject({ isProduction: false, canClearData: false });
    });

    it('should answer 403 to clear-staging and ask no service to clear', async () => {
      const response = await call(gateway, 'POST', '/api/admin/database/clear-staging', gateway.sessionCookie());
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Clearing data is disabled in this environment', code: 'CLEAR_DATA_DISABLED' });
      expect(debugCalls(gateway).filter((echo) => echo.url === '/debug/clear')).toEqual([]);
    });

    it('should answer 503 naming the service whose statistics cannot be read', async () => {
      const response = await call(gateway, 'GET', '/api/admin/database/stats', gateway.sessionCookie());
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        message: 'The media service is unavailable. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
    });
  });

  describe('in production', () => {
    let gateway: TestGateway;

    beforeAll(async () => {
      const config = await testConfig({
        GATEWAY_HOST: '127.0.0.1',
        APP_ENV: 'production',
        JWT_SECRET: 'a-production-secret-for-tests',
        DATABASE_URL: 'postgres://db.internal:5432/tracklens',
        NATS_URL: 'nats://nats.internal:4222',
      });
      gateway = await startTestGateway(config, debugUpstreams());
    });

    afterAll(async () => {
      await gateway.stop();
    });

    it('should describe the production database, never clearable', async () => {
      const response = await call(gateway, 'GET', '/api/config/database', gateway.sessionCookie());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        environment: 'production',
        databaseType: 'postgresql',
        isProduction: true,
        canClearData: false,
      });
      expect((await call(gateway, 'GET', '/api/config/database')).status).toBe(401);
    });

    it.each(ADMIN_ROUTES.slice(1))('should answer 404 to %s %s, signed in or not, asking no service', async (method, url) => {
      for (const cookie of [gateway.sessionCookie(), undefined]) {
        const response = await call(gateway, method, url, cookie);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(debugCalls(gateway)).toEqual([]);
    });
  });
});
