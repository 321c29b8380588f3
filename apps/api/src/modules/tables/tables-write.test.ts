import { verifyPassword } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDrivers())('writes through /api/sense/{table} on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    context = await openSenseContext(driver);
  });
  afterAll(() => closeSenseContext(context));

  const created = async (table: string, body: object) => {
    const response = await context.send('POST', `/api/sense/${table}`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TableRow>();
  };

  describe('POST /{table}', () => {
    it('answers 201 and the created row, with the audit columns of the signed-in user', async () => {
      const row = await created('pais', { pais: 'Colombia', paisabrev: 'CO' });
      expect(row).toEqual({
        paisid: expect.any(Number),
        pais: 'Colombia',
        paisabrev: 'CO',
        zonahoraria: 'America/Lima',
        statusid: 1,
        usercreatedid: context.adminId,
        datecreated: expect.stringMatching(ISO),
        usermodifiedid: context.adminId,
        datemodified: expect.stringMatching(ISO),
      });
      const [stored] = await context.query<{ pais: string }>(sql`select pais from sense.pais where paisid = ${row['paisid'] as number}`);
      expect(stored?.pais).toBe('Colombia');
    });

    it('creates rows of link tables with their composite key', async () => {
      const [free] = await context.query<{ nodoid: number; tipoid: number }>(sql`
        select n.nodoid, t.tipoid from sense.nodo n cross join sense.tipo t
         where not exists (select 1 from sense.sensor s where s.nodoid = n.nodoid and s.tipoid = t.tipoid) limit 1`);
      const row = await created('sensor', free!);
      expect(row).toEqual(expect.objectContaining({ nodoid: free!.nodoid, tipoid: free!.tipoid, statusid: 1 }));
    });

    it('answers 400 VALIDATION naming each offending field and rule', async () => {
      const response = await context.send('POST', '/api/sense/pais', {
        pais: 42,
        paisabrev: 'PER',
        paisid: 77,
        usercreatedid: 3,
        datemodified: '2026-01-01T00:00:00Z',
        bogus: true,
        statusid: null,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION',
        message: expect.any(String),
        details: expect.arrayContaining([
          { field: 'pais', rule: 'type', limit: 'string' },
          { field: 'paisabrev', rule: 'maxLength', limit: 2 },
          { field: 'paisid', rule: 'readOnly' },
          { field: 'usercreatedid', rule: 'readOnly' },
          { field: 'datemodified', rule: 'readOnly' },
          { field: 'bogus', rule: 'unknown' },
          { field: 'statusid', rule: 'required' },
        ]),
      });
      expect(errorOf(response).details).toHaveLength(7);
    });

    it('requires the not-null columns without a default', async () => {
      const response = await context.send('POST', '/api/sense/empresa', { empresaabrev: 'X' });
      expect(errorOf(response).details).toEqual(
        expect.arrayContaining([
          { field: 'empresa', rule: 'required' },
          { field: 'paisid', rule: 'required' },
        ]),
      );
    });

    it('checks numbers, dates and numeric ranges against the column types', async () => {
      const response = await context.send('POST', '/api/sense/localizacion', {
        entidadid: 1.5,
        ubicacionid: '1',
        nodoid: 3_000_000_000,
        latitud: 12345.5,
        longitud: 'oeste',
      });
      expect(errorOf(response).details).toEqual(
        expect.arrayContaining([
          { field: 'entidadid', rule: 'type', limit: 'integer' },
          { field: 'ubicacionid', rule: 'type', limit: 'integer' },
          { field: 'nodoid', rule: 'maximum', limit: 2_147_483_647 },
          { field: 'latitud', rule: 'maximum', limit: 10_000 },
          { field: 'longitud', rule: 'type', limit: 'number' },
        ]),
      );
    });

    it('answers 400 for a body that is not an object, and for malformed JSON', async () => {
      const array = await context.send('POST', '/api/sense/pais', [{ pais: 'x' }]);
      expect(array.statusCode).toBe(400);
      const malformed = await context.app.inject({
        method: 'POST',
        url: '/api/sense/pais',
        headers: { authorization: context.bearer, 'content-type': 'application/json' },
        payload: '{"pais": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).code).toBe('BAD_REQUEST');
    });

    it('answers 409 DUPLICATE, FOREIGN_KEY and CONSTRAINT from the database', async () => {
      const [pais] = await context.query<{ pais: string }>(sql`select pais from sense.pais order by paisid limit 1`);
      const duplicate = await context.send('POST', '/api/sense/pais', { pais: pais!.pais, paisabrev: 'ZZ' });
      expect(duplicate.statusCode).toBe(409);
      expect(errorOf(duplicate)).toEqual({ code: 'DUPLICATE', message: expect.any(String), details: [{ field: 'pais', rule: 'unique' }] });

      const orphan = await context.send('POST', '/api/sense/empresa', { empresa: 'Sin país', paisid: 999_999 });
      expect(orphan.statusCode).toBe(409);
      expect(errorOf(orphan)).toEqual(expect.objectContaining({ code: 'FOREIGN_KEY' }));

      const check = await context.send('POST', '/api/sense/nodo', { nodo: 'Nodo inválido', deveui: 'not-hex-at-all!!' });
      expect(check.statusCode).toBe(409);
      expect(errorOf(check).code).toBe('CONSTRAINT');
    });

    it('answers 403 for the read-only tables', async () => {
      for (const table of ['medicion', 'alerta', 'mensaje', 'audit_log_umbral', 'status']) {
        const response = await context.send('POST', `/api/sense/${table}`, {});
        expect(response.statusCode, table).toBe(403);
        expect(errorOf(response).code).toBe('FORBIDDEN');
      }
    });

    it('answers 404 for an unknown table, even a hostile one', async () => {
      for (const table of ['nope', '..%2Fusuario', 'sense.usuario', 'pg_authid']) {
        const response = await context.send('POST', `/api/sense/${table}`, { x: 1 });
        expect(response.statusCode, table).toBe(404);
      }
    });

    it('answers 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
      const response = await context.send('POST', '/api/sense/pais', { pais: 'x'.repeat(2 * 1024 * 1024), paisabrev: 'XL' });
      expect(response.statusCode).toBe(413);
      expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('usuario', () => {
    it('hashes the password, lower-cases the login and never answers the hash', async () => {
      const row = await created('usuario', { login: '  Nueva.Persona@CampoSense.dev ', password: 'una clave larga', firstname: 'Nueva' });
      expect(row['login']).toBe('nueva.persona@camposense.dev');
      expect(row['rol']).toBe('user');
      expect(Object.keys(row)).not.toContain('password_hash');
      expect(JSON.stringify(row)).not.toMatch(/password|argon2/);
      const [stored] = await context.query<{ password_hash: string }>(
        sql`select password_hash from sense.usuario where usuarioid = ${row['usuarioid'] as number}`,
      );
      expect(await verifyPassword(stored!.password_hash, 'una clave larga')).toBe(true);

      const updated = await context.send('PUT', `/api/sense/usuario/${row['usuarioid'] as number}`, { password: 'otra clave larga' });
      expect(updated.statusCode).toBe(200);
      expect(updated.body).not.toMatch(/password/);
      const [changed] = await context.query<{ password_hash: string }>(
        sql`select password_hash from sense.usuario where usuarioid = ${row['usuarioid'] as number}`,
      );
      expect(await verifyPassword(changed!.password_hash, 'otra clave larga')).toBe(true);
    });

    it('stores the abbreviation and the alert language the users form sends, and refuses a language it has no messages in', async () => {
      const row = await created('usuario', { login: 'idioma.ingles@camposense.dev', password: 'una clave larga', usuarioabrev: 'IINGLES', idioma: 'en' });
      expect(row).toMatchObject({ usuarioabrev: 'IINGLES', idioma: 'en' });
      const french = await context.send('PUT', `/api/sense/usuario/${row['usuarioid'] as number}`, { idioma: 'fr' });
      expect(french.statusCode).toBe(409);
      expect(errorOf(french).code).toBe('CONSTRAINT');
      const [stored] = await context.query<{ idioma: string }>(sql`select idioma from sense.usuario where usuarioid = ${row['usuarioid'] as number}`);
      expect(stored!.idioma).toBe('en');
    });

    it('refuses a weak password: too short, or the e-mail itself', async () => {
      const short = await context.send('POST', '/api/sense/usuario', { login: 'corta@camposense.dev', password: 'corta' });
      expect(errorOf(short)).toEqual({
        code: 'VALIDATION',
        message: expect.any(String),
        details: [{ field: 'password', rule: 'weakPassword', limit: 10 }],
      });
      const email = await context.send('POST', '/api/sense/usuario', { login: 'Igual.Correo@camposense.dev', password: 'igual.correo@CAMPOSENSE.dev' });
      expect(errorOf(email).details).toEqual([{ field: 'password', rule: 'weakPassword' }]);
      const [user] = await context.query<{ usuarioid: number; login: string }>(sql`select usuarioid, login from sense.usuario order by usuarioid limit 1`);
      const update = await context.send('PUT', `/api/sense/usuario/${user!.usuarioid}`, { password: user!.login });
      expect(errorOf(update).details).toEqual([{ field: 'password', rule: 'weakPassword' }]);
    });

    it('keeps an active admin and refuses the signed-in user deactivating or deleting their own account', async () => {
      const self = `/api/sense/usuario/${context.adminId}`;
      const refused = async (method: 'PUT' | 'DELETE', url: string, body: object | undefined, rule: string, field: string) => {
        const response = await context.send(method, url, body);
        expect(response.statusCode, response.body).toBe(409);
        expect(errorOf(response)).toEqual({ code: 'CONSTRAINT', message: expect.any(String), details: [{ field, rule }] });
      };
      await refused('PUT', self, { statusid: 0 }, 'selfDeactivate', 'statusid');
      await refused('DELETE', self, undefined, 'selfDeactivate', 'statusid');
      // The demo's only admin: giving up the role would leave the console without one.
      const [admins] = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.usuario where rol = 'admin' and statusid = 1`);
      expect(admins!.count).toBe(1);
      await refused('PUT', self, { rol: 'user' }, 'lastAdmin', 'rol');

      // With a second admin, either may go, but not both.
      const other = await created('usuario', { login: 'segunda.admin@camposense.dev', password: 'una clave muy larga', rol: 'admin' });
      const otherUrl = `/api/sense/usuario/${other['usuarioid'] as number}`;
      expect((await context.send('PUT', otherUrl, { statusid: 0 })).statusCode).toBe(200);
      await refused('PUT', self, { rol: 'user' }, 'lastAdmin', 'rol');
      expect((await context.send('PUT', otherUrl, { statusid: 1 })).statusCode).toBe(200);
      expect((await context.send('DELETE', otherUrl)).statusCode).toBe(204);
      const [stored] = await context.query<{ rol: string; statusid: number }>(sql`select rol, statusid from sense.usuario where usuarioid = ${context.adminId}`);
      expect(stored).toEqual({ rol: 'admin', statusid: 1 });
    });

    it('lets two admins demoting each other at once leave one admin, never none', async () => {
      const second = await created('usuario', { login: 'admin.dos@camposense.dev', password: 'una clave muy larga', rol: 'admin' });
      const third = await created('usuario', { login: 'admin.tres@camposense.dev', password: 'una clave muy larga', rol: 'admin' });
      // Only the demo admin and these two: demote all three at once, through the database.
      const ids = [context.adminId, second['usuarioid'] as number, third['usuarioid'] as number];
      const outcomes = await Promise.allSettled(ids.map((id) => context.database.query(sql`update sense.usuario set rol = 'user' where usuarioid = ${id}`)));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
      const [left] = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.usuario where rol = 'admin' and statusid = 1`);
      expect(left!.count).toBe(1);
      // Back as it was for the other tests: the demo admin is the admin.
      await context.database.query(sql`update sense.usuario set rol = 'admin' where usuarioid = ${context.adminId}`);
      await context.database.query(sql`delete from sense.usuario where usuarioid in (${ids[1]}, ${ids[2]})`);
    });

    it('requires a password, and refuses password_hash and a malformed login', async () => {
      const response = await context.send('POST', '/api/sense/usuario', { login: 'sin-arroba', password_hash: 'x' });
      expect(errorOf(response).details).toEqual(
        expect.arrayContaining([
          { field: 'password_hash', rule: 'readOnly' },
          { field: 'password', rule: 'required' },
          { field: 'login', rule: 'format', limit: 'email' },
        ]),
      );
    });
  });


  describe('perfil', () => {
    it('refuses a boss chain that loops back, directly or through others, and keeps the chain as it was', async () => {
      const top = await created('perfil', { perfil: 'Gerencia prueba', perfilabrev: 'GERP', nivel: 0 });
      const middle = await created('perfil', { perfil: 'Jefatura prueba', perfilabrev: 'JEFP', nivel: 1, jefeid: top['perfilid'] });
      const bottom = await created('perfil', { perfil: 'Supervisión prueba', perfilabrev: 'SUPP', nivel: 2, jefeid: middle['perfilid'] });
      const loop = await context.send('PUT', `/api/sense/perfil/${top['perfilid'] as number}`, { jefeid: bottom['perfilid'] });
      expect(loop.statusCode).toBe(409);
      expect(errorOf(loop)).toEqual({
        code: 'CONSTRAINT',
        message: 'Un perfil no puede estar en su propia cadena de jefes',
        details: [{ field: 'jefeid', rule: 'cycle' }],
      });
      const [stored] = await context.query<{ jefeid: number | null }>(sql`select jefeid from sense.perfil where perfilid = ${top['perfilid'] as number}`);
      expect(stored!.jefeid).toBeNull();
      const self = await context.send('PUT', `/api/sense/perfil/${middle['perfilid'] as number}`, { jefeid: middle['perfilid'] });
      expect(self.statusCode).toBe(409);
      expect(errorOf(self).details).toEqual([{ field: 'jefeid', rule: 'cycle' }]);
      // A chain that does not loop is fine: the bottom reports straight to the top.
      expect((await context.send('PUT', `/api/sense/perfil/${bottom['perfilid'] as number}`, { jefeid: top['perfilid'] })).statusCode).toBe(200);
    });
  });
  describe('PUT /{table}/{id}', () => {
    it('answers 200 and the updated row, recording who and when', async () => {
      const row = await created('entidad', { entidad: 'Maracuyá de prueba', entidadabrev: 'MAR' });
      const response = await context.send('PUT', `/api/sense/entidad/${row['entidadid'] as number}`, { entidadabrev: 'MARA', statusid: 0 });
      expect(response.statusCode).toBe(200);
      const updated = response.json<TableRow>();
      expect(updated).toEqual(expect.objectContaining({ entidad: 'Maracuyá de prueba', entidadabrev: 'MARA', statusid: 0, usermodifiedid: context.adminId }));
      expect(Date.parse(String(updated['datemodified']))).toBeGreaterThanOrEqual(Date.parse(String(row['datemodified'])));
    });

    it('answers 404 when no row has that id', async () => {
      const response = await context.send('PUT', '/api/sense/entidad/999999', { entidadabrev: 'X' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    });

    it('answers 400 for a malformed id, an empty body, a read-only column or a composite-key table', async () => {
      const malformed = await context.send('PUT', '/api/sense/entidad/abc', { entidad: 'x' });
      expect(errorOf(malformed).details).toEqual([expect.objectContaining({ field: 'id', rule: 'type' })]);
      const empty = await context.send('PUT', '/api/sense/entidad/1', {});
      expect(errorOf(empty).details).toEqual([{ field: 'body', rule: 'minProperties', limit: 1 }]);
      const identity = await context.send('PUT', '/api/sense/entidad/1', { entidadid: 5 });
      expect(errorOf(identity).details).toEqual([{ field: 'entidadid', rule: 'readOnly' }]);
      const composite = await context.send('PUT', '/api/sense/sensor/1', { statusid: 0 });
      expect(composite.statusCode).toBe(400);
      expect(errorOf(composite).code).toBe('BAD_REQUEST');
    });
  });

  describe('PUT /{table}/composite', () => {
    it('updates the row of the key given in the query', async () => {
      const [sensor] = await context.query<{ nodoid: number; metricaid: number; tipoid: number }>(
        sql`select nodoid, metricaid, tipoid from sense.metricasensor order by nodoid, metricaid, tipoid limit 1`,
      );
      const { nodoid, metricaid, tipoid } = sensor!;
      const response = await context.send(
        'PUT',
        `/api/sense/metricasensor/composite?nodoid=${nodoid}&metricaid=${metricaid}&tipoid=${tipoid}`,
        { statusid: 0 },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(expect.objectContaining({ nodoid, metricaid, tipoid, statusid: 0, usermodifiedid: context.adminId }));
      const [stored] = await context.query<{ statusid: number }>(
        sql`select statusid from sense.metricasensor where nodoid = ${nodoid} and metricaid = ${metricaid} and tipoid = ${tipoid}`,
      );
      expect(stored?.statusid).toBe(0);
    });

    it('answers 400 when a key part is missing, malformed or not part of the key, and 404 for no row', async () => {
      const missing = await context.send('PUT', '/api/sense/metricasensor/composite?nodoid=1&metricaid=1', { statusid: 1 });
      expect(missing.statusCode).toBe(400);
      expect(errorOf(missing).details).toEqual([{ field: 'tipoid', rule: 'required' }]);
      const malformed = await context.send('PUT', '/api/sense/sensor/composite?nodoid=x&tipoid=1', { statusid: 1 });
      expect(errorOf(malformed).details).toEqual([expect.objectContaining({ field: 'nodoid', rule: 'type' })]);
      const hostile = await context.send('PUT', '/api/sense/sensor/composite?nodoid=1&tipoid=1&x%22%20or%201%3D1=1', { statusid: 1 });
      expect(errorOf(hostile).details).toEqual([{ field: 'x" or 1=1', rule: 'unknown' }]);
      const none = await context.send('PUT', '/api/sense/sensor/composite?nodoid=999999&tipoid=1', { statusid: 1 });
      expect(none.statusCode).toBe(404);
    });
  });

  describe('DELETE /{table}/{id}', () => {
    it('answers 204 and removes the row', async () => {
      const row = await created('criticidad', { criticidad: 'Temporal', grado: 5 });
      const id = row['criticidadid'] as number;
      const response = await context.send('DELETE', `/api/sense/criticidad/${id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await context.query(sql`select 1 from sense.criticidad where criticidadid = ${id}`)).toEqual([]);
      expect((await context.send('DELETE', `/api/sense/criticidad/${id}`)).statusCode).toBe(404);
    });

    it('answers 409 FOREIGN_KEY while other rows reference it', async () => {
      const [pais] = await context.query<{ paisid: number }>(sql`select paisid from sense.empresa order by empresaid limit 1`);
      const response = await context.send('DELETE', `/api/sense/pais/${pais!.paisid}`);
      expect(response.statusCode).toBe(409);
      const [companies] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.empresa where paisid = ${pais!.paisid}`);
      expect(errorOf(response)).toEqual({
        code: 'FOREIGN_KEY',
        message: expect.stringContaining(`lo referencian ${companies!.n} registro`),
        details: [{ field: 'empresa', rule: 'referencedBy', limit: companies!.n, message: 'paisid' }],
      });
      expect(errorOf(response).message).toContain('de empresa');
      expect(await context.query(sql`select 1 from sense.pais where paisid = ${pais!.paisid}`)).toHaveLength(1);
    });

    it('names every table still referencing a row, with counts (a node: sensors, thresholds, placements…)', async () => {
      const [nodo] = await context.query<{ nodoid: number }>(sql`select nodoid from sense.umbral order by umbralid limit 1`);
      const expected = await context.query<{ field: string; limit: number }>(sql`
        select 'localizacion' as field, count(*)::int as limit from sense.localizacion where nodoid = ${nodo!.nodoid}
        union all select 'sensor', count(*)::int from sense.sensor where nodoid = ${nodo!.nodoid}
        union all select 'umbral', count(*)::int from sense.umbral where nodoid = ${nodo!.nodoid}`);
      const response = await context.send('DELETE', `/api/sense/nodo/${nodo!.nodoid}`);
      expect(response.statusCode).toBe(409);
      const details = errorOf(response).details!;
      for (const { field, limit } of expected.filter((row) => row.limit > 0)) {
        expect(details).toContainEqual({ field, rule: 'referencedBy', limit, message: 'nodoid' });
      }
      expect(details.every((detail) => Number(detail.limit) > 0)).toBe(true);
    });

    it('deactivates and reactivates a referenced row through the update with If-Match', async () => {
      const [pais] = await context.query<{ paisid: number }>(sql`select paisid from sense.empresa order by empresaid limit 1`);
      const read = await context.get(`/api/sense/pais/${pais!.paisid}`);
      const setStatus = (statusid: number, etag: unknown) =>
        context.app.inject({
          method: 'PUT',
          url: `/api/sense/pais/${pais!.paisid}`,
          headers: { authorization: context.bearer, 'if-match': String(etag) },
          payload: { statusid },
        });
      const off = await setStatus(0, read.headers.etag);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<TableRow>()['statusid']).toBe(0);
      const stale = await setStatus(1, read.headers.etag);
      expect(stale.statusCode).toBe(412);
      const on = await setStatus(1, off.headers.etag);
      expect(on.statusCode).toBe(200);
      expect(on.json<TableRow>()['statusid']).toBe(1);
    });

    it('deletes a composite-key row through /composite', async () => {
      const [link] = await context.query<{ usuarioid: number; perfilid: number }>(sql`
        select u.usuarioid, p.perfilid from sense.usuario u cross join sense.perfil p
         where not exists (select 1 from sense.usuarioperfil up where up.usuarioid = u.usuarioid and up.perfilid = p.perfilid) limit 1`);
      await created('usuarioperfil', link!);
      const response = await context.send('DELETE', `/api/sense/usuarioperfil/composite?usuarioid=${link!.usuarioid}&perfilid=${link!.perfilid}`);
      expect(response.statusCode).toBe(204);
    });

    it('records in the umbral audit log who created, changed and deleted a threshold', async () => {
      const [template] = await context.query<TableRow>(sql`
        select ubicacionid, nodoid, tipoid, metricaid from sense.metricasensor ms
          join sense.localizacion l using (nodoid) order by nodoid limit 1`);
      const [criticidad] = await context.query<{ criticidadid: number }>(sql`
        insert into sense.criticidad (criticidad, grado) values ('Auditoría', 9) returning criticidadid`);
      const row = await created('umbral', { ...template, criticidadid: criticidad!.criticidadid, umbral: 'Prueba de auditoría', minimo: 1, maximo: 2 });
      const umbralid = row['umbralid'] as number;
      expect((await context.send('PUT', `/api/sense/umbral/${umbralid}`, { maximo: 3 })).statusCode).toBe(200);
      const invalid = await context.send('PUT', `/api/sense/umbral/${umbralid}`, { minimo: 10 });
      expect(invalid.statusCode).toBe(409);
      expect(errorOf(invalid).code).toBe('CONSTRAINT');
      expect((await context.send('DELETE', `/api/sense/umbral/${umbralid}`)).statusCode).toBe(204);
      const log = await context.query<{ accion: string; usuarioid: number | null }>(
        sql`select accion, usuarioid from sense.audit_log_umbral where umbralid = ${umbralid} order by auditlogumbralid`,
      );
      expect(log).toEqual([
        { accion: 'INSERT', usuarioid: context.adminId },
        { accion: 'UPDATE', usuarioid: context.adminId },
        { accion: 'DELETE', usuarioid: context.adminId },
      ]);
      const [setting] = await context.query<{ value: string | null }>(sql`select current_setting('camposense.usuarioid', true) as value`);
      expect(setting?.value ?? '').toBe('');
    });

    it('answers 400 for a malformed id and 403 for a read-only table', async () => {
      expect((await context.send('DELETE', '/api/sense/pais/uno')).statusCode).toBe(400);
      expect((await context.send('DELETE', '/api/sense/medicion/1')).statusCode).toBe(403);
    });
  });
});
