/** Direct uploads (ARCHITECTURE §6): hand out an upload URL, receive local PUTs, check and register the stored bytes. */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AppError,
  ObjectTooLargeError,
  createEnvelope,
  errors,
  type Logger,
  type ObjectStorage,
} from '@tracklens/kit';
import {
  UPLOAD_MESSAGES,
  isAcceptedVideo,
  restrictionBody,
  subjects,
  type CreateUploadBody,
  type RegisterVideoBody,
  type UploadTarget,
  type VideoUploaded,
} from '@tracklens/contracts';
import type { Clock, MediaStore, ProductDirectory, UploadRecord, VideoProber, VideoQuota, VideoRecord } from './ports';
import { verifyUploadToken } from './upload-token';
import { MAGIC_BYTES, sniffVideoContainer, uploadKey } from './video-container';

/** Uploads never registered are removed this long after they were handed out. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How long ffprobe may read a presigned URL of the object. */
const PROBE_URL_TTL_SECONDS = 15 * 60;
const SWEEP_BATCH = 100;
/** Uploads one user may have in flight: bounds the disk an account can fill with objects it never registers. */
export const MAX_OPEN_UPLOADS = 10;
/** Registering an upload whose bytes are not there: the spec has no words for it, so these say what to do. */
export const UPLOAD_INCOMPLETE = 'The upload did not complete. Please upload the file again.';
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

export interface UploadSettings {
  maxBytes: number;
  urlTtlSeconds: number;
  /** The key the local upload route's tokens are signed with. */
  tokenKey: Buffer;
}

export interface UploadsDependencies {
  store: MediaStore;
  storage: ObjectStorage;
  products: ProductDirectory;
  quota: VideoQuota;
  prober: VideoProber;
  clock: Clock;
  logger: Logger;
  settings: UploadSettings;
}

export interface Registered {
  video: VideoRecord;
  /** False when this storage key had been registered already (a retried registration). */
  created: boolean;
}

export class Uploads {
  constructor(private readonly deps: UploadsDependencies) {}

  /** POST /api/uploads: product-spec §5's checks in order, then a URL the browser PUTs the file to. */
  async createUpload(userId: string, body: CreateUploadBody): Promise<UploadTarget> {
    const { settings, clock, store } = this.deps;
    // The type goes into a signed header: anything but a plain type/subtype is treated as absent.
    const contentType = MIME_TYPE.test(body.contentType.toLowerCase()) ? body.contentType.toLowerCase() : '';
    if (!isAcceptedVideo(contentType, body.fileName)) throw invalidFileType();
    if (body.fileSize > settings.maxBytes) throw fileTooLarge();
    await this.deps.products.requireOwnedProduct(userId, body.productId);
    const now = clock();
    if ((await store.countOpenUploads(userId, now)) >= MAX_OPEN_UPLOADS) {
      throw errors.tooManyRequests('Too many uploads in progress. Please finish or wait for the current ones.');
    }

    const upload: UploadRecord = {
      id: randomUUID(),
      userId,
      productId: body.productId,
      storageKey: uploadKey(userId, body.productId, body.fileName),
      originalName: body.fileName,
      declaredSize: body.fileSize,
      contentType: contentType || 'application/octet-stream',
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.urlTtlSeconds * 1000),
    };
    await store.createUpload(upload);
    const target = await this.deps.storage.createUploadTarget(upload.storageKey, {
      contentType: upload.contentType,
      contentLength: upload.declaredSize,
      maxBytes: upload.declaredSize,
      expiresAt: upload.expiresAt,
    });
    return {
      uploadUrl: target.url,
      method: 'PUT',
      headers: target.headers,
      storageKey: upload.storageKey,
      expiresAt: upload.expiresAt.toISOString(),
      maxBytes: upload.declaredSize,
    };
  }

  /**
   * PUT /api/uploads/{token} (local storage): one use, before expiry, at most the declared size (and never
   * more than MAX_UPLOAD_BYTES). A cut or failed stream leaves neither bytes nor a usable URL behind.
   */
  async receive(token: string, body: Readable, contentLength: number | undefined): Promise<{ storageKey: string; size: number }> {
    const { store, storage, settings, clock } = this.deps;
    const claims = verifyUploadToken(settings.tokenKey, token);
    if (!claims) throw errors.forbidden(UPLOAD_MESSAGES.urlInvalid, 'UPLOAD_URL_INVALID');
    if (claims.expiresAt <= clock().getTime()) throw errors.forbidden(UPLOAD_MESSAGES.urlExpired, 'UPLOAD_URL_EXPIRED');
    const upload = await store.findUploadByKey(claims.storageKey);
    // No row: the URL was used and its upload refused or swept since. A row not pending: used already.
    if (!upload || !(await store.moveUpload(upload.id, ['pending'], 'receiving'))) {
      throw errors.forbidden(UPLOAD_MESSAGES.urlUsed, 'UPLOAD_URL_USED');
    }

    const limit = Math.min(claims.maxBytes, upload.declaredSize, settings.maxBytes);
    if (contentLength !== undefined && contentLength > limit) {
      await this.discard(upload);
      throw fileTooLarge();
    }
    let size: number;
    try {
      size = (await storage.putStream(upload.storageKey, body, { maxBytes: limit, contentType: upload.contentType })).size;
    } catch (error) {
      await this.discard(upload);
      if (error instanceof ObjectTooLargeError) throw fileTooLarge();
      throw new AppError(400, 'The upload was interrupted', 'UPLOAD_INTERRUPTED');
    }
    if (size === 0) {
      await this.discard(upload);
      throw noFile();
    }
    await store.moveUpload(upload.id, ['receiving'], 'stored');
    return { storageKey: upload.storageKey, size };
  }

  /**
   * POST /api/products/{id}/videos/direct: the object must be the caller's upload for this product, a video by
   * its bytes (container magic, then ffprobe, whose duration is the one that counts), and within the plan; only
   * then the video and media.video.uploaded are written together. Every refusal removes the stored object.
   */
  async register(userId: string, productId: string, body: RegisterVideoBody): Promise<Registered> {
    const { store, storage, products } = this.deps;
    await products.requireOwnedProduct(userId, productId);
    const upload = await store.findUploadByKey(body.storageKey);
    if (!upload || upload.userId !== userId || upload.productId !== productId) throw errors.notFound(UPLOAD_MESSAGES.uploadNotFound);
    if (upload.status === 'registered') return this.alreadyRegistered(upload);

    const info = await storage.head(upload.storageKey);
    if (!info) throw uploadIncomplete();
    if (info.size === 0) return this.refuse(upload, noFile());
    if (info.size > Math.min(upload.declaredSize, this.deps.settings.maxBytes)) return this.refuse(upload, fileTooLarge());
    const container = sniffVideoContainer(await this.readHead(upload.storageKey));
    if (!container) return this.refuse(upload, invalidFileType());
    const probe = await this.deps.prober.probe(await storage.readLocation(upload.storageKey, PROBE_URL_TTL_SECONDS));
    if (!probe) return this.refuse(upload, new AppError(415, UPLOAD_MESSAGES.unreadable, 'UNREADABLE_VIDEO'));

    const reservation = await this.deps.quota.reserveVideoUpload({
      userId,
      durationSec: probe.durationSec,
      reference: upload.storageKey,
    });
    if (!reservation.granted) {
      const { message, code, ...extras } = restrictionBody(reservation.denial);
      return this.refuse(upload, errors.forbidden(message, code, extras));
    }

    const video: VideoRecord = {
      id: randomUUID(),
      userId,
      productId,
      originalName: body.originalName,
      fileSize: info.size,
      contentType: container,
      durationSec: probe.durationSec,
      analysisStatus: 'uploaded',
      analysisProgress: null,
      storageKey: upload.storageKey,
      createdAt: this.deps.clock(),
    };
    let stored: boolean;
    try {
      stored = await store.registerVideo(upload.id, video, uploadedEvent(video));
    } catch (error) {
      await this.release(reservation.reservationId);
      throw error;
    }
    // Registered meanwhile by a retry of this same call: that one owns the (shared, idempotent) reservation.
    if (!stored) return this.alreadyRegistered(upload);
    await this.confirm(reservation.reservationId, video);
    return { video, created: true };
  }

  /** Removes uploads never registered within ORPHAN_AGE_MS of being handed out: the object, then the row. */
  async sweepOrphans(): Promise<number> {
    const cutoff = new Date(this.deps.clock().getTime() - ORPHAN_AGE_MS);
    let removed = 0;
    for (;;) {
      const orphans = await this.deps.store.unregisteredUploadsBefore(cutoff, SWEEP_BATCH);
      for (const orphan of orphans) {
        await this.discard(orphan);
        removed += 1;
      }
      if (orphans.length < SWEEP_BATCH) return removed;
    }
  }

  private async alreadyRegistered(upload: UploadRecord): Promise<Registered> {
    const video = await this.deps.store.findVideoByKey(upload.storageKey);
    if (!video) throw errors.notFound(UPLOAD_MESSAGES.uploadNotFound);
    return { video, created: false };
  }

  private async readHead(key: string): Promise<Buffer> {
    const stream = await this.deps.storage.getStream(key, { start: 0, end: MAGIC_BYTES - 1 });
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= MAGIC_BYTES) break;
    }
    stream.destroy();
    return Buffer.concat(chunks).subarray(0, MAGIC_BYTES);
  }

  private async refuse(upload: UploadRecord, error: AppError): Promise<never> {
    await this.discard(upload);
    throw error;
  }

  /** The object and the upload row go; the URL can never be used again. */
  private async discard(upload: UploadRecord): Promise<void> {
    await this.deps.storage.delete(upload.storageKey);
    await this.deps.store.deleteUpload(upload.id);
  }

  /**
   * The video is recorded: its unit stays taken. Should this call fail (or media stop right here), billing confirms
   * the reservation from media.video.uploaded, which the video's transaction stored.
   */
  private async confirm(reservationId: string, video: VideoRecord): Promise<void> {
    try {
      const confirmation = await this.deps.quota.confirm(reservationId);
      if (!confirmation.confirmed) {
        this.deps.logger.warn(
          { reservationId, videoId: video.id, userId: video.userId, code: confirmation.denial?.code },
          'video recorded after its upload reservation expired or was released',
        );
      }
    } catch (error) {
      this.deps.logger.warn({ err: error, reservationId, videoId: video.id }, 'video upload reservation not confirmed yet');
    }
  }

  private async release(reservationId: string): Promise<void> {
    await this.deps.quota.release(reservationId).catch((error: unknown) => {
      this.deps.logger.error({ err: error, reservationId }, 'could not release a video upload reservation');
    });
  }
}

function uploadedEvent(video: VideoRecord) {
  const data: VideoUploaded = {
    videoId: video.id,
    productId: video.productId,
    userId: video.userId,
    storageKey: video.storageKey,
    durationSec: video.durationSec,
    contentType: video.contentType,
    originalName: video.originalName,
    fileSize: video.fileSize,
  };
  return { subject: subjects.videoUploaded, envelope: createEnvelope('media', subjects.videoUploaded, data) };
}

function invalidFileType(): AppError {
  return errors.unsupportedMedia(UPLOAD_MESSAGES.invalidType);
}

function fileTooLarge(): AppError {
  return errors.tooLarge(UPLOAD_MESSAGES.tooLarge);
}

function noFile(): AppError {
  return new AppError(400, UPLOAD_MESSAGES.noFile, 'NO_FILE');
}

/** No bytes under the key: never sent, cut off, or lost with a process that died while receiving them. */
function uploadIncomplete(): AppError {
  return errors.conflict(UPLOAD_INCOMPLETE, 'UPLOAD_INCOMPLETE');
}
