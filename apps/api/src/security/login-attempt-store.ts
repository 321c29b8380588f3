import { appDb, intentoacceso } from '@camposense/db';
import type { Database } from '@camposense/db';
import { eq, lt, sql } from 'drizzle-orm';
import { backoffStep, FRESH_PAIR, windowHit } from './rate-limit';
import type { BackoffPolicy, LoginAttemptStore, PairState, RateDecision, RateLimitRule } from './rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often (one call in N) a call also deletes rows past their `vence`, so invented keys do not pile up. */
const PRUNE_EVERY = 200;

interface KeyState {
  marks: number[];
  pair: PairState;
}

/**
 * Sign-in attempts in `sense.intentoacceso`, so every API instance on one PostgreSQL counts the
 * same attempts (issue 17: a second instance must not double an attacker's allowance). Each
 * operation is one transaction that locks its key's row (`FOR UPDATE`) and applies the same pure
 * step as the in-memory store: two instances racing on one key are serialised by the row lock.
 */
export class DatabaseLoginAttemptStore implements LoginAttemptStore {
  private calls = 0;

  constructor(private readonly database: Database) {}

  async hit(key: string, rule: RateLimitRule, now: number): Promise<RateDecision> {
    return this.step(key, now + rule.windowMs, (state) => {
      const { marks, decision } = windowHit(state.marks, rule, now);
      return { state: decision.allowed ? { ...state, marks } : state, result: decision };
    });
  }

  async release(key: string): Promise<void> {
    await this.step(key, 0, (state) => ({ state: { ...state, marks: state.marks.slice(0, -1) }, result: undefined }));
  }

  async backoff(key: string, policy: BackoffPolicy, now: number): Promise<RateDecision> {
    return this.step(key, now + policy.forgetAfterMs, (state) => {
      const { state: pair, decision } = backoffStep(state.pair, policy, now);
      return { state: { ...state, pair }, result: decision };
    });
  }

  async succeeded(key: string, knownUntil: number): Promise<void> {
    await this.step(key, knownUntil, (state) => ({ state: { ...state, pair: { ...FRESH_PAIR, knownUntil } }, result: undefined }));
  }

  async isKnown(key: string, now: number): Promise<boolean> {
    const [row] = await appDb(this.database)
      .select({ conocidohasta: intentoacceso.conocidohasta })
      .from(intentoacceso)
      .where(eq(intentoacceso.clave, key));
    return (row?.conocidohasta ?? 0) > now;
  }

  /**
   * Reads `key`'s state under a row lock, applies `change`, writes it back. `keepUntil` (ms) is
   * when the row stops mattering for this kind of step; a row keeps the latest of its steps'.
   */
  private async step<T>(key: string, keepUntil: number, change: (state: KeyState) => { state: KeyState; result: T }): Promise<T> {
    const db = appDb(this.database);
    const vence = new Date(Math.max(keepUntil, Date.now() + DAY_MS));
    const result = await db.transaction(async (tx) => {
      await tx.insert(intentoacceso).values({ clave: key, vence }).onConflictDoNothing();
      const [row] = await tx.select().from(intentoacceso).where(eq(intentoacceso.clave, key)).for('update');
      const before: KeyState = {
        marks: row?.marcas ?? [],
        pair: {
          attempts: row?.intentos ?? 0,
          lastAttempt: row?.ultimo ?? 0,
          blockedUntil: row?.bloqueadohasta ?? 0,
          knownUntil: row?.conocidohasta ?? 0,
        },
      };
      const { state, result } = change(before);
      await tx
        .update(intentoacceso)
        .set({
          marcas: state.marks,
          intentos: state.pair.attempts,
          ultimo: state.pair.lastAttempt,
          bloqueadohasta: state.pair.blockedUntil,
          conocidohasta: state.pair.knownUntil,
          vence: sql`greatest(${intentoacceso.vence}, ${vence.toISOString()}::timestamptz)`,
        })
        .where(eq(intentoacceso.clave, key));
      return result;
    });
    this.calls += 1;
    if (this.calls % PRUNE_EVERY === 0) await db.delete(intentoacceso).where(lt(intentoacceso.vence, new Date()));
    return result;
  }
}
