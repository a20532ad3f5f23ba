import { createRateLimiter } from './rate-limit';

describe(createRateLimiter.name, () => {
  function clock(start = 0): { now: () => number; advance: (ms: number) => void } {
    let at = start;
    return { now: () => at, advance: (ms) => (at += ms) };
  }

  it('should allow the limit, refuse the next one and tell when to retry', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 2, now: time.now });
    expect(limiter.hit('a').allowed).toBe(true);
    time.advance(20_000);
    expect(limiter.hit('a').allowed).toBe(true);
    const refused = limiter.hit('a');
    expect(refused).toEqual({ allowed: false, retryAfterSec: 40 });
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('should allow again once the minute is over', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, now: time.now });
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    time.advance(60_000);
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('should stay bounded, forgetting the oldest client first', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, maxClients: 2, now: time.now });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    // 'a' was forgotten, so it starts a fresh window; 'c' is still counted.
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('c').allowed).toBe(false);
  });
});
