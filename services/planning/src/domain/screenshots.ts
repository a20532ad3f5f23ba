/** Screenshots are object-storage keys; browsers load them through media's image route. */
export const IMAGES_PATH_PREFIX = '/api/images/';

/** 'u/1/frame 1.jpg' → '/api/images/u/1/frame%201.jpg'; null without a key. */
export function screenshotPathOf(key: string | null | undefined): string | null {
  if (!key) return null;
  const segments = key.split('/').filter((segment) => segment.length > 0);
  if (segments.length === 0) return null;
  return `${IMAGES_PATH_PREFIX}${segments.map(encodeURIComponent).join('/')}`;
}
