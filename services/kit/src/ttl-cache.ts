/**
 * A bounded map whose entries expire: the one read cache of the platform (sessions at the gateway and in
 * identity, users in identity). Insertion order is age order, so the first key is the one dropped when full.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  /** TTL_CACHE_MAX_ENTRIES unless said otherwise. */
  maxEntries?: number;
  now?: () => number;
}

/** Entries a read cache holds at most, the oldest going first: a few MB of sessions, users or tokens. */
export const TTL_CACHE_MAX_ENTRIES = 10_000;

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `notAfter` (epoch ms) ends the entry sooner than the cache's ttl: when what it remembers itself expires. */
  set(key: K, value: V, notAfter = Infinity): void {
    if (this.options.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= (this.options.maxEntries ?? TTL_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Math.min(this.now() + this.options.ttlMs, notAfter) });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
