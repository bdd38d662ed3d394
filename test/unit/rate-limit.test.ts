import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RateLimiter } from '../../src/core/http/rate-limit-plugin.js';

function clock(start: number) {
  let now = start;
  return { now: () => now, set: (value: number) => (now = value), advance: (ms: number) => (now += ms) };
}
const MINUTE = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('RateLimiter (docs/reference.md#rate-limits)', () => {
  it('allows the limit per minute, then refuses, counting down the remaining requests', () => {
    const c = clock(MINUTE + 10_000);
    const limiter = new RateLimiter(3, c.now);
    expect(limiter.hit('k')).toEqual({ allowed: true, remaining: 2, resetSeconds: 50 });
    expect(limiter.hit('k')).toEqual({ allowed: true, remaining: 1, resetSeconds: 50 });
    expect(limiter.hit('k')).toEqual({ allowed: true, remaining: 0, resetSeconds: 50 });
    expect(limiter.hit('k')).toEqual({ allowed: false, remaining: 0, resetSeconds: 50 });
    c.advance(20_500);
    expect(limiter.hit('k')).toEqual({ allowed: false, remaining: 0, resetSeconds: 30 });
  });

  it('counts each key on its own', () => {
    const c = clock(MINUTE);
    const limiter = new RateLimiter(2, c.now);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b')).toEqual({ allowed: true, remaining: 1, resetSeconds: 60 });
  });

  it('starts again in the next minute', () => {
    const c = clock(MINUTE + 59_000);
    const limiter = new RateLimiter(1, c.now);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    c.set(MINUTE + 60_000);
    expect(limiter.hit('k')).toEqual({ allowed: true, remaining: 0, resetSeconds: 60 });
    c.set(MINUTE + 60_000 * 5 + 1);
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('never announces a reset of 0 seconds, even at the very end of a window', () => {
    const c = clock(MINUTE + 59_999);
    expect(new RateLimiter(5, c.now).hit('k').resetSeconds).toBe(1);
  });

  it('property: within one window exactly `limit` requests pass, and Remaining + passed = limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 59_999 }), (limit, requests, offset) => {
        const c = clock(MINUTE + offset);
        const limiter = new RateLimiter(limit, c.now);
        let passed = 0;
        for (let i = 0; i < requests; i++) {
          const result = limiter.hit('k');
          if (result.allowed) passed++;
          if (result.remaining !== Math.max(0, limit - (i + 1))) return false;
          if (result.resetSeconds < 1 || result.resetSeconds > 60) return false;
        }
        return passed === Math.min(limit, requests);
      }),
    );
  });
});
