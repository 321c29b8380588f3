import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { UserAccessResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestFarm } from '../../testing/sense-farm';
import { closeTestApp, loginAs, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';

/** Issue 32's grants: GET and PUT /api/sense/usuarios/:usuarioid/accesos. */
describe.each(testDrivers())('access per company on $kind', (driver) => {
  let context: TestContext;
  let admin: { bearer: string; id: number };
  let operador: { bearer: string; id: number };
  /** A user of this suite's own (the suites on PostgreSQL share one database). */
  let grantee: number;
  let empresas: Array<{ empresaid: number; empresa: string; paisid: number; pais: string }>;

  const signIn = async (rol: 'admin' | 'user') => {
    const user = DEMO_USERS.find((candidate) => candidate.rol === rol)!;
    const login = await loginAs(context.app, user.login, DEMO_PASSWORD);
    return { bearer: `Bearer ${login.session.access_token}`, id: login.user.id };
  };
  const url = (usuarioid: number) => `/api/sense/usuarios/${usuarioid}/accesos`;
  const get = (usuarioid: number, authorization = admin.bearer) => context.app.inject({ method: 'GET', url: url(usuarioid), headers: { authorization } });
  const put = (usuarioid: number, payload: unknown, authorization = admin.bearer) =>
    context.app.inject({ method: 'PUT', url: url(usuarioid), headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const stored = () =>
    context.database.query<{ empresaid: number; nivel: string; usercreatedid: number | null; usermodifiedid: number | null }>(sql`
      select empresaid, nivel, usercreatedid, usermodifiedid from sense.usuarioempresa where usuarioid = ${grantee} order by empresaid`);

  beforeAll(async () => {
    context = await openTestApp(driver);
    await seedTestFarm(context.database);
    admin = await signIn('admin');
    operador = await signIn('user');
    [{ usuarioid: grantee } = { usuarioid: 0 }] = await context.database.query<{ usuarioid: number }>(sql`
      insert into sense.usuario (login, password_hash, rol) values (${`acceso-${randomUUID()}@camposense.test`}, 'x', 'user') returning usuarioid`);
    empresas = await context.database.query(sql`
      select e.empresaid, e.empresa, p.paisid, p.pais from sense.empresa e join sense.pais p on p.paisid = e.paisid order by e.empresaid limit 3`);
  });
  afterAll(async () => {
    await context?.database.query(sql`delete from sense.usuarioempresa where usuarioid = ${grantee}`);
    await context?.database.query(sql`delete from sense.usuario where usuarioid = ${grantee}`);
    await closeTestApp(context);
  });

  it('gives a new user no company, and the demo operador every company to operate (acknowledge, as before grants)', async () => {
    expect((await get(grantee)).json<UserAccessResponse>()).toEqual({ usuarioid: grantee, todas: false, accesos: [] });
    const demo = (await get(operador.id, operador.bearer)).json<UserAccessResponse>();
    const [{ count } = { count: -1 }] = await context.database.query<{ count: number }>(sql`select count(*)::int as count from sense.empresa`);
    expect(demo.todas).toBe(false);
    expect(demo.accesos).toHaveLength(count);
    expect(new Set(demo.accesos.map((grant) => grant.nivel))).toEqual(new Set(['operacion']));
    expect((await get(admin.id)).json<UserAccessResponse>()).toMatchObject({ usuarioid: admin.id, todas: true });
  });

  it('replaces the whole set in one go: kept rows keep their audit, changed levels are stamped, the missing are withdrawn', async () => {
    const [first, second, third] = empresas;
    const granted = await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'lectura' }, { empresaid: second!.empresaid, nivel: 'gestion' }] });
    expect(granted.statusCode, granted.body).toBe(200);
    // By company id (the empresas were read in that order).
    expect(granted.json<UserAccessResponse>().accesos).toEqual([
      { ...first, nivel: 'lectura' },
      { ...second, nivel: 'gestion' },
    ]);

    await context.database.query(sql`update sense.usuarioempresa set usercreatedid = null, usermodifiedid = null where usuarioid = ${grantee}`);
    const replaced = await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'operacion' }, { empresaid: third!.empresaid, nivel: 'lectura' }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await stored()).toEqual(
      [
        // Changed level: stamped by the admin; its creation audit stays.
        { empresaid: first!.empresaid, nivel: 'operacion', usercreatedid: null, usermodifiedid: admin.id },
        { empresaid: third!.empresaid, nivel: 'lectura', usercreatedid: admin.id, usermodifiedid: admin.id },
      ].sort((left, right) => left.empresaid - right.empresaid),
    );
    // The same set again changes nothing.
    await context.database.query(sql`update sense.usuarioempresa set usermodifiedid = null where usuarioid = ${grantee}`);
    expect((await put(grantee, { accesos: [{ empresaid: third!.empresaid, nivel: 'lectura' }, { empresaid: first!.empresaid, nivel: 'operacion' }] })).statusCode).toBe(200);
    expect((await stored()).map((row) => row.usermodifiedid)).toEqual([null, null]);

    expect((await put(grantee, { accesos: [] })).json<UserAccessResponse>().accesos).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('refuses a repeated or unknown company, a bad level, a bad body or an unknown user, and writes nothing', async () => {
    const [first] = empresas;
    await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'lectura' }] });
    const before = await stored();

    const repeated = await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'lectura' }, { empresaid: first!.empresaid, nivel: 'gestion' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ error: { code: 'VALIDATION', details: [{ field: 'accesos/1/empresaid', rule: 'repeated', limit: 0 }] } });

    const unknown = await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'gestion' }, { empresaid: 2_000_000_000, nivel: 'lectura' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'VALIDATION', details: [{ field: 'accesos/1/empresaid', rule: 'missing' }] } });

    for (const payload of [{ accesos: [{ empresaid: first!.empresaid, nivel: 'admin' }] }, { accesos: [{ empresaid: 0, nivel: 'lectura' }] }, {}, { accesos: 'todas' }, { accesos: [], extra: 1 }]) {
      expect((await put(grantee, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(2_000_000_000, { accesos: [] })).statusCode).toBe(404);
    expect((await get(2_000_000_000)).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it("lets only an admin replace grants, and a user read only their own (another's is 404)", async () => {
    const [first] = empresas;
    const before = await stored();
    const refused = await put(grantee, { accesos: [{ empresaid: first!.empresaid, nivel: 'gestion' }] }, operador.bearer);
    expect(refused.statusCode).toBe(403);
    expect((await put(operador.id, { accesos: [] }, operador.bearer)).statusCode).toBe(403);
    expect(await stored()).toEqual(before);

    expect((await get(grantee, operador.bearer)).statusCode).toBe(404);
    expect((await get(admin.id, operador.bearer)).statusCode).toBe(404);
    expect((await get(operador.id, operador.bearer)).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: url(grantee) })).statusCode).toBe(401);
  });

  it('ends two admins replacing the same grants at once with one whole set, not a mix', async () => {
    const [first, second, third] = empresas;
    const sets = [
      [{ empresaid: first!.empresaid, nivel: 'lectura' }, { empresaid: second!.empresaid, nivel: 'lectura' }],
      [{ empresaid: second!.empresaid, nivel: 'gestion' }, { empresaid: third!.empresaid, nivel: 'gestion' }],
    ];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(sets.map((accesos) => put(grantee, { accesos })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const final = (await stored()).map(({ empresaid, nivel }) => ({ empresaid, nivel }));
      expect(sets.map((set) => [...set].sort((left, right) => left.empresaid - right.empresaid))).toContainEqual(final);
    }
  });

  it('deletes a user with their grants (the grants go with them, no foreign-key error)', async () => {
    const [{ usuarioid } = { usuarioid: 0 }] = await context.database.query<{ usuarioid: number }>(sql`
      insert into sense.usuario (login, password_hash, rol) values (${`borrado-${randomUUID()}@camposense.test`}, 'x', 'user') returning usuarioid`);
    expect((await put(usuarioid, { accesos: empresas.map(({ empresaid }) => ({ empresaid, nivel: 'lectura' })) })).statusCode).toBe(200);
    const deleted = await context.app.inject({ method: 'DELETE', url: `/api/sense/usuario/${usuarioid}`, headers: { authorization: admin.bearer } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await context.database.query(sql`select 1 from sense.usuarioempresa where usuarioid = ${usuarioid}`)).toEqual([]);
  });
});
