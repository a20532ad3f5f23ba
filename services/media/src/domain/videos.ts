/** A product's videos: listing, deletion (row, upload and object) and the analysis status read model. */
import { createEnvelope, errors, type Logger, type ObjectStorage } from '@tracklens/kit';
import { UPLOAD_MESSAGES, subjects, type Video, type VideoDeleted } from '@tracklens/contracts';
import type { AnalysisStatusChange, MediaStore, ProductDirectory, VideoRecord } from './ports';

export interface VideosDependencies {
  store: MediaStore;
  storage: ObjectStorage;
  products: ProductDirectory;
  logger: Logger;
}

export class Videos {
  constructor(private readonly deps: VideosDependencies) {}

  /** GET /api/products/{id}/videos: the caller's product's videos, newest first. */
  async listForOwner(userId: string, productId: string): Promise<VideoRecord[]> {
    await this.deps.products.requireOwnedProduct(userId, productId);
    return this.deps.store.listVideos(productId, userId);
  }

  /** For other services (gRPC): no owner check, they already hold the ids they were given. */
  listForProduct(productId: string): Promise<VideoRecord[]> {
    return this.deps.store.listVideos(productId);
  }

  async get(videoId: string): Promise<VideoRecord> {
    const video = await this.deps.store.findVideo(videoId);
    if (!video) throw errors.notFound(UPLOAD_MESSAGES.videoNotFound);
    return video;
  }

  /**
   * DELETE /api/videos/{id}: the row, its upload and media.video.deleted commit together; the object goes
   * after the commit (a failed object delete is logged, never leaves a row pointing at nothing).
   */
  async delete(userId: string, videoId: string): Promise<VideoRecord> {
    const video = await this.deps.store.deleteVideo(videoId, userId, deletedEvent);
    if (!video) throw errors.notFound(UPLOAD_MESSAGES.videoNotFound);
    await this.deps.storage.delete(video.storageKey).catch((error: unknown) => {
      this.deps.logger.error({ err: error, videoId, storageKey: video.storageKey }, 'could not delete a video object');
    });
    return video;
  }

  recordAnalysisStatus(change: AnalysisStatusChange) {
    return this.deps.store.recordAnalysisStatus(change);
  }
}

/** The REST shape of a video (product-spec §3: filename is the stored object's key). */
export function toVideo(record: VideoRecord): Video {
  return {
    id: record.id,
    productId: record.productId,
    originalName: record.originalName,
    fileSize: record.fileSize,
    contentType: record.contentType,
    durationSec: record.durationSec,
    analysisStatus: record.analysisStatus,
    analysisProgress: record.analysisStatus === 'analyzing' ? record.analysisProgress : null,
    createdAt: record.createdAt.toISOString(),
    filename: record.storageKey,
    storageKey: record.storageKey,
  };
}

function deletedEvent(video: VideoRecord) {
  const data: VideoDeleted = { videoId: video.id, productId: video.productId, userId: video.userId, storageKey: video.storageKey };
  return { subject: subjects.videoDeleted, envelope: createEnvelope('media', subjects.videoDeleted, data) };
}
