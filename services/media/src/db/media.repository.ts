/** All SQL of media. */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { enqueueEvent, type Database, type OutgoingEvent } from '@tracklens/kit';
import type { AnalysisStatus } from '@tracklens/contracts';
import type {
  AnalysisStatusChange,
  MediaStore,
  UploadRecord,
  UploadStatus,
  VideoRecord,
} from '../domain/ports';
import { uploads, videos } from './schema';

type UploadRow = typeof uploads.$inferSelect;
type VideoRow = typeof videos.$inferSelect;

function toUpload(row: UploadRow): UploadRecord {
  return { ...row, status: row.status as UploadStatus };
}

function toVideo(row: VideoRow): VideoRecord {
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    originalName: row.originalName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    durationSec: row.durationSec,
    analysisStatus: row.analysisStatus as AnalysisStatus,
    analysisProgress: row.analysisProgress,
    storageKey: row.storageKey,
    createdAt: row.createdAt,
  };
}

export class MediaRepository implements MediaStore {
  constructor(private readonly db: Database) {}

  async createUpload(upload: UploadRecord): Promise<void> {
    await this.db.insert(uploads).values(upload);
  }

  async findUploadByKey(storageKey: string): Promise<UploadRecord | null> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.storageKey, storageKey));
    return row ? toUpload(row) : null;
  }

  async moveUpload(id: string, from: UploadStatus[], to: UploadStatus): Promise<boolean> {
    const moved = await this.db
      .update(uploads)
      .set({ status: to })
      .where(and(eq(uploads.id, id), inArray(uploads.status, from)))
      .returning({ id: uploads.id });
    return moved.length > 0;
  }

  async deleteUpload(id: string): Promise<void> {
    await this.db.delete(uploads).where(and(eq(uploads.id, id), ne(uploads.status, 'registered')));
  }

  async countOpenUploads(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ open: count() })
      .from(uploads)
      .where(
        and(
          eq(uploads.userId, userId),
          or(inArray(uploads.status, ['receiving', 'stored']), and(eq(uploads.status, 'pending'), gt(uploads.expiresAt, now))),
        ),
      );
    return Number(row?.open ?? 0);
  }

  async unregisteredUploadsBefore(cutoff: Date, limit: number): Promise<UploadRecord[]> {
    const rows = await this.db
      .select()
      .from(uploads)
      .where(and(ne(uploads.status, 'registered'), lt(uploads.createdAt, cutoff)))
      .orderBy(asc(uploads.createdAt))
      .limit(limit);
    return rows.map(toUpload);
  }

  async registerVideo(uploadId: string, video: VideoRecord, event: OutgoingEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(uploads)
        .set({ status: 'registered' })
        .where(and(eq(uploads.id, uploadId), inArray(uploads.status, ['pending', 'stored'])))
        .returning({ id: uploads.id });
      if (claimed.length === 0) return false;
      await tx.insert(videos).values(video);
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
  }

  async findVideo(id: string): Promise<VideoRecord | null> {
    const [row] = await this.db.select().from(videos).where(eq(videos.id, id));
    return row ? toVideo(row) : null;
  }

  async findVideoByKey(storageKey: string): Promise<VideoRecord | null> {
    const [row] = await this.db.select().from(videos).where(eq(videos.storageKey, storageKey));
    return row ? toVideo(row) : null;
  }

  async listVideos(productId: string, userId?: string): Promise<VideoRecord[]> {
    const rows = await this.db
      .select()
      .from(videos)
      .where(userId ? and(eq(videos.productId, productId), eq(videos.userId, userId)) : eq(videos.productId, productId))
      .orderBy(desc(videos.createdAt), desc(videos.id));
    return rows.map(toVideo);
  }

  async deleteVideo(id: string, userId: string, event: (video: VideoRecord) => OutgoingEvent): Promise<VideoRecord | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(videos)
        .where(and(eq(videos.id, id), eq(videos.userId, userId)))
        .returning();
      if (!row) return null;
      const video = toVideo(row);
      await tx.delete(uploads).where(eq(uploads.storageKey, video.storageKey));
      const outgoing = event(video);
      await enqueueEvent(tx, outgoing.subject, outgoing.envelope);
      return video;
    });
  }

  async recordAnalysisStatus(change: AnalysisStatusChange): Promise<'applied' | 'unknown-video' | 'stale'> {
    const updated = await this.db
      .update(videos)
      .set({ analysisStatus: change.status, analysisProgress: change.progress, statusOccurredAt: change.occurredAt })
      .where(
        and(
          eq(videos.id, change.videoId),
          eq(videos.productId, change.productId),
          eq(videos.userId, change.userId),
          or(isNull(videos.statusOccurredAt), lte(videos.statusOccurredAt, change.occurredAt)),
        ),
      )
      .returning({ id: videos.id });
    if (updated.length > 0) return 'applied';
    const [exists] = await this.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, change.videoId), eq(videos.productId, change.productId), eq(videos.userId, change.userId)));
    return exists ? 'stale' : 'unknown-video';
  }
}
