/** How many attempts a key may make within a sliding window. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Exponential backoff of one (e-mail, address) pair. */
export interface BackoffPolicy {
  /** Attempts before the first wait. */
  freeAttempts: number;
  /** The first wait; each further attempt doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A pair that made no attempt for this long starts afresh. */
  forgetAfterMs: number;
}

/**
 * Where sign-in attempts are counted: in the database, shared by every API instance
 * (`DatabaseLoginAttemptStore`), or in one process's memory (`MemoryLoginAttemptStore`, for unit
 * tests). Every operation is one atomic step on one key.
 */
export interface LoginAttemptStore {
  /** Counts an attempt of `key` in its sliding window, unless the window is full (then nothing is counted). */
  hit(key: string, rule: RateLimitRule, now: number): Promise<RateDecision>;
  /** Gives back the latest attempt of `key`. */
  release(key: string): Promise<void>;
  /** Counts an attempt of a pair unless it must still wait; each attempt past the free ones sets the next wait. */
  backoff(key: string, policy: BackoffPolicy, now: number): Promise<RateDecision>;
  /** A successful sign-in: the pair starts afresh and is known (exempt from the e-mail's ceiling) until `knownUntil`. */
  succeeded(key: string, knownUntil: number): Promise<void>;
  /** Whether the pair signed in successfully recently. */
  isKnown(key: string, now: number): Promise<boolean>;
}

/** A Map that forgets its least recently used keys past `maxKeys` (an attacker invents keys). */
class BoundedMap<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly maxKeys: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    // Re-inserting moves the key to the end, so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxKeys) {
      const stalest = this.entries.keys().next().value;
      if (stalest === undefined) break;
      this.entries.delete(stalest);
    }
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A sliding-window log kept in memory: each key remembers the times of its recent attempts.
 * A restart forgets the counts, which only ever favours a real user.
 */
export class SlidingWindowLimiter {
  private readonly attempts: BoundedMap<number[]>;

  constructor(
    private readonly rule: RateLimitRule,
    /** Bounds the memory an attacker can make us spend by inventing keys (e-mails). */
    maxKeys = 100_000,
  ) {
    this.attempts = new BoundedMap(maxKeys);
  }

  /** Records an attempt for `key` unless the window is full; a refused attempt is not recorded. */
  hit(key: string, now = Date.now(), rule = this.rule): RateDecision {
    const { marks, decision } = windowHit(this.attempts.get(key) ?? [], rule, now);
    if (decision.allowed) this.attempts.set(key, marks);
    return decision;
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
}

/*
 * The limiter's steps as pure functions of a key's state, so the in-memory store and the shared
 * database store (login-attempt-store.ts) decide alike.
 */

/** A sliding window's step: the attempt times still in the window plus `now`, unless the window is full. */
export function windowHit(marks: readonly number[], rule: RateLimitRule, now: number): { marks: number[]; decision: RateDecision } {
  const from = now - rule.windowMs;
  const recent = marks.filter((time) => time > from);
  if (recent.length >= rule.limit) {
    const oldest = recent[0] ?? now;
    return { marks: recent, decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) } };
  }
  return { marks: [...recent, now], decision: { allowed: true } };
}

/** Whether a sliding window would take one more attempt now, without recording one (see windowHit). */
export function windowCheck(marks: readonly number[], rule: RateLimitRule, now: number): RateDecision {
  return windowHit(marks, rule, now).decision;
}

/** The backoff state of one (e-mail, address) pair. */
export interface PairState {
  attempts: number;
  lastAttempt: number;
  blockedUntil: number;
  knownUntil: number;
}

export const FRESH_PAIR: PairState = { attempts: 0, lastAttempt: 0, blockedUntil: 0, knownUntil: 0 };

/** A pair's step: counts the attempt unless the pair must still wait; past the free ones, sets the next wait. */
export function backoffStep(previous: PairState | undefined, policy: BackoffPolicy, now: number): { state: PairState; decision: RateDecision } {
  const state: PairState =
    previous && now - previous.lastAttempt < policy.forgetAfterMs
      ? { ...previous }
      : { attempts: 0, lastAttempt: now, blockedUntil: 0, knownUntil: previous?.knownUntil ?? 0 };
  if (now < state.blockedUntil) {
    return { state, decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((state.blockedUntil - now) / 1000)) } };
  }
  state.attempts += 1;
  state.lastAttempt = now;
  const beyond = state.attempts - policy.freeAttempts;
  // Set before the password is checked, so a burst of parallel guesses meets the wait at once.
  if (beyond >= 0) state.blockedUntil = now + Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(beyond, 30));
  return { state, decision: { allowed: true } };
}

/** The store of one API process. */
export class MemoryLoginAttemptStore implements LoginAttemptStore {
  private readonly windows: SlidingWindowLimiter;
  private readonly pairs: BoundedMap<PairState>;

  constructor(maxKeys = 100_000) {
    this.windows = new SlidingWindowLimiter({ limit: 1, windowMs: 1 }, maxKeys);
    this.pairs = new BoundedMap(maxKeys);
  }

  async hit(key: string, rule: RateLimitRule, now: number): Promise<RateDecision> {
    return this.windows.hit(key, now, rule);
  }

  async release(key: string): Promise<void> {
    this.windows.release(key);
  }

  async backoff(key: string, policy: BackoffPolicy, now: number): Promise<RateDecision> {
    const { state, decision } = backoffStep(this.pairs.get(key), policy, now);
    this.pairs.set(key, state);
    return decision;
  }

  async succeeded(key: string, knownUntil: number): Promise<void> {
    this.pairs.set(key, { ...FRESH_PAIR, knownUntil });
  }

  async isKnown(key: string, now: number): Promise<boolean> {
    return (this.pairs.get(key)?.knownUntil ?? 0) > now;
  }
}

/** Sign-in limits (config.ts reads the first three from the environment). */
export interface LoginRateLimit {
  /**
   * The ceiling of attempts per e-mail per window, from all addresses together (a password being
   * guessed from many places). Far above what one place may try: see `backoff`. @default 100
   */
  perEmail: number;
  /** Attempts per client address per window (many e-mails tried from one place). @default 100 */
  perAddress: number;
  /** @default 900 (15 minutes) */
  windowSeconds: number;
  /** Attempts of one (e-mail, address) pair: free ones, then waits of 1 s, 2 s, 4 s… up to 15 minutes. */
  backoff?: Partial<BackoffPolicy>;
  /** How long a pair that signed in stays exempt from the e-mail's ceiling. @default 30 days */
  knownPairDays?: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  freeAttempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
};

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { perEmail: 100, perAddress: 100, windowSeconds: 15 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** One key per (e-mail, address), unambiguous whatever either holds; no NUL, which PostgreSQL text refuses. */
const pairKeyOf = (email: string, address: string) => `pair:${JSON.stringify([email, address])}`;

/**
 * The sign-in route's limits (issue 10, item 5; docs/security.md, "Sign-in limits"):
 * - per (e-mail, address) pair, exponential backoff: guessing from one place slows to a crawl,
 *   while the same e-mail from another place is untouched;
 * - per address, a window: one place trying many e-mails;
 * - per e-mail, a far higher ceiling from all places together, which a pair that signed in
 *   successfully within `knownPairDays` does not count against: a botnet can slow guessing of one
 *   account to the ceiling, but cannot lock its owner out of the places they use.
 */
export class LoginThrottle {
  private readonly windowMs: number;
  private readonly backoffPolicy: BackoffPolicy;
  private readonly knownForMs: number;

  constructor(
    private readonly settings: LoginRateLimit = DEFAULT_LOGIN_RATE_LIMIT,
    private readonly store: LoginAttemptStore = new MemoryLoginAttemptStore(),
  ) {
    this.windowMs = settings.windowSeconds * 1000;
    this.backoffPolicy = { ...DEFAULT_BACKOFF, ...settings.backoff };
    this.knownForMs = (settings.knownPairDays ?? 30) * DAY_MS;
  }

  /** Counts an attempt against every key, or answers how long to wait if any refuses (then none is counted). */
  async attempt(email: string, address: string, now = Date.now()): Promise<RateDecision> {
    const addressKey = `address:${address}`;
    const emailKey = `email:${email}`;
    const pairKey = pairKeyOf(email, address);
    const byAddress = await this.store.hit(addressKey, { limit: this.settings.perAddress, windowMs: this.windowMs }, now);
    if (!byAddress.allowed) return byAddress;
    const known = await this.store.isKnown(pairKey, now);
    if (!known) {
      const byEmail = await this.store.hit(emailKey, { limit: this.settings.perEmail, windowMs: this.windowMs }, now);
      if (!byEmail.allowed) {
        await this.store.release(addressKey);
        return byEmail;
      }
    }
    const byPair = await this.store.backoff(pairKey, this.backoffPolicy, now);
    if (!byPair.allowed) {
      await this.store.release(addressKey);
      if (!known) await this.store.release(emailKey);
    }
    return byPair;
  }

  /** A successful sign-in: its attempt is given back, the pair starts afresh and becomes known. */
  async succeeded(email: string, address: string, now = Date.now()): Promise<void> {
    const pairKey = pairKeyOf(email, address);
    if (!(await this.store.isKnown(pairKey, now))) await this.store.release(`email:${email}`);
    await this.store.release(`address:${address}`);
    await this.store.succeeded(pairKey, now + this.knownForMs);
  }
}
