import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { openObjectStorage, type Config, type ObjectStorage, type RunningService } from '@tracklens/kit';
import { freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createMediaService } from '../src/service';
import { callerFor, type Caller } from './harness';

/** A raw GET: the path goes out exactly as written (fetch and supertest would normalise dot segments). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/images/{path}', () => {
  let config: Config;
  let service: RunningService;
  let storage: ObjectStorage;
  let alice: Caller;
  let bob: Caller;
  const productId = randomUUID();
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 3)]);
  let aliceKey: string;
  let bobKey: string;
  let aliceVideoKey: string;

  beforeAll(async () => {
    const bus = await testBus('media-images');
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('media_images') });
    service = await createMediaService({ config, bus, inMemoryDatabase: true });
    const stop = service.stop;
    service.stop = async () => {
      await stop();
      await bus.close();
    };
    // Written the way analysis writes screenshots: through kit's storage on the same config.
    storage = openObjectStorage(config);
    alice = callerFor(config);
    bob = callerFor(config);
    aliceKey = `users/${alice.userId}/products/${productId}/screenshots/${randomUUID()}/frame-001.png`;
    bobKey = `users/${bob.userId}/products/${randomUUID()}/screenshots/frame-001.jpg`;
    await storage.putStream(aliceKey, Readable.from([png]));
    await storage.putStream(bobKey, Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]));
    aliceVideoKey = `users/${alice.userId}/products/${productId}/uploads/${randomUUID()}/demo.mp4`;
    await storage.putStream(aliceVideoKey, Readable.from([Buffer.alloc(64)]));
  });

  afterAll(async () => {
    await service.stop();
  });

  it('should stream your own screenshot with its content type and caching headers', async () => {
    const res = await rawGet(service.httpPort, `/api/images/${aliceKey}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.body.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const cached = await rawGet(service.httpPort, `/api/images/${aliceKey}`, { cookie: alice.cookie, 'if-none-match': String(res.headers.etag) });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
  });

  it('should answer an encoded but clean path like the plain one', async () => {
    const encoded = aliceKey.split('/').map(encodeURIComponent).join('%2F');
    const res = await rawGet(service.httpPort, `/api/images/${encoded}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('should answer 401 without a session', async () => {
    expect((await rawGet(service.httpPort, `/api/images/${aliceKey}`, {})).status).toBe(401);
  });

  it.each([
    ['another user’s prefix', () => `/api/images/${bobKey}`],
    ['.. out of the own prefix', () => `/api/images/users/${alice.userId}/../${bob.userId}/${bobKey.split('/').slice(2).join('/')}`],
    ['%2e%2e', () => `/api/images/users/${alice.userId}/%2e%2e/${bob.userId}/${bobKey.split('/').slice(2).join('/')}`],
    ['%2E%2E with %2F', () => `/api/images/users%2F${alice.userId}%2F%2E%2E%2F${bob.userId}%2F${bobKey.split('/').slice(2).join('%2F')}`],
    ['double encoding %252e', () => `/api/images/users/${alice.userId}/%252e%252e/${bob.userId}/${bobKey.split('/').slice(2).join('/')}`],
    ['a backslash', () => `/api/images/users/${alice.userId}/..%5C${bob.userId}/x.png`],
    ['a NUL byte', () => `/api/images/${aliceKey}%00.png`],
    ['an absolute path', () => `/api/images/%2Fetc%2Fpasswd`],
    ['a video under the own prefix', () => `/api/images/${aliceVideoKey}`],
    ['a missing image', () => `/api/images/users/${alice.userId}/products/${productId}/screenshots/none.png`],
    ['malformed encoding', () => `/api/images/users/${alice.userId}/%E0%A4%A.png`],
    ['an empty segment', () => `/api/images/users/${alice.userId}//x.png`],
  ])('should answer 404 for %s', async (_name, path) => {
    const res = await rawGet(service.httpPort, path(), { cookie: alice.cookie });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).message).toMatch(/not found|No route/);
    expect(res.body.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
  });
});
