/** media: direct uploads (ARCHITECTURE §6), videos (product-spec §3) and the events media publishes. */
import { z } from 'zod';
import { analysisStatusSchema } from './catalog';
import { text } from './text';

/** product-spec §10: 500MB, counted as the browser counts File.size against 500 * 1024 * 1024. */
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
/** product-spec §5 check 4: accepted MIME types (after `video/`) and file extensions. */
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-msvideo', 'video/x-ms-wmv'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'wmv'] as const;
/** Screenshots are object-storage keys; browsers load them through media's image route. */
export const IMAGES_PATH_PREFIX = '/api/images/';

/** 'u/1/frame 1.jpg' → '/api/images/u/1/frame%201.jpg'; null without a key. */
export function screenshotPathOf(key: string | null | undefined): string | null {
  if (!key) return null;
  const segments = key.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0) return null;
  return `${IMAGES_PATH_PREFIX}${segments.map(encodeURIComponent).join('/')}`;
}

/** Screenshots and thumbnails served by GET /api/images/{path}. */
export const IMAGE_CONTENT_TYPES = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The server's error messages for uploads (product-spec §5 and §8 words; the web maps them to its toasts). */
export const UPLOAD_MESSAGES = {
  noFile: 'No file selected',
  invalidType: 'Invalid file type',
  tooLarge: 'File too large',
  unreadable: 'Could not analyze video',
  productNotFound: 'Product not found',
  uploadNotFound: 'Upload not found',
  videoNotFound: 'Video not found',
  urlExpired: 'Upload URL has expired',
  urlUsed: 'Upload URL has already been used',
  urlInvalid: 'Upload URL is not valid',
} as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * What the server lets start an upload: a video/ type, or a known video extension (some browsers send no
 * type for .wmv or .mov). The stored bytes decide in the end (container magic and ffprobe).
 */
export function isAcceptedVideo(contentType: string, fileName: string): boolean {
  const type = contentType.toLowerCase().trim();
  return type.startsWith('video/') || (VIDEO_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

const fileName = text({ label: 'File name', required: UPLOAD_MESSAGES.noFile, max: 255 });
const fileSize = z
  .number({ error: UPLOAD_MESSAGES.noFile })
  .int(UPLOAD_MESSAGES.noFile)
  .positive(UPLOAD_MESSAGES.noFile);
const contentType = text({
  label: 'Content type',
  notText: UPLOAD_MESSAGES.invalidType,
  max: 200,
  tooLong: UPLOAD_MESSAGES.invalidType,
});
const productId = text({ label: 'Product ID', required: 'Product ID is required for video upload', max: 200 });

/** POST /api/uploads: ask where to PUT the file. The size limit (413) and type rule (415) are checked after parsing. */
export const createUploadBodySchema = z.object({ productId, fileName, contentType, fileSize });
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/** The answer of POST /api/uploads: PUT the bytes to uploadUrl with these headers before expiresAt, then register storageKey. */
export const uploadTargetSchema = z.object({
  /** Relative (/api/uploads/<token>, local storage) or absolute (presigned S3 URL). */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  storageKey: z.string(),
  expiresAt: z.string(),
  /** The most bytes the PUT may carry. */
  maxBytes: z.number().int(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

/** POST /api/products/{id}/videos/direct (product-spec §3 Video record payload). */
export const registerVideoBodySchema = z.object({
  storageKey: text({ label: 'Storage key', required: UPLOAD_MESSAGES.noFile, max: 1024, trim: false }),
  originalName: fileName,
  fileSize,
  contentType,
});
export type RegisterVideoBody = z.infer<typeof registerVideoBodySchema>;

/** product-spec §3 Video, plus what media knows for sure about it. */
export const videoSchema = z.object({
  id: z.string(),
  productId: z.string(),
  originalName: z.string(),
  /** The stored object's real size in bytes. */
  fileSize: z.number().int(),
  contentType: z.string(),
  /** From ffprobe on the server, never from the client. */
  durationSec: z.number(),
  analysisStatus: analysisStatusSchema,
  /** Percent done while analysisStatus is 'analyzing', else null. */
  analysisProgress: z.number().int().min(0).max(100).nullable(),
  createdAt: z.string(),
  /** The stored object's key (product-spec's filename). */
  filename: z.string(),
  storageKey: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** media.video.uploaded: a checked video is registered; analysis starts from here. */
export const videoUploadedSchema = z.object({
  videoId: z.string(),
  productId: z.string(),
  userId: z.string(),
  storageKey: z.string(),
  durationSec: z.number(),
  contentType: z.string(),
  originalName: z.string(),
  fileSize: z.number().int(),
});
export type VideoUploaded = z.infer<typeof videoUploadedSchema>;

/** media.video.deleted: the row and the object are gone; consumers drop what they derived from it. */
export const videoDeletedSchema = z.object({
  videoId: z.string(),
  productId: z.string(),
  userId: z.string(),
  storageKey: z.string(),
});
export type VideoDeleted = z.infer<typeof videoDeletedSchema>;
