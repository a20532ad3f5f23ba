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
});
