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
 * Issue 31 (a cheaper request) on top of issue 32's seam: on PostgreSQL each single statement of
 * tenant work is written with its set-up, local to its own transaction, so no round trip sets up
 * or resets a connection and none ever carries a grant outside the statement; two pieces of work
 * never see each other's grant, and the owner's statements never see any, whatever ran before.
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
  });

  it('runs a prepared statement as its tenant, and the same one as the owner on the same connections', async () => {
    const statement = () =>
      database.query<Seen>(sql`select pg_backend_pid() as pid, current_user::text as role,
                                      coalesce(current_setting('camposense.empresas', true), '') as empresas, ${1}::int as one`, { prepare: true });
    for (let round = 0; round < 3; round += 1) {
      const tenant = await runAsTenant({ empresas: [empresaid] }, () => Promise.all([statement(), statement()]));
      for (const [row] of tenant) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
      const owner = await Promise.all([statement(), statement()]);
      for (const [row] of owner) expect(row).toMatchObject({ role: 'postgres', empresas: '' });
    }
  });

  it('never lets two pieces of work, or the owner’s statements, see another’s grant', async () => {
    // Each piece keeps a statement running 200 ms while others run beside it, on the same pool.
    const slowSeen = () =>
      database.query<Seen>(sql`select pg_backend_pid() as pid, current_user::text as role, pg_sleep(0.2)::text as slept,
                                      coalesce(current_setting('camposense.empresas', true), '') as empresas`);
    const work = (empresas: number[]) =>
      runAsTenant({ empresas }, async () => (await Promise.all([slowSeen(), seen(), seen()])).map(([row]) => row!));
    const owner = async () => (await Promise.all([slowSeen(), seen(), seen()])).map(([row]) => row!);
    const [first, second, third] = await Promise.all([work([empresaid]), work([]), owner()]);
    for (const row of first) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
    for (const row of second) expect(row).toMatchObject({ role: 'camposense_tenant', empresas: '{}' });
    for (const row of third) expect(row).toMatchObject({ role: 'postgres', empresas: '' });
  });

  it.runIf(kind === 'postgres')('leaves the connection a statement ran on without its grant as soon as the answer is in', async () => {
    if (database.kind !== 'postgres') return;
    const { pool } = database;
    const [tenant] = await runAsTenant({ empresas: [empresaid] }, () => seen());
    expect(tenant).toMatchObject({ role: 'camposense_tenant', empresas: `{${empresaid}}` });
    // No reset is pending: the connection is back in the pool at once, and as its next user finds it.
    expect(pool.idleCount).toBe(pool.totalCount);
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    try {
      const states = await Promise.all(
        clients.map(async (client) => (await client.query<Seen>(
          `select pg_backend_pid() as pid, current_user::text as role, coalesce(current_setting('camposense.empresas', true), '') as empresas`,
        )).rows[0]!),
      );
      expect(states.map((state) => state.pid)).toContain(tenant!.pid);
      for (const state of states) expect(state).toMatchObject({ role: 'postgres', empresas: '' });
    } finally {
      for (const client of clients) client.release();
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
      // A transaction's release still resets its connection first: that ends on its own time.
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
