/** Object storage in an S3-compatible bucket through the AWS SDK v3; browsers upload with presigned PUTs. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  ObjectNotFoundError,
  assertValidObjectKey,
  writeNewFile,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type UploadTargetOptions,
  type UploadTargetUrl,
} from './object-storage';

export interface S3ObjectStorageOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** The endpoint in URLs handed to browsers (a MinIO behind another name, say); default endpoint. */
  publicEndpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where a stream of unknown length is spooled before its PUT (default the OS temp folder). */
  spoolDir?: string;
}

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly bucket: string;
  private readonly spoolDir: string;

  constructor(options: S3ObjectStorageOptions) {
    this.bucket = options.bucket;
    this.spoolDir = options.spoolDir ?? os.tmpdir();
    this.client = new S3Client(clientConfig(options, options.endpoint));
    this.presigner = new S3Client(clientConfig(options, options.publicEndpoint ?? options.endpoint));
  }

  /**
   * A PUT needs its length up front (S3 refuses unknown lengths), and the SDK's multipart helper is not a
   * dependency: the stream is spooled to a temporary file, counted and cut on the way, then sent.
   */
  async putStream(key: string, body: Readable, options: PutOptions = {}): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    const spool = path.join(this.spoolDir, `tracklens-put-${randomUUID()}`);
    try {
      await writeNewFile(body, spool, options.maxBytes);
      const { size } = await fs.promises.stat(spool);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(spool),
          ContentLength: size,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        }),
      );
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
    const info = await this.head(key);
    if (!info) throw new ObjectNotFoundError(key);
    return info;
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    assertValidObjectKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject answered without a Node stream');
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidObjectKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
        etag: answer.ETag ?? `"${(answer.ContentLength ?? 0).toString(16)}"`,
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A presigned PUT whose signature covers the content type and the exact length the client declared. */
  async createUploadTarget(key: string, options: UploadTargetOptions): Promise<UploadTargetUrl> {
    assertValidObjectKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    const url = await getSignedUrl(this.presigner, command, {
      expiresIn: secondsUntil(options.expiresAt),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': options.contentType } };
  }

  /** A presigned GET on the service-side endpoint, for ffprobe and ffmpeg to read over HTTP. */
  readLocation(key: string, expiresInSeconds: number): Promise<string> {
    assertValidObjectKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }
}

function clientConfig(options: S3ObjectStorageOptions, endpoint: string | undefined): S3ClientConfig {
  return {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Newer SDKs add CRC checksums by default, which many S3-compatible servers do not understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

function secondsUntil(when: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - Date.now()) / 1000));
}
