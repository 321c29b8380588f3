import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { testDrivers } from './testing/test-databases';
import { startWorkClock } from './work-clock';

/**
 * Issue 31, item 1: the work clock tells a statement's wait for the connection (a pooled one, or
 * PGlite's one) from its work, on the installed drivers (clockPgliteWaits relies on PGlite's
 * internal locks: this is what notices when an upgrade renames them).
 */
describe.each(testDrivers())('the work clock on $kind', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await driver.open();
  });
  afterAll(() => database.close());

  /** Holds every free connection (PGlite's only one in a transaction) until the answer is called. */
  async function occupy(): Promise<() => void> {
    let free!: () => void;
    const freed = new Promise<void>((resolve) => (free = resolve));
    const current = database;
    if (current.kind === 'postgres') {
      const { pool } = current;
      const clients = await Promise.all(Array.from({ length: pool.options.max - pool.totalCount + pool.idleCount }, () => pool.connect()));
      void freed.then(() => clients.forEach((client) => client.release()));
    } else {
      await new Promise<void>((held) => void current.client.transaction(async () => (held(), await freed)));
    }
    return free;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('does not count the time a statement waited for the connection', async () => {
    const free = await occupy();
    const started = performance.now();
    const { clock, done } = startWorkClock(() => database.query(sql`select 1 as one`));
    await sleep(400);
    expect(clock.workMs()).toBeLessThan(100);
    free();
    expect(await done).toEqual([{ one: 1 }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(clock.workMs()).toBeLessThan(200);
  });

  it('counts a statement that runs long, and the time between statements', async () => {
    const { clock, done } = startWorkClock(async () => {
      await database.query(sql`select pg_sleep(0.3)`);
      await sleep(200);
      return database.query(sql`select 1 as one`);
    });
    await done;
    expect(clock.workMs()).toBeGreaterThanOrEqual(480);
  });

  it('counts the time one statement waits while another of the same work runs', async () => {
    const { clock, done } = startWorkClock(() => Promise.all([database.query(sql`select pg_sleep(0.3)`), database.query(sql`select 1 as one`)]));
    await done;
    expect(clock.workMs()).toBeGreaterThanOrEqual(290);
  });

  it('reports a wait to the clock around it too', async () => {
    const free = await occupy();
    let inner!: ReturnType<typeof startWorkClock<unknown>>['clock'];
    const outer = startWorkClock(async () => {
      const nested = startWorkClock(() => database.query(sql`select 1 as one`));
      inner = nested.clock;
      return nested.done;
    });
    await sleep(300);
    expect(inner.workMs()).toBeLessThan(100);
    expect(outer.clock.workMs()).toBeLessThan(100);
    free();
    await outer.done;
    expect(outer.clock.workMs()).toBeLessThan(200);
  });
});
