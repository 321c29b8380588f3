/**
 * Issue 32's first line, row-level security (migration 0023, @camposense/db tenant-scope.ts): a
 * non-admin user's request reaches the database as the tenant role with its companies set, so SQL
 * that forgets the application's grant condition still returns no other company's row. And the
 * setting never outlives the work it was made for: not in a pooled connection given back, not
 * after an error, not in a concurrent request of someone else.
 */
import { DEMO_COMPANY_GRANTS, DEMO_PASSWORD, DEMO_USERS, numberArray, runAsTenant, TENANT_ROLE } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { loginAs, TEST_JWT_SECRET } from '../testing/test-app';

const CHILE_LOGIN = 'operador.chile@camposense.dev';

/** What a connection carries: its role and the grant settings. */
interface ConnectionState {
  role: string;
  empresas: string | null;
  ubicaciones: string | null;
}

const STATE_TEXT = `select current_user::text as role, current_setting('camposense.empresas', true) as empresas,
                            current_setting('camposense.ubicaciones', true) as ubicaciones`;
const STATE = sql.raw(STATE_TEXT);

/** No role but the connecting one, and no grant left (unset and reset both read as nothing). */
function expectOwnerState(state: ConnectionState | undefined): void {
  expect(state?.role).not.toBe(TENANT_ROLE);
  expect(state?.empresas ?? '').toBe('');
  expect(state?.ubicaciones ?? '').toBe('');
}

/**
 * The state of every connection the pool holds idle now (PostgreSQL), each taken at once so none
 * is asked twice; PGlite's one connection otherwise.
 */
async function idleConnectionStates(database: Database): Promise<ConnectionState[]> {
  if (database.kind === 'pglite') return database.query<ConnectionState>(STATE);
  const clients = await Promise.all(Array.from({ length: database.pool.idleCount }, () => database.pool.connect()));
  try {
    return await Promise.all(clients.map(async (client) => (await client.query<ConnectionState>(STATE_TEXT)).rows[0]!));
  } finally {
    for (const client of clients) client.release();
  }
}

describe.each(testDrivers())('row-level security (issue 32) on $kind', (driver) => {
  let context: SenseContext;
  let database: Database;
  let chileEmpresa: number;
  let app: FastifyInstance;
  let chile: string;
  let admin: string;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    database = context.database as Database;
    const [granted] = await context.query<{ empresaid: number }>(
      sql`select empresaid from sense.empresa where empresaabrev = ${DEMO_COMPANY_GRANTS[CHILE_LOGIN]![0]!}`,
    );
    chileEmpresa = granted!.empresaid;
    // A second API over the same database, with a route that forgets the grant condition on
    // purpose: what a mistaken route would answer, were the database not the first line.
    app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, readCacheMs: 0 });
    app.get('/test/unfiltered-alerts', { onRequest: app.authenticate }, async () =>
      database.query<{ empresaid: number | null }>(sql`select distinct a.empresaid from sense.alerta a`),
    );
    app.get('/test/fails-mid-request', { onRequest: app.authenticate }, async () => {
      await database.query(sql`select count(*) from sense.alerta`);
      await database.query(sql`select 1 / 0`);
    });
    await app.ready();
    chile = `Bearer ${(await loginAs(app, CHILE_LOGIN, DEMO_PASSWORD)).session.access_token}`;
    admin = `Bearer ${(await loginAs(app, DEMO_USERS.find((user) => user.rol === 'admin')!.login, DEMO_PASSWORD)).session.access_token}`;
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await closeSenseContext(context);
  });

  const unfiltered = async (authorization: string) =>
    (await app.inject({ method: 'GET', url: '/test/unfiltered-alerts', headers: { authorization } })).json<{ empresaid: number | null }[]>().map((row) => row.empresaid);

  it('a select without the grant condition, in a Chile-only request, returns no other company’s alert; an admin’s returns every company', async () => {
    const everyCompany = (await context.query<{ empresaid: number }>(sql`select distinct empresaid from sense.alerta`)).map((row) => row.empresaid);
    // The farm holds alerts of more than one company, or this would prove nothing.
    expect(everyCompany.filter((id) => id !== chileEmpresa).length).toBeGreaterThan(0);
    expect(everyCompany).toContain(chileEmpresa);
    expect(await unfiltered(chile)).toEqual([chileEmpresa]);
    expect((await unfiltered(admin)).sort()).toEqual([...everyCompany].sort());
  });

  it('every alert, episode and message of the farm carries the company it was raised under (the key of the policies)', async () => {
    const [wrong] = await context.query<{ alertas: number; episodios: number; mensajes: number }>(sql`
      select (select count(*)::int from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
                join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
               where a.empresaid is distinct from f.empresaid) as alertas,
             (select count(*)::int from sense.episodio e where e.empresaid is null) as episodios,
             (select count(*)::int from sense.mensaje m left join sense.alerta a on a.alertaid = m.alertaid
                left join sense.episodio e on e.episodioid = m.episodioid
               where m.empresaid is null or m.empresaid is distinct from coalesce(a.empresaid, e.empresaid)) as mensajes`);
    expect(wrong).toEqual({ alertas: 0, episodios: 0, mensajes: 0 });
  });

  it('the database alone hides every company table’s foreign rows from the tenant role', async () => {
    // The other companies' keys, read as the owner and bound as arrays: read by the tenant through
    // ubicacion or umbral, themselves behind policies, they would hide the rows whatever the table's own.
    const foreignLocations = sql`(select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid <> ${chileEmpresa})`;
    await ownerRowsOfServiceTables(foreignLocations);
    const [foreign] = await context.query<{ ubicaciones: number[]; umbrales: number[]; episodios: number[] }>(sql`
      select array(${foreignLocations})::int[] as ubicaciones,
             array(select u.umbralid from sense.umbral u where u.ubicacionid in ${foreignLocations})::int[] as umbrales,
             array(select e.episodioid::int from sense.episodio e where e.empresaid <> ${chileEmpresa})::int[] as episodios`);
    const ofLocations = (column: string) => sql`${sql.identifier(column)} = any(${numberArray(foreign!.ubicaciones)}::int[])`;
    const foreignRows = {
      empresa: sql`select count(*)::int as n from sense.empresa where empresaid <> ${chileEmpresa}`,
      fundo: sql`select count(*)::int as n from sense.fundo where empresaid <> ${chileEmpresa}`,
      ubicacion: sql`select count(*)::int as n from sense.ubicacion where ${ofLocations('ubicacionid')}`,
      umbral: sql`select count(*)::int as n from sense.umbral where ${ofLocations('ubicacionid')}`,
      medicion: sql`select count(*)::int as n from sense.medicion where ${ofLocations('ubicacionid')}`,
      localizacion: sql`select count(*)::int as n from sense.localizacion where ${ofLocations('ubicacionid')}`,
      episodio: sql`select count(*)::int as n from sense.episodio where empresaid <> ${chileEmpresa}`,
      alerta: sql`select count(*)::int as n from sense.alerta where empresaid <> ${chileEmpresa}`,
      mensaje: sql`select count(*)::int as n from sense.mensaje where empresaid <> ${chileEmpresa}`,
      // Migration 0025: the service tables whose rows belong to a company, and the ingest keys (no tenant's).
      alerta_conteo: sql`select count(*)::int as n from sense.alerta_conteo where umbralid = any(${numberArray(foreign!.umbrales)}::int[])`,
      entrega: sql`select count(*)::int as n from sense.entrega where episodioid = any(${numberArray(foreign!.episodios)}::bigint[])`,
      medicionadelantada: sql`select count(*)::int as n from sense.medicionadelantada where ${ofLocations('ubicacionid')}`,
      claveingesta: sql`select count(*)::int as n from sense.claveingesta`,
    };
    const count = async (statement: (typeof foreignRows)[keyof typeof foreignRows]) => (await database.query<{ n: number }>(statement))[0]!.n;
    const asOwner: Record<string, number> = {};
    const asTenant: Record<string, number> = {};
    for (const [table, statement] of Object.entries(foreignRows)) {
      asOwner[table] = await count(statement);
      asTenant[table] = await runAsTenant({ empresas: [chileEmpresa] }, () => count(statement));
    }
    // Every statement counts rows that are there: a table the tenant sees nothing of for want of rows proves nothing.
    expect(Object.entries(asOwner).filter(([, n]) => n === 0)).toEqual([]);
    expect(asTenant).toEqual(Object.fromEntries(Object.keys(foreignRows).map((table) => [table, 0])));
    // Its own rows it does see, and a tenant with no company sees none; global catalogues stay readable.
    expect(await runAsTenant({ empresas: [chileEmpresa] }, () => count(sql`select count(*)::int as n from sense.alerta`))).toBeGreaterThan(0);
    expect(await runAsTenant({ empresas: [] }, () => count(sql`select count(*)::int as n from sense.fundo`))).toBe(0);
    expect(await runAsTenant({ empresas: [] }, () => count(sql`select count(*)::int as n from sense.metrica`))).toBeGreaterThan(0);
  });

  /**
   * A row of another company in each service table the farm may leave empty: a reading held back
   * for a date ahead, a delivery of a foreign episode, an ingest key.
   */
  async function ownerRowsOfServiceTables(foreignLocations: ReturnType<typeof sql>): Promise<void> {
    await context.query(sql`
      insert into sense.medicionadelantada (medicionid, nodoid, tipoid, metricaid, ubicacionid, fecha, medicion)
      select m.medicionid, m.nodoid, m.tipoid, m.metricaid, m.ubicacionid, m.fecha, m.medicion
        from sense.medicion m where m.ubicacionid in ${foreignLocations} order by m.medicionid limit 1
      on conflict do nothing`);
    await context.query(sql`
      insert into sense.entrega (clave, contactoid, medio, destino, episodioid, nivel, ronda)
      select 'row-security-' || e.episodioid, c.contactoid, 'correo', 'otra.empresa@example.com', e.episodioid, 1, 1
        from sense.episodio e cross join (select contactoid from sense.contacto order by contactoid limit 1) c
       where e.empresaid <> ${chileEmpresa} order by e.episodioid limit 1
      on conflict do nothing`);
    await context.query(sql`
      insert into sense.claveingesta (nombre, prefijo, hash) values ('row-security', 'rs', 'row-security-hash')
      on conflict do nothing`);
  }

  it('a connection given back after a Chile request carries no role or grant to the next user', async () => {
    expect(await unfiltered(chile)).toEqual([chileEmpresa]);
    for (const state of await idleConnectionStates(database)) expectOwnerState(state);
    expect((await unfiltered(admin)).length).toBeGreaterThan(1);
  });

  it('an error in the middle of a request leaves no connection with its grant', async () => {
    const failed = await app.inject({ method: 'GET', url: '/test/fails-mid-request', headers: { authorization: chile } });
    expect(failed.statusCode).toBe(500);
    // A transaction that fails half-way, and one whose connection cannot even be reset (left aborted).
    await expect(
      runAsTenant({ empresas: [chileEmpresa] }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select count(*) from sense.alerta`);
          throw new Error('half-way');
        }),
      ),
    ).rejects.toThrow('half-way');
    for (const state of await idleConnectionStates(database)) expectOwnerState(state);
    expect((await unfiltered(admin)).length).toBeGreaterThan(1);
  });

  it.runIf(driver.kind === 'postgres')('discards a pooled connection whose reset fails instead of giving it back with a grant', async () => {
    if (database.kind !== 'postgres') return;
    const { pool } = database;
    const pid = await runAsTenant({ empresas: [chileEmpresa] }, async () => {
      const client = await pool.connect();
      const [row] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      // Left inside an aborted transaction: the reset on release cannot run.
      await client.query('begin');
      await client.query('select 1 / 0').catch(() => undefined);
      client.release();
      return row!.pid;
    });
    await expect.poll(async () => {
      const pids = (await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()))).map((client) => {
        const processId = (client as unknown as { processID: number }).processID;
        client.release();
        return processId;
      });
      return pids.includes(pid);
    }).toBe(false);
    for (const state of await idleConnectionStates(database)) expectOwnerState(state);
  });

  it.runIf(driver.kind === 'postgres')('concurrent work of different users never sees the other’s setting', async () => {
    const rounds = 40;
    const seen = (empresas: number[]) =>
      runAsTenant({ empresas }, () =>
        Promise.all(
          Array.from({ length: rounds }, async () => {
            const [row] = await database.query<{ empresas: string }>(
              sql`select current_setting('camposense.empresas', true) as empresas from pg_sleep(random() / 500)`,
            );
            return row!.empresas;
          }),
        ),
      );
    const [first, second, owner] = await Promise.all([
      seen([chileEmpresa]),
      seen([chileEmpresa + 1000]),
      Promise.all(Array.from({ length: rounds }, async () => (await database.query<ConnectionState>(STATE))[0]!)),
    ]);
    expect(new Set(first)).toEqual(new Set([`{${chileEmpresa}}`]));
    expect(new Set(second)).toEqual(new Set([`{${chileEmpresa + 1000}}`]));
    for (const state of owner) expectOwnerState(state);
    // The same through HTTP: a Chile request and an admin's at once, many times over.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => unfiltered(index % 2 === 0 ? chile : admin)));
    answers.forEach((companies, index) => {
      if (index % 2 === 0) expect(companies).toEqual([chileEmpresa]);
      else expect(companies.length).toBeGreaterThan(1);
    });
  });
});
