/** How many attempts a key may make within a sliding window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window log kept in memory: each key remembers the times of its recent attempts.
 * One API process is the deployment (architecture.md), so no shared store is needed; a restart
 * forgets the counts, which only ever favours a real user.
 */
export class SlidingWindowLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimitRule,
    /** Bounds the memory an attacker can make us spend by inventing keys (e-mails). */
    private readonly maxKeys = 100_000,
  ) {}

  /** Records an attempt for `key` unless the window is full; a refused attempt is not recorded. */
  hit(key: string, now = Date.now()): RateDecision {
    const recent = this.recent(key, now);
    if (recent.length >= this.rule.limit) {
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.rule.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.store(key, recent);
    return { allowed: true };
  }

  /** Gives back the latest attempt of `key` (a successful sign-in does not count against it). */
  release(key: string): void {
    const recent = this.attempts.get(key);
    if (!recent) return;
    recent.pop();
    if (recent.length === 0) this.attempts.delete(key);
  }

  /** Forgets `key` altogether. */
  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = this.attempts.get(key);
    if (!times) return [];
    const from = now - this.rule.windowMs;
    let first = 0;
    while (first < times.length && (times[first] ?? 0) <= from) first += 1;
    return first === 0 ? times : times.slice(first);
  }

  private store(key: string, times: number[]): void {
    // Re-inserting moves the key to the end, so the Map's order is least recently used first.
    this.attempts.delete(key);
    this.attempts.set(key, times);
    while (this.attempts.size > this.maxKeys) {
      const stalest = this.attempts.keys().next().value;
      if (stalest === undefined) break;
      this.attempts.delete(stalest);
    }
  }
}

/** Sign-in limits (config.ts reads them from the environment). */
export interface LoginRateLimit {
  /** Attempts per e-mail per window (a password being guessed). @default 10 */
  perEmail: number;
  /** Attempts per client address per window (many e-mails tried from one place). @default 100 */
  perAddress: number;
  /** @default 900 (15 minutes) */
  windowSeconds: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { perEmail: 10, perAddress: 100, windowSeconds: 15 * 60 };

/** The two limiters of the sign-in route. */
export class LoginThrottle {
  private readonly byEmail: SlidingWindowLimiter;
  private readonly byAddress: SlidingWindowLimiter;

  constructor(settings: LoginRateLimit = DEFAULT_LOGIN_RATE_LIMIT) {
    const windowMs = settings.windowSeconds * 1000;
    this.byEmail = new SlidingWindowLimiter({ limit: settings.perEmail, windowMs });
    this.byAddress = new SlidingWindowLimiter({ limit: settings.perAddress, windowMs });
  }

  /** Counts an attempt against both keys, or answers how long to wait if either is exhausted. */
  attempt(email: string, address: string, now = Date.now()): RateDecision {
    const byAddress = this.byAddress.hit(address, now);
    if (!byAddress.allowed) return byAddress;
    const byEmail = this.byEmail.hit(email, now);
    if (!byEmail.allowed) this.byAddress.release(address);
    return byEmail;
  }

  /** A successful sign-in: its attempt is given back and the e-mail's failures are forgotten. */
  succeeded(email: string, address: string): void {
    this.byEmail.reset(email);
    this.byAddress.release(address);
  }
}
