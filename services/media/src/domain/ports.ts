/** What media's rules need from the outside: its store, the catalog, billing, a video prober and a clock. */
import type { OutgoingEvent } from '@tracklens/kit';
import type { AnalysisStatus, QuotaDenial } from '@tracklens/contracts';

/** pending: URL handed out; receiving: a local PUT is streaming; stored: the local PUT finished; registered: a video. */
export type UploadStatus = 'pending' | 'receiving' | 'stored' | 'registered';

export interface UploadRecord {
  id: string;
  userId: string;
  productId: string;
  storageKey: string;
  originalName: string;
  declaredSize: number;
  contentType: string;
  status: UploadStatus;
  createdAt: Date;
  expiresAt: Date;
}

export interface VideoRecord {
  id: string;
  userId: string;
  productId: string;
  originalName: string;
  fileSize: number;
  contentType: string;
  durationSec: number;
  analysisStatus: AnalysisStatus;
  analysisProgress: number | null;
  storageKey: string;
  createdAt: Date;
}

export interface AnalysisStatusChange {
  videoId: string;
  productId: string;
  userId: string;
  status: AnalysisStatus;
  progress: number | null;
  occurredAt: Date;
}

/** media's storage of uploads and videos (src/db/media.repository.ts implements it). */
export interface MediaStore {
  createUpload(upload: UploadRecord): Promise<void>;
  findUploadByKey(storageKey: string): Promise<UploadRecord | null>;
  /** Moves the upload to `to` only if it is in one of `from`; false when it was not (used, gone). */
  moveUpload(id: string, from: UploadStatus[], to: UploadStatus): Promise<boolean>;
  deleteUpload(id: string): Promise<void>;
  /** The user's uploads still in flight at `now`: URLs not yet expired, PUTs streaming, objects stored but not registered. */
  countOpenUploads(userId: string, now: Date): Promise<number>;
  /** Uploads never registered and created before `cutoff`, oldest first. */
  unregisteredUploadsBefore(cutoff: Date, limit: number): Promise<UploadRecord[]>;
  /**
   * In one transaction: the upload becomes registered (if still pending or stored), the video row and its
   * event are written. False when the upload was no longer registrable (registered meanwhile, or swept).
   */
  registerVideo(uploadId: string, video: VideoRecord, event: OutgoingEvent): Promise<boolean>;
  findVideo(id: string): Promise<VideoRecord | null>;
  findVideoByKey(storageKey: string): Promise<VideoRecord | null>;
  /** Newest first; scoped to the owner when userId is given. */
  listVideos(productId: string, userId?: string): Promise<VideoRecord[]>;
  /** In one transaction: the caller's video, its upload row and the deleted event; null when it is not the caller's. */
  deleteVideo(id: string, userId: string, event: (video: VideoRecord) => OutgoingEvent): Promise<VideoRecord | null>;
  recordAnalysisStatus(change: AnalysisStatusChange): Promise<'applied' | 'unknown-video' | 'stale'>;
}

/** Asks catalog whether the user owns the product; throws 404 'Product not found' otherwise. */
export interface ProductDirectory {
  requireOwnedProduct(userId: string, productId: string): Promise<void>;
}

export type Reservation = { granted: true; reservationId: string } | { granted: false; denial: QuotaDenial };

/** Not confirmed: the reservation had expired and the month has no unit left (denial), or it was released. */
export type Confirmation = { confirmed: true } | { confirmed: false; denial: QuotaDenial | null };

/**
 * billing's quota for video uploads, in two phases: a reservation (keyed by the upload, so a retried registration
 * holds the same one) expires unless confirmed once the video is recorded, or released when registering fails.
 */
export interface VideoQuota {
  reserveVideoUpload(request: { userId: string; durationSec: number; reference: string }): Promise<Reservation>;
  confirm(reservationId: string): Promise<Confirmation>;
  release(reservationId: string): Promise<void>;
}

export interface ProbeResult {
  durationSec: number;
}

/** Reads a stored object (a file path or URL) as a video; null when it holds no readable video stream. */
export interface VideoProber {
  probe(location: string): Promise<ProbeResult | null>;
}

export type Clock = () => Date;
