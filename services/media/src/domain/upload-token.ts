/** Capability tokens of the local upload route: HMAC-signed and expiring; the upload row they name makes them single-use. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LocalUploadTargets } from '@tracklens/kit';
import { z } from 'zod';

export interface UploadTokenClaims {
  /** The object the PUT writes; the key also names its owner (users/<userId>/...). */
  storageKey: string;
  maxBytes: number;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

const payloadSchema = z.object({ k: z.string(), m: z.number().int(), e: z.number().int() });

/** A key of its own, derived from the session secret, so an upload token can never pass as anything else. */
export function uploadTokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('tracklens/upload-url/v1').digest();
}

export function signUploadToken(key: Buffer, claims: UploadTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ k: claims.storageKey, m: claims.maxBytes, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The claims of a token signed with this key, or null; expiry is the caller's to judge (it owns the clock). */
export function verifyUploadToken(key: Buffer, token: string): UploadTokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? { storageKey: parsed.data.k, maxBytes: parsed.data.m, expiresAt: parsed.data.e } : null;
  } catch {
    return null;
  }
}

/** Upload URLs of the local storage: `<base>/<token>` (base is /api/uploads, the route media serves). */
export function localUploadTargets(key: Buffer, base: string): LocalUploadTargets {
  return async (storageKey, options) => ({
    url: `${base}/${signUploadToken(key, { storageKey, maxBytes: options.maxBytes, expiresAt: options.expiresAt.getTime() })}`,
    headers: { 'Content-Type': options.contentType },
  });
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
