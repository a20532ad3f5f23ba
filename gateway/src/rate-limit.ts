/** A fixed-window request counter per client address, kept in memory and bounded in size. */

export const RATE_LIMIT_MAX_CLIENTS = 10_000;

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the client's window resets (for Retry-After). */
  retryAfterSec: number;
}

export interface RateLimiter {
  hit(client: string): RateLimitDecision;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  maxClients?: number;
  now?: () => number;
}

interface Window {
  startedAt: number;
  count: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const maxClients = options.maxClients ?? RATE_LIMIT_MAX_CLIENTS;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  function makeRoom(at: number): void {
    for (const [client, window] of windows) {
      if (at - window.startedAt >= windowMs) windows.delete(client);
    }
    // Still full of live windows: forget the oldest rather than grow without bound.
    while (windows.size >= maxClients) {
      const oldest = windows.keys().next();
      if (oldest.done) break;
      windows.delete(oldest.value);
    }
  }

  return {
    hit(client) {
      const at = now();
      let window = windows.get(client);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(client);
        if (windows.size >= maxClients) makeRoom(at);
        window = { startedAt: at, count: 0 };
        windows.set(client, window);
      }
      window.count += 1;
      const retryAfterSec = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      return { allowed: window.count <= options.limit, retryAfterSec };
    },
  };
}
