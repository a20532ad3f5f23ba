import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { SESSION_COOKIE, signSession, type Config } from '@tracklens/kit';
import { tempDir, testConfig } from '@tracklens/kit/testing';
import { RESET_HEADER, RESET_ONCE_HEADER, RESET_TWICE_HEADER, echoOf, type FakeIdentity, type Upstreams } from './support/upstreams';
import { startTestGateway, type TestGateway } from './support/test-gateway';

const RATE_LIMIT = 3;

describe('gateway', () => {
  let config: Config;
  let running: TestGateway;
  let upstreams: Upstreams;
  let identity: FakeIdentity;
  let baseUrl: string;

  beforeAll(async () => {
    const webDist = tempDir('tracklens-web-');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Tracklens app</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f2a1c.js'), 'console.log("app");');
    config = await testConfig({
      GATEWAY_HOST: '127.0.0.1',
      WEB_DIST: webDist,
      // Long enough that only eviction can explain a refused cookie.
      SESSION_CHECK_CACHE_MS: '600000',
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    });
    // identity ends the session when it handles a logout, as the real service does.
    running = await startTestGateway(config, {
      onRequest: (echo) => {
        if (echo.service === 'identity' && echo.url === '/api/logout') {
          const sessionId = sessionIdOf(echo.headers.cookie);
          if (sessionId) identity.ended.add(sessionId);
        }
      },
    });
    ({ upstreams, identity, baseUrl } = running);
  });

  afterAll(async () => {
    await running.stop();
  });

  function send(method: Method, url: string): request.Test {
    const client = request(baseUrl);
    return client[methodOf(method)](url);
  }

  /** A fresh session's cookie header. */
  const sessionCookie = (sessionId?: string) => running.sessionCookie(sessionId);

  function sessionIdOf(cookieHeader: string | string[] | undefined): string | undefined {
    const token = String(cookieHeader ?? '').match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1];
    if (!token) return undefined;
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload === 'object' && payload !== null && 'sid' in payload
      ? String(payload.sid)
      : undefined;
  }

  describe('routing', () => {
    it.each([
      ['GET', '/api/user/me', 'identity'],
      ['GET', '/api/user/4f1c', 'identity'],
      ['GET', '/api/user/subscription', 'billing'],
      ['GET', '/api/products?status=completed', 'catalog'],
      ['PATCH', '/api/products/p1', 'catalog'],
      ['POST', '/api/products/create-without-video', 'catalog'],
      ['GET', '/api/saved-items/s1', 'catalog'],
      ['POST', '/api/uploads', 'media'],
      ['PUT', '/api/uploads/u1/target', 'media'],
      ['GET', '/api/products/p1/videos', 'media'],
      ['DELETE', '/api/videos/v1', 'media'],
      ['GET', '/api/images/user-1/p1/frame-01.jpg', 'media'],
      ['POST', '/api/videos/v1/retry-analysis', 'analysis'],
      ['POST', '/api/products/p1/page-specs/finalize', 'analysis'],
      ['DELETE', '/api/page-specs/ps1', 'analysis'],
      ['GET', '/api/products/p1/tracking-plans', 'planning'],
      ['DELETE', '/api/tracking-plans/t1', 'planning'],
      ['POST', '/api/chat-messages', 'chat'],
      ['GET', '/api/products/p1/jobs', 'chat'],
      ['POST', '/api/create-checkout-session', 'billing'],
    ] as const)('should send %s %s to %s with the full path', async (method, url, service) => {
      const response = await send(method, url).set('Cookie', sessionCookie());
      expect(response.status).toBe(200);
      const echo = echoOf(response);
      expect(echo.service).toBe(service);
      expect(echo.method).toBe(method);
      expect(echo.url).toBe(url);
    });

    it('should answer the JSON 404 on an /api path no service owns', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing-here'],
        ['GET', '/api/user'],
        ['DELETE', '/api/products/p1'],
      ] as const) {
        const response = await send(method, url).set('Cookie', sessionCookie()).accept('text/html');
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).toEqual({ message: `No route for ${method} ${url}`, code: 'NOT_FOUND' });
      }
    });

    it('should not let a dot segment pass a public prefix', async () => {
      const before = upstreams.received.length;
      for (const url of ['/api/billing/../products', '/api/billing/%2e%2e/products', '/api/billing/./x']) {
        const response = await rawRequest(running.gateway.port, 'GET', url);
        expect(response.status).toBe(404);
      }
      expect(upstreams.received.length).toBe(before);
    });
  });

  describe('sessions at the edge', () => {
    it.each([
      ['POST', '/api/login'],
      ['POST', '/api/register'],
      ['POST', '/api/logout'],
      ['GET', '/api/stripe/config'],
      ['POST', '/api/stripe/webhook'],
      ['POST', '/api/verify-payment-dev'],
      ['GET', '/api/billing/dev-checkout/cs_1'],
    ] as const)('should let %s %s through without a cookie', async (method, url) => {
      const response = await send(method, url).set('X-Forwarded-For', '198.51.100.1');
      expect(response.status).toBe(200);
      expect(echoOf(response).url).toBe(url);
    });

    it('should answer 401 NO_AUTH on a protected route without a cookie', async () => {
      const before = upstreams.received.length;
      const response = await request(baseUrl).get('/api/products');
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'NO_AUTH' });
      expect(upstreams.received.length).toBe(before);
    });

    it('should answer 401 NO_SESSION on a token that is not ours', async () => {
      const forged = signSession('another-secret-of-enough-length', {
        userId: 'user-1',
        sessionId: randomUUID(),
      });
      for (const token of [forged, 'not-a-jwt']) {
        const response = await request(baseUrl)
          .get('/api/user/me')
          .set('Cookie', `${SESSION_COOKIE}=${token}`);
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ code: 'NO_SESSION' });
      }
    });

    it('should answer 401 NO_SESSION when identity reports the session ended', async () => {
      const sessionId = randomUUID();
      identity.ended.add(sessionId);
      const response = await request(baseUrl).get('/api/products').set('Cookie', sessionCookie(sessionId));
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'NO_SESSION' });
    });

    it('should ask identity once while a live session is cached', async () => {
      const cookie = sessionCookie();
      const before = identity.calls();
      await request(baseUrl).get('/api/products').set('Cookie', cookie).expect(200);
      await request(baseUrl).get('/api/user/me').set('Cookie', cookie).expect(200);
      expect(identity.calls() - before).toBe(1);
    });

    it('should refuse a copied cookie right after logout even with a long cache', async () => {
      const cookie = sessionCookie();
      await request(baseUrl).get('/api/products').set('Cookie', cookie).expect(200);
      await request(baseUrl).post('/api/logout').set('Cookie', cookie).expect(200);
      const response = await request(baseUrl).get('/api/products').set('Cookie', cookie);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'NO_SESSION' });
    });
  });

  describe('forwarding', () => {
    it('should stream a 2 MB body to the service intact', async () => {
      const body = JSON.stringify({ name: 'Demo', notes: 'x'.repeat(2 * 1024 * 1024) });
      const response = await request(baseUrl)
        .patch('/api/products/p1')
        .set('Cookie', sessionCookie())
        .set('Content-Type', 'application/json')
        .send(body);
      expect(response.status).toBe(200);
      const echo = echoOf(response);
      expect(echo.bodyBytes).toBe(Buffer.byteLength(body));
      expect(echo.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    });

    it('should forward the request id, the cookie and x-forwarded-for', async () => {
      const cookie = sessionCookie();
      const response = await request(baseUrl)
        .get('/api/user/me')
        .set('Cookie', cookie)
        .set('X-Request-Id', 'req-gw-42');
      const echo = echoOf(response);
      expect(response.headers['x-request-id']).toBe('req-gw-42');
      expect(echo.headers['x-request-id']).toBe('req-gw-42');
      expect(echo.headers.cookie).toBe(cookie);
      expect(echo.headers['x-forwarded-for']).toBeDefined();
    });

    it('should give a request without an id one and forward the same id', async () => {
      const response = await request(baseUrl).get('/api/user/me').set('Cookie', sessionCookie());
      const requestId = response.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(echoOf(response).headers['x-request-id']).toBe(requestId);
    });

    it('should answer 502 BAD_GATEWAY when a service drops the connection three times', async () => {
      const id = randomUUID();
      const response = await request(baseUrl)
        .get('/api/knowledge-base')
        .set('Cookie', sessionCookie())
        .set(RESET_HEADER, id);
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ message: 'Bad gateway', code: 'BAD_GATEWAY' });
      expect(upstreams.attempts.get(id)).toBe(3);
    });

    it('should send a GET a third time when its fresh connection is dropped too (a service closing its listener)', async () => {
      const id = randomUUID();
      const response = await send('GET', '/api/products/p1').set('Cookie', sessionCookie()).set(RESET_TWICE_HEADER, id);
      expect(response.status).toBe(200);
      expect(upstreams.attempts.get(id)).toBe(3);
    });

    it.each(['GET', 'HEAD'] as const)(
      'should send a %s again, once, when the service drops the connection before answering',
      async (method) => {
        const id = randomUUID();
        const response = await send(method, '/api/products/p1').set('Cookie', sessionCookie()).set(RESET_ONCE_HEADER, id);
        expect(response.status).toBe(200);
        expect(upstreams.attempts.get(id)).toBe(2);
      },
    );

    it.each([
      ['POST', '/api/chat-messages'],
      ['DELETE', '/api/videos/v1'],
    ] as const)('should not send a %s again: the service may have acted on it', async (method, url) => {
      const id = randomUUID();
      const response = await send(method, url).set('Cookie', sessionCookie()).set(RESET_ONCE_HEADER, id);
      expect(response.status).toBe(502);
      expect(upstreams.attempts.get(id)).toBe(1);
    });
  });

  describe('rate limit', () => {
    it(`should answer 429 RATE_LIMITED on login number ${RATE_LIMIT + 1} of a minute`, async () => {
      const address = '203.0.113.9';
      for (let i = 0; i < RATE_LIMIT; i += 1) {
        await request(baseUrl).post('/api/login').set('X-Forwarded-For', address).send({}).expect(200);
      }
      const limited = await request(baseUrl).post('/api/login').set('X-Forwarded-For', address).send({});
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        message: 'Too many requests. Please try again in a minute.',
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

      const registerToo = await request(baseUrl)
        .post('/api/register')
        .set('X-Forwarded-For', address)
        .send({});
      expect(registerToo.status).toBe(429);
      await request(baseUrl).post('/api/login').set('X-Forwarded-For', '203.0.113.10').send({}).expect(200);
    });
  });

  describe('health', () => {
    it("should be ready when every service's own /readyz answers, one check per service", async () => {
      const response = await request(baseUrl).get('/readyz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'ready',
        service: 'gateway',
        checks: {
          identity: 'ok',
          catalog: 'ok',
          media: 'ok',
          analysis: 'ok',
          planning: 'ok',
          chat: 'ok',
          billing: 'ok',
        },
      });
    });

    it('should answer /healthz and /metrics, and no /debug/stats', async () => {
      await request(baseUrl).get('/healthz').expect(200, { status: 'ok', service: 'gateway' });
      const metrics = await request(baseUrl).get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('http_request_duration_seconds');
      await request(baseUrl).get('/debug/stats').set('Accept', 'application/json').expect(404);
    });
  });

  describe('web app', () => {
    it('should serve index.html, uncached, for a page of the app', async () => {
      for (const url of ['/', '/products/p1/page-specs']) {
        const response = await request(baseUrl).get(url).accept('text/html');
        expect(response.status).toBe(200);
        expect(response.text).toContain('Tracklens app');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('should forbid inline script and framing on the pages and on API answers', async () => {
      const page = await request(baseUrl).get('/products').accept('text/html');
      const api = await request(baseUrl).get('/api/products').set('Cookie', sessionCookie());
      const gatewayOwn = await request(baseUrl).get('/api/nothing-here');
      for (const response of [page, api, gatewayOwn]) {
        const policy = String(response.headers['content-security-policy']);
        const directives = Object.fromEntries(
          policy.split(';').map((directive) => {
            const [name = '', ...values] = directive.trim().split(/\s+/);
            return [name, values.join(' ')];
          }),
        );
        expect(directives).toMatchObject({
          'default-src': "'self'",
          'script-src': "'self'",
          'script-src-attr': "'none'",
          'object-src': "'none'",
          'frame-ancestors': "'none'",
          'connect-src': "'self'",
        });
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('should serve built assets with an immutable cache', async () => {
      const response = await request(baseUrl).get('/assets/app-3f2a1c.js');
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('should answer JSON 404 to what is not a page: other methods and non-HTML reads', async () => {
      const post = await request(baseUrl).post('/products').accept('text/html');
      expect(post.status).toBe(404);
      expect(post.body).toMatchObject({ code: 'NOT_FOUND' });
      const image = await request(baseUrl).get('/missing.png').accept('image/png');
      expect(image.status).toBe(404);
      expect(image.body).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function methodOf(method: Method): Lowercase<Method> {
  return method.toLowerCase() as Lowercase<Method>;
}

/** A request whose path is sent byte for byte (supertest's URL parsing would resolve dot segments first). */
function rawRequest(
  port: number,
  method: string,
  rawPath: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
