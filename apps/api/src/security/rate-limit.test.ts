import { describe, expect, it } from 'vitest';
import { LoginThrottle, SlidingWindowLimiter } from './rate-limit';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` attempts per window and says when the oldest one leaves it', () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000 });
    expect(limiter.hit('a', 0)).toEqual({ allowed: true });
    expect(limiter.hit('a', 10_000)).toEqual({ allowed: true });
    expect(limiter.hit('a', 20_000)).toEqual({ allowed: true });
    expect(limiter.hit('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another key has its own window.
    expect(limiter.hit('b', 30_000)).toEqual({ allowed: true });
    // The window slides: at 60.001 s the first attempt has left it.
    expect(limiter.hit('a', 60_001)).toEqual({ allowed: true });
    expect(limiter.hit('a', 60_002)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('does not record refused attempts (a client that keeps hammering is not locked out forever)', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    for (let at = 100; at < 1_000; at += 100) expect(limiter.hit('a', at).allowed).toBe(false);
    expect(limiter.hit('a', 1_001).allowed).toBe(true);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 60_000 }, 2);
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    expect(limiter.hit('a', 1).allowed).toBe(true);
    expect(limiter.hit('c', 1).allowed).toBe(false);
  });
});

describe('LoginThrottle', () => {
  it('limits per e-mail and per address, and forgets an e-mail’s failures after a success', () => {
    const throttle = new LoginThrottle({ perEmail: 2, perAddress: 3, windowSeconds: 60 });
    expect(throttle.attempt('ana@x', '10.0.0.1', 0).allowed).toBe(true);
    expect(throttle.attempt('ana@x', '10.0.0.1', 1).allowed).toBe(true);
    expect(throttle.attempt('ana@x', '10.0.0.2', 2).allowed).toBe(false);
    // The refused e-mail attempt did not use up the address's budget.
    expect(throttle.attempt('bob@x', '10.0.0.1', 3).allowed).toBe(true);
    expect(throttle.attempt('eva@x', '10.0.0.1', 4)).toEqual({ allowed: false, retryAfterSeconds: 60 });

    const fresh = new LoginThrottle({ perEmail: 2, perAddress: 10, windowSeconds: 60 });
    fresh.attempt('ana@x', '10.0.0.1', 0);
    fresh.attempt('ana@x', '10.0.0.1', 1);
    fresh.succeeded('ana@x', '10.0.0.1');
    expect(fresh.attempt('ana@x', '10.0.0.1', 2).allowed).toBe(true);
  });
});
