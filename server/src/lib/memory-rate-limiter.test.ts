import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter.ts';

describe('the explorer’s per-address limit', () => {
  it('allows `limit` hits per window per key, says when to retry, and starts afresh after the window', () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: 60_000 }, { now: () => now });
    expect([1, 2, 3].map(() => limiter.hit('a').isAllowed)).toEqual([true, true, true]);
    now += 15_000;
    expect(limiter.hit('a')).toEqual({ isAllowed: false, retryAfterMs: 45_000 });
    expect(limiter.hit('b').isAllowed).toBe(true);
    now += 45_000;
    expect(limiter.hit('a').isAllowed).toBe(true);
  });

  it('never tracks more than maxKeys addresses: expired ones go first, then the oldest', () => {
    let now = 0;
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1_000 }, { maxKeys: 100, now: () => now });
    for (let i = 0; i < 1_000; i += 1) {
      limiter.hit(`ip-${i}`);
      expect(limiter.size()).toBeLessThanOrEqual(100);
    }
    // The newest are still counted: a second hit is refused.
    expect(limiter.hit('ip-999').isAllowed).toBe(false);
    now += 1_000;
    limiter.hit('fresh');
    expect(limiter.size()).toBeLessThanOrEqual(100);
    expect(limiter.hit('ip-999').isAllowed).toBe(true);
  });
});
