import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../config';
import { openObjectStorage } from './index';
import { LocalObjectStorage } from './local-object-storage';
import { ObjectNotFoundError, ObjectTooLargeError, isValidObjectKey } from './object-storage';

describe(LocalObjectStorage.name, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-objects-'));
  const storage = new LocalObjectStorage({ dir });

  it('should put, head, read a range of and delete an object', async () => {
    const info = await storage.putStream('users/u/a/file.bin', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(info).toMatchObject({ size: 11, etag: expect.stringMatching(/^".+"$/) });
    expect(await storage.head('users/u/a/file.bin')).toMatchObject({ size: 11 });
    expect(await text(await storage.getStream('users/u/a/file.bin', { start: 6, end: 10 }))).toBe('world');
    expect(await storage.readLocation('users/u/a/file.bin')).toBe(path.join(dir, 'users', 'u', 'a', 'file.bin'));
    await storage.delete('users/u/a/file.bin');
    await storage.delete('users/u/a/file.bin');
    expect(await storage.head('users/u/a/file.bin')).toBeNull();
    await expect(storage.getStream('users/u/a/file.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('should cut a stream over maxBytes and leave nothing behind, not even a partial file', async () => {
    const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(storage.putStream('users/u/b/big.bin', body, { maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head('users/u/b/big.bin')).toBeNull();
    expect(fs.readdirSync(path.join(dir, 'users', 'u', 'b'))).toEqual([]);
  });

  it('should delete the partial files a process killed mid-write left beside the object, and only those', async () => {
    const folder = path.join(dir, 'users', 'u', 'c');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'demo.mp4.part-5a1d2c0e-0000-4000-8000-000000000001'), 'half a video');
    await storage.putStream('users/u/c/demo.mp4.txt', Readable.from([Buffer.from('a neighbour')]));
    await storage.delete('users/u/c/demo.mp4');
    expect(fs.readdirSync(folder)).toEqual(['demo.mp4.txt']);
    await storage.delete('users/u/nowhere/demo.mp4');
  });

  it('should refuse keys that leave the folder or are not clean', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'a/.hidden', '', 'a/b\0c']) {
      expect(isValidObjectKey(key)).toBe(false);
      await expect(storage.head(key)).rejects.toThrow(/Invalid object key/);
    }
  });

  it('should hand out upload URLs only when a signer was given', async () => {
    const options = { contentType: 'video/mp4', contentLength: 1, maxBytes: 1, expiresAt: new Date() };
    await expect(storage.createUploadTarget('users/u/x.mp4', options)).rejects.toThrow(/no direct uploads/);
    const signing = new LocalObjectStorage({ dir, uploadTargets: async (key) => ({ url: `/up/${key}`, headers: {} }) });
    expect(await signing.createUploadTarget('users/u/x.mp4', options)).toEqual({ url: '/up/users/u/x.mp4', headers: {} });
  });
});

describe(openObjectStorage.name, () => {
  const production = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/x', NATS_URL: 'nats://n:4222', JWT_SECRET: 'a-real-secret-of-some-length' };

  it('should open local disk under DATA_DIR/objects by default and refuse it in production', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-data-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.storage).toEqual({ kind: 'local', dir: path.join(dataDir, 'objects') });
    expect(openObjectStorage(config).kind).toBe('local');
    expect(() => openObjectStorage(loadConfig({ ...production, DATA_DIR: dataDir }))).toThrow(ConfigError);
  });

  it('should read the S3 variables, with both keys or neither', () => {
    const config = loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(loadConfig({}).uploads).toEqual({
      urlTtlSeconds: 3600,
      maxBytes: 500 * 1024 * 1024,
      requestTimeoutMs: 3_600_000,
      sweepIntervalMs: 3_600_000,
    });
  });
});
