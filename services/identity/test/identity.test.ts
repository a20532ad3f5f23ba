import request from 'supertest';
import { createGrpcClient, loadGrpcService, type EventBus, type EventEnvelope, type RunningService } from '@tracklens/kit';
import { eventually, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createIdentityService } from '../src/service';
import { credentials } from '../src/db/schema';
import { MAX_LOGIN_DELAY_MS } from '../src/domain/identity';

describe('identity service', () => {
  let service: RunningService;
  let bus: EventBus;
  let base: string;
  const registered: EventEnvelope[] = [];

  beforeAll(async () => {
    bus = await testBus('identity');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('identity') });
    service = await createIdentityService({ config, bus, inMemoryDatabase: true });
    base = `http://127.0.0.1:${service.httpPort}`;
    await bus.subscribe({ durable: `identity-test-${Date.now()}`, subject: 'identity.user.registered', maxDeliveries: 1 }, async (e) => {
      registered.push(e);
    });
  });

  afterAll(async () => {
    await service.stop();
    await bus.close();
  });

  let counter = 0;
  function newAccount() {
    counter += 1;
    return { name: 'Ada Lovelace', email: `ada.${Date.now()}.${counter}@example.com`, password: 'correct horse battery' };
  }

  async function register(account = newAccount()) {
    const res = await request(base).post('/api/register').send(account);
    expect(res.status).toBe(201);
    const cookie = res.headers['set-cookie'] as unknown as string[];
    return { account, user: res.body.user, cookie };
  }

  it('should register a user, sign them in with an httpOnly SameSite=Lax cookie and answer the spec user fields', async () => {
    const account = newAccount();
    const res = await request(base).post('/api/register').send({ ...account, email: account.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: account.email,
      subscriptionStatus: 'free',
      videosUploaded: 0,
      trackingPlansGenerated: 0,
      createdAt: expect.any(String),
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/tracklens_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
  });

  it('should publish identity.user.registered carrying the request id of the call', async () => {
    const res = await request(base).post('/api/register').set('x-request-id', 'req-register-42').send(newAccount());
    expect(res.status).toBe(201);
    const userId = res.body.user.id as string;
    await eventually(() => expect(registered.some((e) => (e.data as { userId: string }).userId === userId)).toBe(true));
    const event = registered.find((e) => (e.data as { userId: string }).userId === userId);
    expect(event).toMatchObject({ type: 'identity.user.registered', version: 1, producer: 'identity', requestId: 'req-register-42' });
  });

  it('should store the password as an argon2id hash', async () => {
    await register();
    const rows = await service.runtime.db.select().from(credentials);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ email: 'a@example.com', password: 'long enough' }, 'Name is required', 'name'],
    [{ name: 'A', password: 'long enough' }, 'Email is required', 'email'],
    [{ name: 'A', email: 'a@example.com' }, 'Password is required', 'password'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email address', 'email'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters', 'password'],
    [{ name: '   ', email: 'a@example.com', password: 'long enough' }, 'Name is required', 'name'],
  ])('should answer 400 with a field message for %j', async (body, message, field) => {
    const res = await request(base).post('/api/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(res.body.fields[field]).toBe(message);
  });

  it('should answer 409 for an email already registered, whatever its case', async () => {
    const { account } = await register();
    const res = await request(base).post('/api/register').send({ ...account, email: account.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it('should log in with the right password and refuse a wrong one or an unknown email with the same words', async () => {
    const { account, user } = await register();
    const ok = await request(base).post('/api/login').send({ email: account.email, password: account.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    const wrong = await request(base).post('/api/login').send({ email: account.email, password: 'not the password' });
    const unknown = await request(base).post('/api/login').send({ email: `nobody.${account.email}`, password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe('Invalid email or password');
  });

  it('should still log in with the right password after 10 failed logins for its email from rotating addresses, and slow a wrong one', async () => {
    const { account, user } = await register();
    // Each attempt from another address, so only the per-email count applies: nobody can lock the owner out.
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(base)
          .post('/api/login')
          .set('x-forwarded-for', `198.51.100.${i + 1}`)
          .send({ email: account.email, password: 'wrong password' }),
      ),
    );
    expect(attempts.map((res) => res.status)).toEqual(Array(10).fill(401));

    const owner = await request(base)
      .post('/api/login')
      .set('x-forwarded-for', '198.51.100.200')
      .send({ email: account.email, password: account.password });
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(user.id);

    const startedAt = Date.now();
    const guess = await request(base)
      .post('/api/login')
      .set('x-forwarded-for', '198.51.100.201')
      .send({ email: account.email, password: 'another wrong password' });
    expect(guess.status).toBe(401);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(MAX_LOGIN_DELAY_MS);
  });

  it('should answer 429 after 10 failed logins in a minute from one address across emails', async () => {
    const res = [];
    for (let i = 0; i < 11; i++) {
      res.push(
        await request(base)
          .post('/api/login')
          .set('x-forwarded-for', '203.0.113.9')
          .send({ email: `spray${i}@example.com`, password: 'wrong password' }),
      );
    }
    expect(res.slice(0, 10).every((r) => r.status === 401)).toBe(true);
    expect(res[10]?.status).toBe(429);
  });

  it('should answer /api/user/me for the session and 401 NO_AUTH or NO_SESSION otherwise', async () => {
    const { user, cookie } = await register();
    const me = await request(base).get('/api/user/me').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    const none = await request(base).get('/api/user/me');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('NO_AUTH');
    const bad = await request(base).get('/api/user/me').set('Cookie', 'tracklens_session=not.a.jwt');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('NO_SESSION');
  });

  it('should end the session on logout so that a copied cookie stops working', async () => {
    const { cookie } = await register();
    const out = await request(base).post('/api/logout').set('Cookie', cookie);
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/tracklens_session=;/);
    const again = await request(base).get('/api/user/me').set('Cookie', cookie);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('NO_SESSION');
  });

  it('should answer /api/user/{id} only for your own id', async () => {
    const first = await register();
    const second = await register();
    const own = await request(base).get(`/api/user/${first.user.id}`).set('Cookie', first.cookie);
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(first.account.email);
    const other = await request(base).get(`/api/user/${second.user.id}`).set('Cookie', first.cookie);
    expect(other.status).toBe(404);
    const junk = await request(base).get('/api/user/..%2F..%2Fetc').set('Cookie', first.cookie);
    expect(junk.status).toBe(404);
  });

  it('should answer malformed JSON with 400, a body over 1 MB with 413 and an unknown route with a JSON 404', async () => {
    const malformed = await request(base).post('/api/login').set('content-type', 'application/json').send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_JSON');
    const huge = await request(base)
      .post('/api/register')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    const missing = await request(base).get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect(JSON.stringify([malformed.body, huge.body, missing.body])).not.toMatch(/at .*\.ts|stack/);
  });

  it('should answer CheckSession and GetUser over gRPC', async () => {
    const { user, cookie } = await register();
    const token = String(cookie).match(/tracklens_session=([^;]+)/)?.[1] ?? '';
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const client = createGrpcClient(
      loadGrpcService(service.runtime.config.protoDir, 'identity/v1/identity.proto', 'identity.v1.IdentityService'),
      `127.0.0.1:${service.grpcPort}`,
      { deadlineMs: 2000 },
    );
    try {
      expect(await client.call('CheckSession', { session_id: sessionId, user_id: user.id })).toEqual({ active: true });
      expect(await client.call('CheckSession', { session_id: sessionId, user_id: 'someone-else' })).toEqual({ active: false });
      const found = await client.call<{ user: { email: string } }>('GetUser', { user_id: user.id });
      expect(found.user.email).toBe(user.email);
      await expect(client.call('GetUser', { user_id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ status: 404 });
    } finally {
      client.close();
    }
  });

  it('should answer the health routes with real checks', async () => {
    expect((await request(base).get('/healthz')).body).toEqual({ status: 'ok', service: 'identity' });
    const ready = await request(base).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', bus: 'ok' });
    expect((await request(base).get('/metrics')).text).toMatch(/http_request_duration_seconds/);
    const stats = await request(base).get('/debug/stats');
    expect(stats.body.stats.users).toBeGreaterThan(0);
  });
});
