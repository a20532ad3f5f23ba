/**
 * PUTs a file to the upload URL media handed out (ARCHITECTURE §6) with XMLHttpRequest, whose upload
 * progress events fetch does not offer. A relative URL is our own upload route and takes the session
 * cookie; an absolute one is a presigned storage URL and must not (its signature is the capability).
 */
import { buildApiError, type ApiError } from '../api/base-query';

export interface UploadTarget {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
}

export interface PutFileOptions {
  /** Called with 0-100 as bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function isAbsolute(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
}

/** An XHR's failed answer as the base query builds it from a fetch response (product-spec §8). */
async function errorOf(xhr: XMLHttpRequest): Promise<ApiError> {
  if (xhr.status === 0) return { status: 'FETCH_ERROR', message: 'The upload could not reach the server' };
  const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
  return buildApiError(response);
}

/** Resolves when storage answered 2xx; rejects with an ApiError otherwise. */
export function putFile(target: UploadTarget, file: Blob, options: PutFileOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    xhr.withCredentials = !isAbsolute(target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve();
      } else void errorOf(xhr).then(reject);
    };
    xhr.onerror = () => void errorOf(xhr).then(reject);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR', message: 'The upload was cancelled' } satisfies ApiError);
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
