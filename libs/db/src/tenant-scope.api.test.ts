import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { runAsTenant } from './tenant-scope';
import { seedDemoProbe, testDrivers } from './testing/index';

const NOW = new Date('2026-11-20T12:00:00Z');

interface Seen {
  pid: number;
  role: string;
  empresas: string;
}

/**
 * Issue 31 (a cheaper request) on top of issue 32's seam: the single statements of one piece of
 * tenant work share one connection, set up once; two pieces of work never share one, and no
 * connection goes back to the pool with a grant, whatever the statements did.
 */
describe.each(testDrivers())('tenant connections on $kind', ({ kind, open }) => {
  let database: Database;
  let empresaid: number;

  beforeAll(async () => {
    database = await open();
    await seedDemoProbe(database, { days: 1, now: NOW });
    const [company] = await database.query<{ empresaid: number }>(sql`select min(empresaid)::int as empresaid from sense.empresa`);
    empresaid = company!.empresaid;
  });
  afterAll(async () => {
    await database?.close();
  });

  const seen = () =>
    database.query<Seen>(sql`select pg_backend_pid() as pid, current_user::text as role,
                                    coalesce(current_setting('camposense.empresas', true), '') as empresas`);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs a piece of work’s statements, parallel or one after another, as its tenant', async () => {
    const rows = await runAsTenant({ empresas: [empresaid] }, async () => {
      const parallel = await Promise.all([seen(), seen(), seen()]);
      const next = await seen();
      return [...parallel, next].map(([row]) => row!);
    });
    for (const row of rows) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
    if (kind === 'postgres') {
      // One set-up for the work, not one per statement.
      expect(new Set(rows.map((row) => row.pid)).size).toBe(1);
    }
  });

  it('never lets two pieces of work share a connection, nor their grants', async () => {
    // Each piece holds its statements' connection for 200 ms, at the same time as the other.
    const slowSeen = () =>
      database.query<Seen>(sql`select pg_backend_pid() as pid, current_user::text as role, pg_sleep(0.2)::text as slept,
                                      coalesce(current_setting('camposense.empresas', true), '') as empresas`);
    const work = (empresas: number[]) =>
      runAsTenant({ empresas }, async () => (await Promise.all([slowSeen(), seen()])).map(([row]) => row!));
    const [first, second] = await Promise.all([work([empresaid]), work([])]);
    for (const row of first) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
    for (const row of second) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: '{}' });
    if (kind === 'postgres') {
      expect(new Set(first.map((row) => row.pid)).size).toBe(1);
      expect(new Set(second.map((row) => row.pid)).size).toBe(1);
      expect(first[0]!.pid).not.toBe(second[0]!.pid);
    }
  });

  it('gives every connection back without a grant, also after a failed statement', async () => {
    await runAsTenant({ empresas: [empresaid] }, async () => {
      const results = await Promise.allSettled([seen(), database.query(sql`select 1/0`), seen()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // After the failure, the work's next statement still runs as its tenant.
      const [after] = await seen();
      expect(after).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
    });
    await runAsTenant({ empresas: [empresaid] }, () => Promise.all([seen(), seen()]));
    if (database.kind === 'postgres') {
      const { pool } = database;
      expect(pool.totalCount).toBeGreaterThan(0);
      // The last release (a turn of the event loop, then the reset's round trip) ends on its own
      // time: a loaded machine takes longer than any fixed wait.
      await expect.poll(() => pool.idleCount === pool.totalCount, { timeout: 10_000 }).toBe(true);
      // Every idle connection, as the next owner would find it.
      const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      try {
        for (const client of clients) {
          const { rows } = await client.query<Seen>(
            `select pg_backend_pid() as pid, current_user::text as role, coalesce(current_setting('camposense.empresas', true), '') as empresas`,
          );
          expect(rows[0]).toMatchObject({ role: 'postgres', empresas: '' });
        }
      } finally {
        for (const client of clients) client.release();
      }
    } else {
      await sleep(100);
      expect((await seen())[0]).toMatchObject({ role: 'postgres', empresas: '' });
    }
  });
});
