/**
 * The shared sign-in limiter (issue 17, item 1): the same rules as the in-memory store, kept in
 * `sense.intentoacceso`, so two API instances on one database count one allowance.
 */
import { prepareDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLoginAttemptStore } from './login-attempt-store';
import { LoginThrottle } from './rate-limit';

describe.each(testDrivers())('sign-in attempts in the database on $kind', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await driver.open();
    await prepareDatabase(database);
  });
  afterAll(() => database?.close());

  it('keeps a window per address and a ceiling per e-mail, shared by two throttles (two instances)', async () => {
    const settings = { perEmail: 2, perAddress: 3, windowSeconds: 60 };
    const one = new LoginThrottle(settings, new DatabaseLoginAttemptStore(database));
    const other = new LoginThrottle(settings, new DatabaseLoginAttemptStore(database));
    expect((await one.attempt('ana@x', '10.0.0.1', 0)).allowed).toBe(true);
    expect((await other.attempt('ana@x', '10.0.0.1', 1)).allowed).toBe(true);
    // The e-mail's ceiling of 2 is spent across both instances.
    expect((await one.attempt('ana@x', '10.0.0.2', 2)).allowed).toBe(false);
    expect((await other.attempt('bob@x', '10.0.0.1', 3)).allowed).toBe(true);
    expect(await one.attempt('eva@x', '10.0.0.1', 4)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // The window slides: a minute later the address may try again.
    expect((await other.attempt('eva@x', '10.0.0.1', 60_001)).allowed).toBe(true);
  });

  it('backs off a pair exponentially across instances and a success starts it afresh', async () => {
    const settings = { perEmail: 1000, perAddress: 1000, windowSeconds: 900 };
    const throttles = [0, 1].map(() => new LoginThrottle(settings, new DatabaseLoginAttemptStore(database)));
    const at = (second: number) => second * 1000;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await throttles[attempt % 2]!.attempt('leo@x', 'A', at(attempt))).allowed).toBe(true);
    expect(await throttles[1]!.attempt('leo@x', 'A', at(4.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttles[0]!.attempt('leo@x', 'A', at(5))).allowed).toBe(true);
    expect(await throttles[1]!.attempt('leo@x', 'A', at(6))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttles[1]!.attempt('leo@x', 'B', at(6))).allowed).toBe(true);
    await throttles[0]!.succeeded('leo@x', 'A', at(7));
    expect((await throttles[1]!.attempt('leo@x', 'A', at(7))).allowed).toBe(true);
  });

  it('counts every one of many parallel attempts once (the row lock serialises them)', async () => {
    const store = new DatabaseLoginAttemptStore(database);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => store.hit('address:burst', { limit: 7, windowMs: 60_000 }, 1_000)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7);
    const [row] = await database.query<{ marcas: number }>(sql`select cardinality(marcas) as marcas from sense.intentoacceso where clave = 'address:burst'`);
    expect(Number(row?.marcas)).toBe(7);
  });
});
