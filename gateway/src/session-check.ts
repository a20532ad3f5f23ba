/** Asks identity (gRPC CheckSession) whether a session is still live, trusting a yes for SESSION_CHECK_CACHE_MS. */
import type { GrpcClient, SessionCheck, SessionClaims } from '@tracklens/kit';

export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface SessionChecker {
  isSessionActive: SessionCheck;
  /** Forgets a session at once (logout), so a copied cookie stops working without waiting for the cache. */
  evict(sessionId: string): void;
}

export interface SessionCheckerOptions {
  identity: Pick<GrpcClient, 'call'>;
  cacheMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface CachedSession {
  userId: string;
  expiresAt: number;
}

export function createSessionChecker(options: SessionCheckerOptions): SessionChecker {
  const { identity, cacheMs } = options;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Insertion order is age order, so the first key is the one to drop when full.
  const cache = new Map<string, CachedSession>();

  function remember(claims: SessionClaims): void {
    if (cacheMs <= 0) return;
    cache.delete(claims.sessionId);
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(claims.sessionId, { userId: claims.userId, expiresAt: now() + cacheMs });
  }

  function cached(claims: SessionClaims): boolean {
    const entry = cache.get(claims.sessionId);
    if (!entry) return false;
    if (entry.expiresAt <= now()) {
      cache.delete(claims.sessionId);
      return false;
    }
    return entry.userId === claims.userId;
  }

  return {
    async isSessionActive(claims) {
      if (cached(claims)) return true;
      // An unreachable identity rejects with the kit's AppError 503: nobody passes unchecked.
      const response = await identity.call<unknown>('CheckSession', {
        session_id: claims.sessionId,
        user_id: claims.userId,
      });
      const active = isCheckSessionResponse(response) && response.active === true;
      if (active) remember(claims);
      return active;
    },
    evict(sessionId) {
      cache.delete(sessionId);
    },
  };
}

function isCheckSessionResponse(value: unknown): value is { active: unknown } {
  return typeof value === 'object' && value !== null && 'active' in value;
}
