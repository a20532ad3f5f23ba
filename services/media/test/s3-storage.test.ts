import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import request from 'supertest';
import S3rver from 's3rver';
import {
  ObjectNotFoundError,
  ObjectTooLargeError,
  loadConfig,
  openObjectStorage,
  type ObjectStorage,
} from '@tracklens/kit';
import { tempDir } from '@tracklens/kit/testing';
import { askUpload, callerFor, createProduct, putBytes, register, startCluster, videos, type Cluster, type UploadTargetBody } from './harness';

const BUCKET = 'tracklens-test';

/** s3rver: an S3-compatible server from the npm registry, on a free port with its own folder. */
async function startS3(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('tracklens-s3rver-'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

function s3Env(endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

describe('S3 object storage against s3rver', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let storage: ObjectStorage;

  beforeAll(async () => {
    s3 = await startS3();
    storage = openObjectStorage(loadConfig({ APP_ENV: 'test', ...s3Env(s3.endpoint) }));
  });

  afterAll(async () => {
    await s3.close();
  });

  const key = () => `users/${randomUUID()}/products/${randomUUID()}/uploads/${randomUUID()}/demo.mp4`;

  it('should be chosen by S3_BUCKET, and refused for local disk in production', () => {
    expect(storage.kind).toBe('s3');
    const production = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/x', NATS_URL: 'nats://n:4222', JWT_SECRET: 'a-real-secret-of-some-length' };
    expect(() => openObjectStorage(loadConfig(production))).toThrow(/S3_BUCKET: required in production/);
    expect(openObjectStorage(loadConfig({ ...production, ...s3Env(s3.endpoint) })).kind).toBe('s3');
  });

  it('should take a browser PUT to a presigned URL, then answer head, a range get and delete', async () => {
    const objectKey = key();
    const bytes = fs.readFileSync(await videos.mp4());
    const target = await storage.createUploadTarget(objectKey, {
      contentType: 'video/mp4',
      contentLength: bytes.length,
      maxBytes: bytes.length,
      expiresAt: new Date(Date.now() + 10 * 60 * 1000),
    });
    expect(target.url).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/users/.+X-Amz-Signature=`));
    expect(target.url).toMatch(/X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost/);
    expect(target.headers).toEqual({ 'Content-Type': 'video/mp4' });

    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: bytes });
    expect(put.status).toBe(200);

    const info = await storage.head(objectKey);
    expect(info).toMatchObject({ size: bytes.length, contentType: 'video/mp4', etag: expect.stringMatching(/^".+"$/) });
    const head = await storage.getStream(objectKey, { start: 4, end: 7 });
    expect(await text(head)).toBe('ftyp');
    const whole = Buffer.concat(await (await storage.getStream(objectKey)).toArray());
    expect(whole.equals(bytes)).toBe(true);

    await storage.delete(objectKey);
    expect(await storage.head(objectKey)).toBeNull();
    await expect(storage.getStream(objectKey)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.delete(objectKey);
  });

  it('should stream a put of unknown length, and store nothing when it passes maxBytes', async () => {
    const objectKey = key();
    const info = await storage.putStream(objectKey, Readable.from([Buffer.from('abc'), Buffer.from('def')]), { contentType: 'image/png' });
    expect(info).toMatchObject({ size: 6, contentType: 'image/png' });
    const big = key();
    await expect(storage.putStream(big, Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { maxBytes: 15 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head(big)).toBeNull();
  });

  it('should give ffprobe a presigned GET URL to read from', async () => {
    const objectKey = key();
    await storage.putStream(objectKey, Readable.from([Buffer.from('x')]));
    const url = await storage.readLocation(objectKey, 60);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('x');
  });
});

describe('media uploads on S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let cluster: Cluster;

  beforeAll(async () => {
    s3 = await startS3();
    cluster = await startCluster(s3Env(s3.endpoint));
  });

  afterAll(async () => {
    await cluster.stop();
    await s3.close();
  });

  it('should register a video PUT straight to the bucket, probing it over a presigned URL', async () => {
    const caller = callerFor(cluster.config);
    const productId = await createProduct(cluster, caller);
    const file = await videos.mp4();
    const asked = await askUpload(cluster, caller, productId, file);
    expect(asked.status).toBe(201);
    const target = asked.body as UploadTargetBody;
    expect(target.uploadUrl.startsWith(`${s3.endpoint}/${BUCKET}/users/${caller.userId}/`)).toBe(true);
    expect((await putBytes(cluster, target, file)).status).toBe(200);

    const res = await register(cluster, caller, productId, target.storageKey, file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'video/mp4', fileSize: fs.statSync(file).size, storageKey: target.storageKey });
    expect(res.body.durationSec).toBeCloseTo(3, 1);

    const removed = await request(cluster.base).delete(`/api/videos/${res.body.id}`).set('Cookie', caller.cookie);
    expect(removed.status).toBe(200);
    expect(await openObjectStorage(cluster.config).head(target.storageKey)).toBeNull();
  });

  it('should remove a text file named .mp4 from the bucket with 415', async () => {
    const caller = callerFor(cluster.config);
    const productId = await createProduct(cluster, caller);
    const file = await videos.text();
    const asked = await askUpload(cluster, caller, productId, file, { contentType: 'text/plain' });
    const target = asked.body as UploadTargetBody;
    expect((await putBytes(cluster, target, file)).status).toBe(200);
    const res = await register(cluster, caller, productId, target.storageKey, file);
    expect(res.status).toBe(415);
    const storage = openObjectStorage(cluster.config);
    expect(await storage.head(target.storageKey)).toBeNull();
  });
});
