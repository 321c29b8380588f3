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
  it('keeps a window per address and a ceiling per e-mail, and a success gives its attempt back', async () => {
    const throttle = new LoginThrottle({ perEmail: 2, perAddress: 3, windowSeconds: 60 });
    expect((await throttle.attempt('ana@x', '10.0.0.1', 0)).allowed).toBe(true);
    expect((await throttle.attempt('ana@x', '10.0.0.1', 1)).allowed).toBe(true);
    expect((await throttle.attempt('ana@x', '10.0.0.2', 2)).allowed).toBe(false);
    // The refused e-mail attempt did not use up the address's budget.
    expect((await throttle.attempt('bob@x', '10.0.0.1', 3)).allowed).toBe(true);
    expect(await throttle.attempt('eva@x', '10.0.0.1', 4)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('backs off one (e-mail, address) pair exponentially, leaving the e-mail free elsewhere', async () => {
    const throttle = new LoginThrottle({ perEmail: 1000, perAddress: 1000, windowSeconds: 900 });
    const at = (second: number) => second * 1000;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await throttle.attempt('ana@x', 'A', at(attempt))).allowed).toBe(true);
    // The fifth attempt set a wait of 1 s; then 2 s, 4 s, 8 s…
    expect(await throttle.attempt('ana@x', 'A', at(4.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttle.attempt('ana@x', 'A', at(5))).allowed).toBe(true);
    expect(await throttle.attempt('ana@x', 'A', at(6))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttle.attempt('ana@x', 'A', at(7))).allowed).toBe(true);
    expect(await throttle.attempt('ana@x', 'A', at(8))).toEqual({ allowed: false, retryAfterSeconds: 3 });
    expect((await throttle.attempt('ana@x', 'A', at(11))).allowed).toBe(true);
    expect(await throttle.attempt('ana@x', 'A', at(12))).toEqual({ allowed: false, retryAfterSeconds: 7 });
    // The same e-mail from another address is not slowed at all.
    expect((await throttle.attempt('ana@x', 'B', at(12))).allowed).toBe(true);
    // Waits never exceed 15 minutes.
    let now = at(19);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const decision = await throttle.attempt('ana@x', 'A', now);
      if (!decision.allowed) expect(decision.retryAfterSeconds).toBeLessThanOrEqual(900);
      now += 900_000;
    }
    // A success starts the pair afresh.
    await throttle.succeeded('ana@x', 'A', now);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await throttle.attempt('ana@x', 'A', now + attempt)).allowed).toBe(true);
  });

  it('lets a pair that signed in recently pass the e-mail ceiling a botnet has filled', async () => {
    const throttle = new LoginThrottle({ perEmail: 3, perAddress: 1000, windowSeconds: 900 });
    expect((await throttle.attempt('ana@x', 'home', 0)).allowed).toBe(true);
    await throttle.succeeded('ana@x', 'home', 0);
    for (let bot = 0; bot < 3; bot += 1) expect((await throttle.attempt('ana@x', `bot${bot}`, 10)).allowed).toBe(true);
    expect((await throttle.attempt('ana@x', 'bot9', 11)).allowed).toBe(false);
    expect((await throttle.attempt('ana@x', 'elsewhere', 11)).allowed).toBe(false);
    expect((await throttle.attempt('ana@x', 'home', 12)).allowed).toBe(true);
  });
});
