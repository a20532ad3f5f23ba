/** GET /api/images/{path}: which object a raw request path names, if it is one of the caller's images. */
import { IMAGE_CONTENT_TYPES, fileExtension } from '@tracklens/contracts';
import { isValidObjectKey } from '@tracklens/kit';
import { userPrefix } from './video-container';

export interface ImageObject {
  key: string;
  contentType: string;
}

/**
 * Decodes the raw (still percent-encoded) path once and accepts it only when it is a clean key under the
 * caller's own prefix with an image extension. Anything else, including a second layer of encoding, is null
 * (the route answers 404 for all of them alike).
 */
export function resolveImagePath(rawPath: string, userId: string): ImageObject | null {
  let key: string;
  try {
    key = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (key.includes('%') || key.includes('\\') || key.includes('\0')) return null;
  if (!isValidObjectKey(key) || !key.startsWith(userPrefix(userId))) return null;
  const extension = fileExtension(key);
  if (!Object.hasOwn(IMAGE_CONTENT_TYPES, extension)) return null;
  return { key, contentType: IMAGE_CONTENT_TYPES[extension as keyof typeof IMAGE_CONTENT_TYPES] };
}
