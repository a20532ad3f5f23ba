import type { Config } from '@tracklens/kit';
import { freshDatabaseUrl, testConfig } from '@tracklens/kit/testing';
import { startAllInOne, type AllInOne } from '../src/all-in-one';
import { Visitor } from './product';

describe('all-in-one product', () => {
  let config: Config;
  let product: AllInOne;

  beforeAll(async () => {
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('aio') });
    product = await startAllInOne(config);
  });

  afterAll(async () => {
    await product?.stop();
  });

  it('should answer the gateway health and every service readiness', async () => {
    const health = await fetch(`http://127.0.0.1:${config.gatewayPort}/healthz`);
    expect(health.status).toBe(200);
    for (const service of product.services) {
      const ready = await fetch(`http://127.0.0.1:${service.httpPort}/readyz`);
      expect({ service: service.name, status: ready.status }).toEqual({ service: service.name, status: 200 });
    }
    expect(product.services.map((s) => s.name)).toEqual(['identity', 'catalog', 'media', 'analysis', 'planning', 'chat', 'billing']);
  });

  it('should sign up, read the session, log out and log in again through the gateway', async () => {
    const visitor = new Visitor(`http://127.0.0.1:${config.gatewayPort}`);
    const email = `grace.${Date.now()}@example.com`;
    const registered = await visitor.call('POST', '/api/register', { name: 'Grace Hopper', email, password: 'compilers rule' });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ name: 'Grace Hopper', email, subscriptionStatus: 'free' });

    const me = await visitor.call('GET', '/api/user/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(registered.body.user.id);

    const copied = visitor.sessionCookie;
    expect((await visitor.call('POST', '/api/logout')).status).toBe(200);
    const stolen = await visitor.call('GET', '/api/user/me', undefined, copied);
    expect(stolen).toEqual({ status: 401, body: expect.objectContaining({ code: 'NO_SESSION' }) });
    // The gateway itself refuses the ended session before any other service sees it.
    const elsewhere = await visitor.call('GET', '/api/products', undefined, copied);
    expect(elsewhere.status).toBe(401);

    const wrong = await visitor.call('POST', '/api/login', { email, password: 'not it at all' });
    expect(wrong).toEqual({ status: 401, body: expect.objectContaining({ message: 'Invalid email or password' }) });
    const login = await visitor.call('POST', '/api/login', { email, password: 'compilers rule' });
    expect(login.status).toBe(200);
    expect((await visitor.call('GET', '/api/user/me')).body.email).toBe(email);
  });

  it('should answer 401 NO_AUTH on a protected route without a cookie and a JSON 404 for unknown API paths', async () => {
    const visitor = new Visitor(`http://127.0.0.1:${config.gatewayPort}`);
    expect(await visitor.call('GET', '/api/user/me')).toEqual({ status: 401, body: expect.objectContaining({ code: 'NO_AUTH' }) });
    const unknown = await visitor.call('GET', '/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('should keep accounts across a restart on the same data folder', async () => {
    const visitor = new Visitor(`http://127.0.0.1:${config.gatewayPort}`);
    const email = `katherine.${Date.now()}@example.com`;
    expect((await visitor.call('POST', '/api/register', { name: 'Katherine Johnson', email, password: 'orbital mechanics' })).status).toBe(201);
    await product.stop();
    product = await startAllInOne(config);
    const again = new Visitor(`http://127.0.0.1:${config.gatewayPort}`);
    expect((await again.call('POST', '/api/login', { email, password: 'orbital mechanics' })).status).toBe(200);
  });
});
