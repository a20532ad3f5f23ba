/**
 * Reads a video file's duration from its metadata in the browser (product-spec §5 check 6): a detached
 * <video> with preload=metadata on an object URL. Resolves null when the browser cannot read it.
 */
const DEFAULT_TIMEOUT_MS = 15_000;

export function readVideoDuration(file: Blob, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;

    function finish(duration: number | null): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(duration);
    }

    // Some files never fire either event; a stuck read must not hold the upload forever.
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const { duration } = video;
      finish(Number.isFinite(duration) && duration >= 0 ? duration : null);
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
