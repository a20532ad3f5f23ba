/** Asks identity (gRPC CheckSession) whether a session is still live, trusting a yes for SESSION_CHECK_CACHE_MS. */
import { TtlCache, type GrpcClient, type SessionCheck } from '@tracklens/kit';

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

export function createSessionChecker(options: SessionCheckerOptions): SessionChecker {
  const { identity } = options;
  const cache = new TtlCache<string, string>({
    ttlMs: options.cacheMs,
    ...(options.maxEntries !== undefined ? { maxEntries: options.maxEntries } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  return {
    async isSessionActive(claims) {
      if (cache.get(claims.sessionId) === claims.userId) return true;
      // An unreachable identity rejects with the kit's AppError 503: nobody passes unchecked.
      const response = await identity.call<unknown>('CheckSession', {
        session_id: claims.sessionId,
        user_id: claims.userId,
      });
      const active = isCheckSessionResponse(response) && response.active === true;
      if (active) cache.set(claims.sessionId, claims.userId);
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
