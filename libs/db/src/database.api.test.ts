import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDb, statementName } from './client';
import type { Database } from './client';
import { migrate, schemaStatus } from './migrate';
import { usuario } from './schema/index';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase, seedDemoUsers } from './seed';
import { verifyPassword } from './password';
import { sqlState } from './errors';
import { testDrivers } from './testing/index';

describe('prepared statement names', () => {
  it('gives the same text the same name every time, and different texts different names', () => {
    const pageText = 'select 1 from sense.alerta where empresaid = $1 order by fecha desc limit $2';
    const first = statementName(pageText);
    expect(first).toMatch(/^h-[A-Za-z0-9_-]{27}$/);
    // A copy of the text (not the same string object) finds the remembered name.
    expect(statementName(`${pageText.slice(0, 10)}${pageText.slice(10)}`)).toBe(first);
    expect(statementName(pageText)).toBe(first);
    const countText = pageText.replace('select 1', 'select count(*)');
    expect(statementName(countText)).not.toBe(first);
    expect(statementName(`${pageText} `)).not.toBe(first);
  });

  it('still names texts alike once more shapes than it remembers have been seen', () => {
    const names = new Set<string>();
    for (let shape = 0; shape < 2100; shape += 1) names.add(statementName(`select ${shape}::int as shape`));
    expect(names.size).toBe(2100);
    // Past the memory's bound the name is hashed again, and is the same as before.
    expect(statementName('select 2099::int as shape')).toBe([...names][2099]);
    expect(statementName('select 0::int as shape')).toBe([...names][0]);
  });
});

describe.each(testDrivers())('database on $kind', ({ kind, open }) => {
  let database: Database;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reports the schema missing before the first migration', async () => {
    expect(await schemaStatus(database)).toEqual({ available: false, error: expect.any(String) });
  });

  it('migrates from nothing, then a second run is a no-op', async () => {
    const first = await prepareDatabase(database);
    expect(first.created).toBe(true);
    expect(first.applied).toBeGreaterThan(0);
    const second = await migrate(database);
    expect(second).toEqual({ created: false, applied: 0 });
    expect(await schemaStatus(database)).toEqual({ available: true });
  });

  it('answers a prepared statement exactly as the plain one, call after call, with new parameters', async () => {
    const statement = (limit: number) =>
      sql`select n::bigint as n, timestamptz '2026-11-01 12:00:00.5+00' + n * interval '1 hour' as fecha, 'fila ' || n as texto
            from generate_series(1, 5) n order by n limit ${limit}`;
    const plain = await database.query(statement(5));
    expect(plain).toHaveLength(5);
    expect(await database.query(statement(5), { prepare: 'test-usuarios' })).toEqual(plain);
    // The second call reuses the connection's prepared statement with another parameter.
    expect(await database.query(statement(1), { prepare: 'test-usuarios' })).toEqual(plain.slice(0, 1));
  });

  it('seeds demo users only on a new embedded database', async () => {
    const rows = await appDb(database).select({ login: usuario.login }).from(usuario);
    if (kind === 'pglite') {
      expect(rows.map((row) => row.login).sort()).toEqual(DEMO_USERS.map((user) => user.login).sort());
    } else {
      expect(rows).toEqual([]);
    }
  });

  it('seeds idempotently with argon2id hashes', async () => {
    await seedDemoUsers(database);
    expect(await seedDemoUsers(database)).toEqual([]);
    const rows = await appDb(database).select().from(usuario);
    expect(rows).toHaveLength(DEMO_USERS.length);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(row.password_hash, 'wrong')).toBe(false);
      expect(typeof row.usuarioid).toBe('number');
      expect(row.statusid).toBe(1);
      expect(row.datecreated).toBeInstanceOf(Date);
    }
  });

  it('answers int8 and numeric as JS numbers', async () => {
    const [row] = await database.query<{ big: unknown; small: unknown; amount: unknown }>(
      sql`select 9007199254740991::int8 as big, 42::int8 as small, 12.345678::numeric(10,6) as amount`,
    );
    expect(row).toEqual({ big: 9007199254740991, small: 42, amount: 12.345678 });
    expect(JSON.stringify(row)).toBe('{"big":9007199254740991,"small":42,"amount":12.345678}');
  });

  it('enforces lower-case logins, roles and status values with SQLSTATE 23514', async () => {
    const base = { password_hash: 'x', firstname: 'T', lastname: 'T' };
    for (const values of [
      { ...base, login: 'Upper@Camposense.dev' },
      { ...base, login: 'rol@camposense.dev', rol: 'root' as 'admin' },
      { ...base, login: 'status@camposense.dev', statusid: 7 },
    ]) {
      const error = await appDb(database).insert(usuario).values(values).catch((caught: unknown) => caught);
      expect(sqlState(error)).toBe('23514');
    }
  });

  it('rejects a duplicate login with SQLSTATE 23505', async () => {
    const error = await appDb(database)
      .insert(usuario)
      .values({ login: DEMO_USERS[0]!.login, password_hash: 'x' })
      .catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe('23505');
  });
});
