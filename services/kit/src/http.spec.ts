import request from 'supertest';
import { z } from 'zod';
import { createHttpApp, finishHttpApp } from './http';
import { errors, parseOrThrow } from './errors';
import { silentLogger } from './testing';

function app() {
  const application = createHttpApp({ logger: silentLogger });
  application.post('/echo', (req, res) => {
    res.json(parseOrThrow(z.object({ name: z.string({ error: 'Name is required' }) }), req.body));
  });
  application.get('/limited', () => {
    throw errors.forbidden("You've reached your free plan limit of 1 tracking plan per month", 'TRACKING_PLAN_RESTRICTED', {
      upgradeRequired: true,
    });
  });
  application.get('/boom', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  return finishHttpApp(application, silentLogger);
}

describe('createHttpApp', () => {
  it('should answer an AppError with its status and the spec body', async () => {
    const res = await request(app()).get('/limited');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: "You've reached your free plan limit of 1 tracking plan per month",
      code: 'TRACKING_PLAN_RESTRICTED',
      upgradeRequired: true,
    });
  });

  it('should answer a schema failure with 400 VALIDATION_ERROR and the field message', async () => {
    const res = await request(app()).post('/echo').send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Name is required', code: 'VALIDATION_ERROR', fields: { name: 'Name is required' } });
  });

  it('should answer an unexpected error with a bare 500 and no internals', async () => {
    const res = await request(app()).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });

  it('should answer malformed JSON with 400, an oversized body with 413 and an unknown route with a JSON 404', async () => {
    const malformed = await request(app()).post('/echo').set('content-type', 'application/json').send('{');
    expect(malformed.status).toBe(400);
    const large = await request(app())
      .post('/echo')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(large.status).toBe(413);
    const missing = await request(app()).get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('should keep a safe incoming request id and replace an unsafe one', async () => {
    const kept = await request(app()).get('/nowhere').set('x-request-id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app()).get('/nowhere').set('x-request-id', 'bad id\nwith newline'.replace('\n', ' '));
    expect(replaced.headers['x-request-id']).not.toBe('bad id with newline');
  });

  it('should send a strict Content-Security-Policy with every answer', async () => {
    const res = await request(app()).get('/limited');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
        "form-action 'self';frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  describe('a dependency that cannot be reached', () => {
    /** What drizzle throws: its own error, with the driver's in `cause`. */
    function wrapped(cause: object): Error {
      return Object.assign(new Error('Failed query: select 1'), { cause });
    }

    it.each([
      ['PostgreSQL shut down by an administrator (57P01)', wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
      ['a refused connection', wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))],
      ['both addresses refused (AggregateError)', new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'connect failed')],
      ['a connection terminated mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
      ['a pool that was ended', new Error('Cannot use a pool after calling end on the pool')],
      ['a closed PGlite', wrapped(new Error('PGlite is closed'))],
    ])('should answer %s with 503 SERVICE_UNAVAILABLE and Retry-After', async (_name, error) => {
      const application = createHttpApp({ logger: silentLogger });
      application.get('/down', () => {
        throw error;
      });
      const res = await request(finishHttpApp(application, silentLogger)).get('/down');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
    });

    it('should say when to retry on a 429 that knows it', async () => {
      const application = createHttpApp({ logger: silentLogger });
      application.get('/limited', () => {
        throw errors.tooManyRequests('Too many requests. Please try again in a minute.', 42);
      });
      const res = await request(finishHttpApp(application, silentLogger)).get('/limited');
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('42');
    });
  });
});
