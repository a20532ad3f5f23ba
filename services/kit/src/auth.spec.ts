import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import {
  SESSION_COOKIE,
  callerUserId,
  requireAuth,
  signSession,
  uuidOr404,
  uuidOrNull,
  verifySession,
} from './auth';
import { finishHttpApp } from './http';
import { silentLogger } from './testing';

const secret = 'a-test-secret-of-some-length';

function app(active = true) {
  const application = express();
  application.get('/private', requireAuth({ secret, isSessionActive: async () => active }), (req, res) => {
    res.json(req.auth);
  });
  return finishHttpApp(application, silentLogger);
}

describe('session auth', () => {
  const token = signSession(secret, { userId: 'u1', sessionId: 's1' });

  it('should round-trip the claims of a signed token', () => {
    expect(verifySession(secret, token)).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('should refuse a token signed with another secret, an expired one and an unsigned one', () => {
    expect(verifySession('another-secret-of-some-length', token)).toBeNull();
    expect(verifySession(secret, signSession(secret, { userId: 'u1', sessionId: 's1' }, -10))).toBeNull();
    expect(verifySession(secret, jwt.sign({ sid: 's1', sub: 'u1' }, '', { algorithm: 'none' }))).toBeNull();
  });

  it('should answer a token verified before from memory only until it expires', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const shortLived = signSession(secret, { userId: 'u2', sessionId: 's2' }, 30);
      expect(verifySession(secret, shortLived)).toEqual({ userId: 'u2', sessionId: 's2' });
      jest.setSystemTime(new Date('2026-01-01T00:00:29Z'));
      expect(verifySession(secret, shortLived)).toEqual({ userId: 'u2', sessionId: 's2' });
      jest.setSystemTime(new Date('2026-01-01T00:00:31Z'));
      expect(verifySession(secret, shortLived)).toBeNull();
      expect(verifySession(secret, shortLived)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('should not take a token verified with one secret as verified with another', () => {
    expect(verifySession(secret, token)).not.toBeNull();
    expect(verifySession('another-secret-of-some-length', token)).toBeNull();
  });

  it('should answer 401 NO_AUTH without a cookie and NO_SESSION for a bad or ended session', async () => {
    expect((await request(app()).get('/private')).body.code).toBe('NO_AUTH');
    expect((await request(app()).get('/private').set('Cookie', `${SESSION_COOKIE}=junk`)).body.code).toBe(
      'NO_SESSION',
    );
    const ended = await request(app(false)).get('/private').set('Cookie', `${SESSION_COOKIE}=${token}`);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('NO_SESSION');
    const ok = await request(app()).get('/private').set('Cookie', `${SESSION_COOKIE}=${token}`);
    expect(ok.body).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it("should take a uuid caller as the user and answer any other subject as 'no session'", async () => {
    const uuidApp = express();
    uuidApp.get('/mine', requireAuth({ secret }), (req, res) => {
      res.json({ userId: callerUserId(req) });
    });
    finishHttpApp(uuidApp, silentLogger);
    const userId = randomUUID();
    const mine = await request(uuidApp)
      .get('/mine')
      .set('Cookie', `${SESSION_COOKIE}=${signSession(secret, { userId, sessionId: 's1' })}`);
    expect(mine.body).toEqual({ userId });
    const odd = await request(uuidApp).get('/mine').set('Cookie', `${SESSION_COOKIE}=${token}`);
    expect(odd.status).toBe(401);
    expect(odd.body.code).toBe('NO_SESSION');
  });

  it('should turn an id that cannot be a uuid into null, or a 404 with the given message', () => {
    const id = randomUUID();
    expect(uuidOrNull(id)).toBe(id);
    expect(uuidOrNull('../etc')).toBeNull();
    expect(uuidOrNull(undefined)).toBeNull();
    expect(uuidOr404(id, 'Video not found')).toBe(id);
    expect(() => uuidOr404('42', 'Video not found')).toThrow('Video not found');
  });
});
