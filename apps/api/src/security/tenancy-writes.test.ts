/**
 * Issue 32, the levels of writes, tried from inside a Chilean company: a manager (gestion) writes
 * its company's reference data and its users' grants, an operator (operacion) tunes its thresholds,
 * a reader (lectura) writes nothing. Each tries to reach a Peruvian row (404, nothing written), a
 * table shared by every company (403), and the ways around: moving a row into the other company,
 * composite keys, the massive and replicate routes.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_COMPANY_GRANTS, DEMO_PASSWORD, hashPassword } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { AccessLevel, BulkCreateResult, UserAccessResponse } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { loginAs } from '../testing/test-app';

type Ids = { empresaid: number; fundoid: number; ubicacionid: number; nodoid: number; umbralid: number; tipoid: number };

describe.each(testDrivers())('tenancy (issue 32): what each level may write on $kind', (driver) => {
  let context: SenseContext;
  let chile: Ids;
  let peru: Ids;
  /** A third company, granted to the manager at level lectura only. */
  let otherEmpresa: number;
  const users = {} as Record<'gestor' | 'operador' | 'lector', { id: number; bearer: string }>;
  const suffix = randomUUID().slice(0, 8);

  const as = (who: keyof typeof users, method: InjectOptions['method'], url: string, payload?: unknown) =>
    context.app.inject({ method, url, headers: { authorization: users[who].bearer }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A company's first place with a placed node and a threshold, by its company's condition. */
  async function placeOf(companies: string): Promise<Ids> {
    const [row] = await context.query<Ids>(sql.raw(`
      select f.empresaid, f.fundoid, u.ubicacionid, u.nodoid, u.umbralid, u.tipoid
        from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
       where f.empresaid ${companies} order by u.umbralid limit 1`));
    expect(row, `a threshold of the company ${companies} in the test farm`).toBeDefined();
    return row!;
  }

  async function createUser(name: keyof typeof users, grants: { empresaid: number; nivel: AccessLevel }[]) {
    const login = `${name}-${suffix}@camposense.test`;
    const [created] = await context.query<{ usuarioid: number }>(sql`
      insert into sense.usuario (login, password_hash, rol) values (${login}, ${await hashPassword(DEMO_PASSWORD)}, 'user') returning usuarioid`);
    const granted = await context.send('PUT', `/api/sense/usuarios/${created!.usuarioid}/accesos`, { accesos: grants });
    expect(granted.statusCode, granted.body).toBe(200);
    users[name] = { id: created!.usuarioid, bearer: `Bearer ${(await loginAs(context.app, login, DEMO_PASSWORD)).session.access_token}` };
  }

  const fundoRow = async (fundoid: number) => (await context.query<{ fundo: string; empresaid: number }>(sql`select fundo, empresaid from sense.fundo where fundoid = ${fundoid}`))[0];
  const bandOf = async (umbralid: number) => (await context.query<{ minimo: number; maximo: number }>(sql`select minimo, maximo from sense.umbral where umbralid = ${umbralid}`))[0];

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [granted] = await context.query<{ empresaid: number }>(sql`select empresaid from sense.empresa where empresaabrev = ${DEMO_COMPANY_GRANTS['operador.chile@camposense.dev']![0]!}`);
    chile = await placeOf(`= ${granted!.empresaid}`);
    peru = await placeOf(`in (select e.empresaid from sense.empresa e join sense.pais p on p.paisid = e.paisid where p.paisabrev = 'PE')`);
    const [other] = await context.query<{ empresaid: number }>(sql`
      select empresaid from sense.empresa where empresaid not in (${chile.empresaid}, ${peru.empresaid}) order by empresaid limit 1`);
    otherEmpresa = other!.empresaid;
    await createUser('gestor', [
      { empresaid: chile.empresaid, nivel: 'gestion' },
      { empresaid: otherEmpresa, nivel: 'lectura' },
    ]);
    await createUser('operador', [{ empresaid: chile.empresaid, nivel: 'operacion' }]);
    await createUser('lector', [{ empresaid: chile.empresaid, nivel: 'lectura' }]);
  });

  afterAll(async () => {
    if (context) {
      const ids = Object.values(users).map((user) => user.id);
      await context.query(sql`delete from sense.fundo where fundo like ${`%${suffix}%`}`);
      await context.query(sql`delete from sense.usuarioempresa where usuarioid = any(${`{${ids.join(',')}}`}::int[])`);
      await context.query(sql`delete from sense.usuario where usuarioid = any(${`{${ids.join(',')}}`}::int[])`);
    }
    await closeSenseContext(context);
  });

  it('a manager creates and edits a fundo of its company, and cannot create, edit, move into or delete one of another (404)', async () => {
    const created = await as('gestor', 'POST', '/api/sense/fundo', { fundo: `Fundo gestor ${suffix}`, empresaid: chile.empresaid });
    expect(created.statusCode, created.body).toBe(201);
    const fundoid = created.json<{ fundoid: number }>().fundoid;
    const edited = await as('gestor', 'PUT', `/api/sense/fundo/${fundoid}`, { fundo: `Fundo gestor editado ${suffix}` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await fundoRow(fundoid)).toEqual({ fundo: `Fundo gestor editado ${suffix}`, empresaid: chile.empresaid });

    // Moved into the other company: refused, and the row stays where it was.
    expect((await as('gestor', 'PUT', `/api/sense/fundo/${fundoid}`, { empresaid: peru.empresaid })).statusCode).toBe(404);
    expect((await fundoRow(fundoid))!.empresaid).toBe(chile.empresaid);
    // A location of its fundo moved under a Peruvian fundo: refused too.
    const location = await as('gestor', 'POST', '/api/sense/ubicacion', { ubicacion: `Ubicación ${suffix}`, fundoid });
    expect(location.statusCode, location.body).toBe(201);
    const ubicacionid = location.json<{ ubicacionid: number }>().ubicacionid;
    expect((await as('gestor', 'PUT', `/api/sense/ubicacion/${ubicacionid}`, { fundoid: peru.fundoid })).statusCode).toBe(404);

    const peruvian = await fundoRow(peru.fundoid);
    expect((await as('gestor', 'POST', '/api/sense/fundo', { fundo: `Fundo ajeno ${suffix}`, empresaid: peru.empresaid })).statusCode).toBe(404);
    expect((await as('gestor', 'PUT', `/api/sense/fundo/${peru.fundoid}`, { fundo: `Tomado ${suffix}` })).statusCode).toBe(404);
    expect((await as('gestor', 'DELETE', `/api/sense/fundo/${peru.fundoid}`)).statusCode).toBe(404);
    expect(await fundoRow(peru.fundoid)).toEqual(peruvian);

    expect((await as('gestor', 'DELETE', `/api/sense/ubicacion/${ubicacionid}`)).statusCode).toBe(204);
    expect((await as('gestor', 'DELETE', `/api/sense/fundo/${fundoid}`)).statusCode).toBe(204);
  });

  it('a manager writes no table shared by every company, nor a new company or node (403)', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/sense/tipo', { tipo: `Tipo ${suffix}`, entidadid: 1 }],
      ['PUT', '/api/sense/entidad/1', { entidad: `Cultivo ${suffix}` }],
      ['POST', '/api/sense/pais', { pais: `País ${suffix}`, paisabrev: 'ZZ' }],
      ['PUT', '/api/sense/criticidad/1', { criticidad: 'Baja' }],
      ['POST', '/api/sense/empresa', { empresa: `Empresa ${suffix}`, paisid: 1 }],
      ['DELETE', `/api/sense/empresa/${chile.empresaid}`, undefined],
      ['POST', '/api/sense/nodo', { nodo: `Nodo ${suffix}` }],
      ['PUT', `/api/sense/usuario/${users.lector.id}`, { rol: 'admin' }],
      ['POST', '/api/sense/usuarioperfil/assign', { usuarioids: [users.lector.id], perfilids: [1] }],
    ] as const) {
      const response = await as('gestor', method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    const [lector] = await context.query<{ rol: string }>(sql`select rol from sense.usuario where usuarioid = ${users.lector.id}`);
    expect(lector!.rol).toBe('user');
  });

  it('an operator tunes its company’s thresholds, not another’s (404), and writes no reference data (403, saying why)', async () => {
    const before = await bandOf(chile.umbralid);
    const tuned = await as('operador', 'PUT', `/api/sense/umbral/${chile.umbralid}`, { maximo: before!.maximo + 1 });
    expect(tuned.statusCode, tuned.body).toBe(200);
    expect((await bandOf(chile.umbralid))!.maximo).toBe(before!.maximo + 1);
    await as('operador', 'PUT', `/api/sense/umbral/${chile.umbralid}`, { maximo: before!.maximo });

    const peruBand = await bandOf(peru.umbralid);
    expect((await as('operador', 'PUT', `/api/sense/umbral/${peru.umbralid}`, { maximo: 999 })).statusCode).toBe(404);
    // Repointed at a Peruvian location: the row would leave the company.
    expect((await as('operador', 'PUT', `/api/sense/umbral/${chile.umbralid}`, { ubicacionid: peru.ubicacionid })).statusCode).toBe(404);
    expect(await bandOf(peru.umbralid)).toEqual(peruBand);

    const refused = await as('operador', 'PUT', `/api/sense/fundo/${chile.fundoid}`, { fundo: `Intento ${suffix}` });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toMatch(/requiere el nivel gestión/);
    expect((await as('operador', 'POST', '/api/sense/sensor/replicate', { nodoids: [chile.nodoid], tipoids: [chile.tipoid] })).statusCode).toBe(403);
    expect((await as('operador', 'PUT', `/api/sense/usuarios/${users.lector.id}/accesos`, { accesos: [] })).statusCode).toBe(403);
  });

  it('an operator’s massive save acts only on its company: a Peruvian place refuses the whole batch', async () => {
    const [band] = await context.query<Record<string, number>>(sql`
      select ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo from sense.umbral where umbralid = ${chile.umbralid}`);
    const own = await as('operador', 'POST', '/api/sense/umbral/massive', { rows: [band], dryRun: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ replaced: 1, dryRun: true });
    const [foreign] = await context.query<Record<string, number>>(sql`
      select ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo from sense.umbral where umbralid = ${peru.umbralid}`);
    const before = await bandOf(peru.umbralid);
    const mixed = await as('operador', 'POST', '/api/sense/umbral/massive', { rows: [band, { ...foreign, maximo: foreign!['maximo']! + 5 }] });
    expect(mixed.statusCode).toBe(404);
    expect(await bandOf(peru.umbralid)).toEqual(before);
    // The generic bulk import: a Peruvian location is as unknown as a missing one, and nothing is written.
    const bulk = await as('operador', 'POST', '/api/sense/umbral/bulk', { rows: [{ ...foreign, umbral: `Ajeno ${suffix}` }] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const result = bulk.json<BulkCreateResult>();
    expect(result.created).toBe(0);
    expect(result.errors.map((error) => [error.field, error.rule])).toContainEqual(['ubicacionid', 'missing']);
  });

  it('a reader writes neither thresholds nor reference data (403, saying its access only reads)', async () => {
    const threshold = await as('lector', 'PUT', `/api/sense/umbral/${chile.umbralid}`, { maximo: 1 });
    expect(threshold.statusCode).toBe(403);
    expect(errorOf(threshold).message).toMatch(/solo lectura: ajustar umbrales/);
    expect((await as('lector', 'PUT', `/api/sense/fundo/${chile.fundoid}`, { fundo: 'x' })).statusCode).toBe(403);
    expect((await as('lector', 'POST', '/api/sense/umbral/massive', { rows: [], dryRun: true })).statusCode).toBe(403);
  });

  it('composite keys, placements and replicated probes reach no Peruvian node (404), and nothing is written', async () => {
    const count = async () => (await context.query<{ n: number }>(sql`select count(*)::int as n from sense.sensor where nodoid = ${peru.nodoid}`))[0]!.n;
    const sensors = await count();
    const composite = `nodoid=${peru.nodoid}&tipoid=${peru.tipoid}`;
    expect((await as('gestor', 'PUT', `/api/sense/sensor/composite?${composite}`, { statusid: 0 })).statusCode).toBe(404);
    expect((await as('gestor', 'DELETE', `/api/sense/sensor/composite?${composite}`)).statusCode).toBe(404);
    // A Chilean probe carried onto the Peruvian node by changing its key.
    expect((await as('gestor', 'PUT', `/api/sense/sensor/composite?nodoid=${chile.nodoid}&tipoid=${chile.tipoid}`, { nodoid: peru.nodoid })).statusCode).toBe(404);
    expect((await as('gestor', 'POST', '/api/sense/sensor/replicate', { nodoids: [chile.nodoid, peru.nodoid], tipoids: [chile.tipoid] })).statusCode).toBe(404);
    const bulk = await as('gestor', 'POST', '/api/sense/sensor/bulk', { rows: [{ nodoid: peru.nodoid, tipoid: peru.tipoid }] });
    expect(bulk.json<BulkCreateResult>()).toMatchObject({ created: 0 });
    expect(await count()).toBe(sensors);
    // A Peruvian node placed in a Chilean location would bring it into the grant.
    const [entidad] = await context.query<{ entidadid: number }>(sql`select entidadid from sense.entidad order by entidadid limit 1`);
    const placed = await as('gestor', 'POST', '/api/sense/localizacion', { entidadid: entidad!.entidadid, ubicacionid: chile.ubicacionid, nodoid: peru.nodoid });
    expect(placed.statusCode).toBe(404);
    expect(await context.query(sql`select 1 from sense.localizacion where nodoid = ${peru.nodoid} and ubicacionid = ${chile.ubicacionid}`)).toEqual([]);
  });

  it('a manager grants its own company up to its level, and no other company (404 outside its grant, 403 where it only reads)', async () => {
    const url = `/api/sense/usuarios/${users.lector.id}/accesos`;
    // The admin gives the reader a Peruvian grant the manager does not see and must not lose.
    await context.send('PUT', url, { accesos: [{ empresaid: chile.empresaid, nivel: 'lectura' }, { empresaid: peru.empresaid, nivel: 'lectura' }] });
    try {
      const raised = await as('gestor', 'PUT', url, { accesos: [{ empresaid: chile.empresaid, nivel: 'operacion' }] });
      expect(raised.statusCode, raised.body).toBe(200);
      // The answer shows the manager's companies only.
      expect(raised.json<UserAccessResponse>().accesos.map((grant) => [grant.empresaid, grant.nivel])).toEqual([[chile.empresaid, 'operacion']]);
      expect((await as('gestor', 'GET', url)).json<UserAccessResponse>().accesos.map((grant) => grant.empresaid)).toEqual([chile.empresaid]);

      const foreign = await as('gestor', 'PUT', url, { accesos: [{ empresaid: chile.empresaid, nivel: 'operacion' }, { empresaid: peru.empresaid, nivel: 'gestion' }] });
      expect(foreign.statusCode).toBe(404);
      const readOnly = await as('gestor', 'PUT', url, { accesos: [{ empresaid: chile.empresaid, nivel: 'operacion' }, { empresaid: otherEmpresa, nivel: 'lectura' }] });
      expect(readOnly.statusCode).toBe(403);
      // Its own grant cannot go above what it holds: lectura in the third company stays lectura.
      const self = await as('gestor', 'PUT', `/api/sense/usuarios/${users.gestor.id}/accesos`, {
        accesos: [{ empresaid: chile.empresaid, nivel: 'gestion' }, { empresaid: otherEmpresa, nivel: 'gestion' }],
      });
      expect(self.statusCode).toBe(403);

      const stored = await context.query<{ empresaid: number; nivel: string }>(sql`
        select empresaid, nivel from sense.usuarioempresa where usuarioid = ${users.lector.id} order by empresaid`);
      expect(stored).toEqual(
        [
          { empresaid: chile.empresaid, nivel: 'operacion' },
          { empresaid: peru.empresaid, nivel: 'lectura' },
        ].sort((left, right) => left.empresaid - right.empresaid),
      );
      const [gestor] = await context.query<{ nivel: string }>(sql`select nivel from sense.usuarioempresa where usuarioid = ${users.gestor.id} and empresaid = ${otherEmpresa}`);
      expect(gestor!.nivel).toBe('lectura');
    } finally {
      await context.send('PUT', url, { accesos: [{ empresaid: chile.empresaid, nivel: 'lectura' }] });
    }
  });
});
