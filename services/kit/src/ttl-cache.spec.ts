import { TtlCache } from './ttl-cache';

describe(TtlCache.name, () => {
  it('should answer an entry until its time is up, then forget it', () => {
    let at = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10, now: () => at });
    cache.set('a', 1);
    at = 999;
    expect(cache.get('a')).toBe(1);
    at = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('should end an entry at its own end when that comes before the cache time', () => {
    let at = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, now: () => at });
    cache.set('short', 1, 300);
    cache.set('long', 2, 5000);
    at = 299;
    expect(cache.get('short')).toBe(1);
    at = 300;
    expect(cache.get('short')).toBeUndefined();
    at = 999;
    expect(cache.get('long')).toBe(2);
    at = 1000;
    expect(cache.get('long')).toBeUndefined();
  });

  it('should drop the oldest entry when full, counting a rewrite as new', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
  });

  it('should forget a deleted entry and remember nothing when its time is zero', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    const off = new TtlCache<string, number>({ ttlMs: 0, maxEntries: 2 });
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });
});
