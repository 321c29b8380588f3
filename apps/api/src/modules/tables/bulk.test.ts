import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { MAX_BULK_ERRORS, MAX_BULK_ROWS } from '@camposense/domain';
import type { BulkCreateResult, LabelPage } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/test-app';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { thresholdRow } from '../../testing/threshold-rows';

/** Ids of rows this suite creates for itself, apart from the farm's. */
interface Fixture {
  entidadA: number;
  entidadB: number;
  nodoA: number;
  nodoB: number;
  /** A node without probes: nothing narrows a type's name for it. */
  nodoC: number;
  tipo: number;
  /** A second `Sonda masiva` under another entity: the label is ambiguous. */
  twinTipo: number;
  metrica: number;
  ubicacion: number;
  criticidad: number;
  criticidad2: number;
}

describe.each(testDrivers())('POST /api/sense/{table}/bulk and GET /{table}/labels on $kind', (driver) => {
  let context: SenseContext;
  let fixture: Fixture;
  let readerBearer: string;

  const bulk = (table: string, body: unknown) => context.send('POST', `/api/sense/${table}/bulk`, body);
  const result = async (table: string, body: unknown) => {
    const response = await bulk(table, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkCreateResult>();
  };
  const count = async (table: 'sensor' | 'umbral' | 'metricasensor') =>
    (await context.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier('sense')}.${sql.identifier(table)}`))[0]!.n;
  const one = async (statement: ReturnType<typeof sql>) => (await context.query<{ id: number }>(statement))[0]!.id;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const entidadA = await one(sql`insert into sense.entidad (entidad, entidadabrev) values ('Masiva A', 'MA') returning entidadid as id`);
    const entidadB = await one(sql`insert into sense.entidad (entidad, entidadabrev) values ('Masiva B', 'MB') returning entidadid as id`);
    fixture = {
      entidadA,
      entidadB,
      nodoA: await one(sql`insert into sense.nodo (nodo, nodoabrev, deveui) values ('Nodo masivo A', 'NMA', 'A1B2C3D4E5F60718') returning nodoid as id`),
      nodoB: await one(sql`insert into sense.nodo (nodo, nodoabrev) values ('Nodo masivo B', 'NMB') returning nodoid as id`),
      nodoC: await one(sql`insert into sense.nodo (nodo, nodoabrev) values ('Nodo masivo C', 'NMC') returning nodoid as id`),
      tipo: await one(sql`insert into sense.tipo (tipo, entidadid) values ('Sonda masiva', ${entidadA}) returning tipoid as id`),
      twinTipo: await one(sql`insert into sense.tipo (tipo, entidadid) values ('Sonda masiva', ${entidadB}) returning tipoid as id`),
      metrica: await one(sql`insert into sense.metrica (metrica, metricaabrev, unidad) values ('Métrica masiva', 'MMAS', 'u') returning metricaid as id`),
      ubicacion: await one(sql`select ubicacionid as id from sense.ubicacion order by ubicacionid limit 1`),
      criticidad: await one(sql`select criticidadid as id from sense.criticidad order by criticidadid limit 1`),
      criticidad2: await one(sql`select criticidadid as id from sense.criticidad order by criticidadid offset 1 limit 1`),
    };
    const reader = DEMO_USERS.find((user) => user.rol === 'user')!;
    readerBearer = `Bearer ${(await loginAs(context.app, reader.login, DEMO_PASSWORD)).session.access_token}`;
  });
  afterAll(() => closeSenseContext(context));

  const threshold = (overrides: Record<string, unknown> = {}) => thresholdRow({ ...fixture, nodo: fixture.nodoA }, overrides);

  describe('creating', () => {
    it('creates every row in one go, foreign keys by id or by label (name, DevEUI, abbreviation; any case)', async () => {
      const before = await count('sensor');
      const answer = await result('sensor', {
        rows: [
          { nodoid: 'nodo masivo a', tipoid: fixture.tipo },
          { nodoid: 'NMB', tipoid: String(fixture.tipo) },
        ],
      });
      expect(answer).toEqual({ created: 2, dryRun: false, valid: 2, errors: [], errorCount: 0 });
      expect(await count('sensor')).toBe(before + 2);
      const stored = await context.query<{ nodoid: number; usercreatedid: number; statusid: number }>(
        sql`select nodoid, usercreatedid, statusid from sense.sensor where tipoid = ${fixture.tipo} order by nodoid`,
      );
      expect(stored).toEqual([
        { nodoid: fixture.nodoA, usercreatedid: context.adminId, statusid: 1 },
        { nodoid: fixture.nodoB, usercreatedid: context.adminId, statusid: 1 },
      ]);
    });

    it('reads CSV cells as their column types and takes a node by its DevEUI, metric by abbreviation', async () => {
      const answer = await result('umbral', {
        rows: [
          {
            umbral: 'Umbral de CSV',
            ubicacionid: String(fixture.ubicacion),
            nodoid: 'a1b2c3d4e5f60718',
            tipoid: String(fixture.tipo),
            metricaid: 'mmas',
            criticidadid: String(fixture.criticidad),
            minimo: '-2.5',
            maximo: '1e2',
            statusid: '',
          },
        ],
      });
      expect(answer.errors).toEqual([]);
      expect(answer.created).toBe(1);
      const [row] = await context.query<{ nodoid: number; metricaid: number; minimo: number; maximo: number; statusid: number }>(
        sql`select nodoid, metricaid, minimo, maximo, statusid from sense.umbral where umbral = 'Umbral de CSV'`,
      );
      expect(row).toEqual({ nodoid: fixture.nodoA, metricaid: fixture.metrica, minimo: -2.5, maximo: 100, statusid: 1 });
      // The umbral audit trigger saw the importing admin.
      const [audit] = await context.query<{ usuarioid: number }>(
        sql`select a.usuarioid from sense.audit_log_umbral a join sense.umbral u using (umbralid) where u.umbral = 'Umbral de CSV'`,
      );
      expect(audit?.usuarioid).toBe(context.adminId);
    });

    it("narrows a type's repeated name to the node's own probe (sensor) instead of calling it ambiguous", async () => {
      const answer = await result('umbral', { rows: [threshold({ umbral: 'Por sonda del nodo', nodoid: 'Nodo masivo A', tipoid: 'Sonda masiva' })] });
      expect(answer.errors).toEqual([]);
      const [row] = await context.query<{ tipoid: number }>(sql`select tipoid from sense.umbral where umbral = 'Por sonda del nodo'`);
      expect(row?.tipoid).toBe(fixture.tipo);
    });

    it('keeps a formula cell as plain text (exports neutralise it)', async () => {
      const answer = await result('umbral', { rows: [threshold({ umbral: '=cmd|"/c calc"!A1', metricaid: 'Métrica masiva' })] });
      expect(answer.created).toBe(1);
      const [row] = await context.query<{ umbral: string }>(sql`select umbral from sense.umbral where umbral like '=cmd%'`);
      expect(row?.umbral).toBe('=cmd|"/c calc"!A1');
    });

    it('dry run checks everything and writes nothing', async () => {
      const before = await count('umbral');
      const answer = await result('umbral', { rows: [threshold()], dryRun: true });
      expect(answer).toEqual({ created: 0, dryRun: true, valid: 1, errors: [], errorCount: 0 });
      expect(await count('umbral')).toBe(before);
    });
  });

  describe('refusing, with nothing written', () => {
    it('names every bad row and why: types, unknown columns, labels, missing rows, checks, duplicates', async () => {
      const before = await count('umbral');
      await context.query(sql`insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo)
        values ('Umbral guardado', ${fixture.ubicacion}, ${fixture.nodoB}, ${fixture.tipo}, ${fixture.metrica}, ${fixture.criticidad}, 0, 1)`);
      const rows = [
        threshold({ umbral: 'bien' }), // 0: fine
        threshold({ minimo: 'abc' }), // 1: wrong type
        threshold({ colour: 'red' }), // 2: unknown column
        threshold({ nodoid: 'No existe' }), // 3: unknown label
        threshold({ nodoid: fixture.nodoC, tipoid: 'sonda MASIVA' }), // 4: ambiguous label (the node has no probe to narrow it)
        threshold({ criticidadid: 999_999 }), // 5: no such row
        threshold({ minimo: 5, maximo: 1 }), // 6: check minimo <= maximo
        threshold({ nodoid: fixture.nodoB, statusid: 1 }), // 7: an active threshold already stored
        threshold({ criticidadid: fixture.criticidad2, statusid: 1, umbral: 'primero' }), // 8: fine alone
        threshold({ criticidadid: fixture.criticidad2, statusid: 1, umbral: 'repetido' }), // 9: repeats row 8
        'not a row', // 10
        threshold({ umbral: null, usercreatedid: 1 }), // 11: required and read-only
        threshold({ statusid: 7 }), // 12: check statusid
      ];
      const answer = await result('umbral', { rows });
      expect(answer.created).toBe(0);
      expect(answer.dryRun).toBe(false);
      expect(answer.valid).toBe(2);
      expect(answer.errors).toEqual([
        expect.objectContaining({ index: 1, field: 'minimo', code: 'VALIDATION', rule: 'type', limit: 'number' }),
        expect.objectContaining({ index: 2, field: 'colour', code: 'VALIDATION', rule: 'unknown' }),
        expect.objectContaining({ index: 3, field: 'nodoid', code: 'FOREIGN_KEY', rule: 'unknownLabel', message: expect.stringContaining('«No existe»') }),
        expect.objectContaining({ index: 4, field: 'tipoid', code: 'FOREIGN_KEY', rule: 'ambiguousLabel', message: expect.stringContaining(`${fixture.tipo}, ${fixture.twinTipo}`) }),
        expect.objectContaining({ index: 5, field: 'criticidadid', code: 'FOREIGN_KEY', rule: 'missing' }),
        expect.objectContaining({ index: 6, field: 'maximo', code: 'CONSTRAINT', rule: 'minAboveMax', limit: 'umbral_minimo_maximo_check', message: 'El mínimo no puede ser mayor que el máximo' }),
        expect.objectContaining({ index: 7, code: 'DUPLICATE', rule: 'exists', limit: 'umbral_activo_key' }),
        expect.objectContaining({ index: 9, code: 'DUPLICATE', rule: 'repeated', limit: 8, message: expect.stringContaining('fila 9') }),
        expect.objectContaining({ index: 10, code: 'VALIDATION', rule: 'type', limit: 'object' }),
        expect.objectContaining({ index: 11, field: 'umbral', rule: 'required' }),
        expect.objectContaining({ index: 11, field: 'usercreatedid', rule: 'readOnly' }),
        expect.objectContaining({ index: 12, field: 'statusid', code: 'CONSTRAINT', rule: 'check' }),
      ]);
      expect(answer.errorCount).toBe(12);
      for (const error of answer.errors) expect(error.message.length).toBeGreaterThan(5);
      expect(await count('umbral')).toBe(before + 1);
    });

    it('refuses text PostgreSQL cannot hold (NUL, a lone surrogate) per cell, never a 500', async () => {
      const before = await count('umbral');
      const response = await bulk('umbral', {
        rows: [threshold({ umbral: 'nul \u0000 byte' }), threshold({ umbral: 'lone \ud800 surrogate' }), threshold({ nodoid: '\u0000' })],
      });
      // A lone surrogate reaches the database as U+FFFD (the driver writes UTF-8): that row is valid.
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<BulkCreateResult>();
      expect(answer).toEqual(expect.objectContaining({ created: 0, valid: 1 }));
      expect(answer.errors).toEqual([
        expect.objectContaining({ index: 0, field: 'umbral', code: 'VALIDATION', rule: 'format', limit: 'text' }),
        expect.objectContaining({ index: 2, field: 'nodoid', code: 'VALIDATION', rule: 'type', limit: 'integer' }),
      ]);
      expect(await count('umbral')).toBe(before);
    });

    it('reports a missing composite reference (metricasensor → sensor) without a field', async () => {
      const before = await count('metricasensor');
      const answer = await result('metricasensor', {
        rows: [
          { nodoid: fixture.nodoA, tipoid: fixture.tipo, metricaid: 'MMAS' },
          { nodoid: fixture.nodoA, tipoid: fixture.twinTipo, metricaid: 'MMAS' },
        ],
      });
      expect(answer.errors).toEqual([{ index: 1, code: 'FOREIGN_KEY', rule: 'missing', message: expect.stringContaining('sensor') }]);
      expect(await count('metricasensor')).toBe(before);
    });

    it('refuses a sensor that exists already and one repeated in the batch', async () => {
      const answer = await result('sensor', {
        rows: [
          { nodoid: fixture.nodoA, tipoid: fixture.tipo },
          { nodoid: fixture.nodoA, tipoid: fixture.twinTipo },
          { nodoid: 'Nodo masivo A', tipoid: fixture.twinTipo },
        ],
      });
      expect(answer.errors).toEqual([
        expect.objectContaining({ index: 0, code: 'DUPLICATE', rule: 'exists', limit: 'sensor_pkey' }),
        expect.objectContaining({ index: 2, code: 'DUPLICATE', rule: 'repeated', limit: 1 }),
      ]);
      expect(answer.created).toBe(0);
      const [stored] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.sensor where tipoid = ${fixture.twinTipo}`);
      expect(stored?.n).toBe(0);
    });

    it('answers 100,000 rows in one request, listing the first errors and counting all, writing nothing', async () => {
      const before = await count('sensor');
      const rows = Array.from({ length: MAX_BULK_ROWS }, () => ({ nodoid: fixture.nodoB, tipoid: fixture.twinTipo }));
      const answer = await result('sensor', { rows });
      expect(answer.created).toBe(0);
      expect(answer.valid).toBe(1);
      expect(answer.errorCount).toBe(MAX_BULK_ROWS - 1);
      expect(answer.errors).toHaveLength(MAX_BULK_ERRORS);
      expect(answer.errors[0]).toEqual(expect.objectContaining({ index: 1, rule: 'repeated', limit: 0 }));
      expect(await count('sensor')).toBe(before);
    }, 60_000);

    it('accepts 100,000 valid rows within the limits (dry run: the write itself is the benchmark\'s)', async () => {
      const before = await count('umbral');
      // Inactive thresholds may share their place.
      const rows = Array.from({ length: MAX_BULK_ROWS }, (_row, index) => threshold({ umbral: `Carga ${index}` }));
      const answer = await result('umbral', { rows, dryRun: true });
      expect(answer).toEqual({ created: 0, dryRun: true, valid: MAX_BULK_ROWS, errors: [], errorCount: 0 });
      expect(await count('umbral')).toBe(before);
    }, 60_000);

    it('writes 10,000 rows in one request (one transaction on PostgreSQL, chunks on PGlite: stall.test.ts)', async () => {
      const before = await count('umbral');
      const rows = Array.from({ length: 10_000 }, (_row, index) => threshold({ umbral: `Lote ${index}` }));
      const answer = await result('umbral', { rows });
      expect(answer).toEqual({ created: 10_000, dryRun: false, valid: 10_000, errors: [], errorCount: 0 });
      expect(await count('umbral')).toBe(before + 10_000);
    }, 60_000);

    it('answers 400 maxItems past 100,000 rows and 413 past the body limit', async () => {
      const tooMany = await bulk('sensor', { rows: Array.from({ length: MAX_BULK_ROWS + 1 }, () => ({})) });
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany)).toEqual(expect.objectContaining({ code: 'VALIDATION', details: [{ field: 'rows', rule: 'maxItems', limit: MAX_BULK_ROWS }] }));
      const huge = await bulk('sensor', { rows: [{ nodoid: 'x'.repeat(33 * 1024 * 1024) }] });
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers 400 for a malformed body, 403 for a table without massive and for a reader', async () => {
      expect((await bulk('sensor', { rows: [] })).statusCode).toBe(400);
      expect((await bulk('sensor', { rows: [{}], extra: 1 })).statusCode).toBe(400);
      expect((await bulk('sensor', [{ nodoid: 1 }])).statusCode).toBe(400);
      const pais = await bulk('pais', { rows: [{ pais: 'Chile', paisabrev: 'CL' }] });
      expect(pais.statusCode).toBe(403);
      expect(errorOf(pais).message).toContain('carga masiva');
      expect((await bulk('medicion', { rows: [{}] })).statusCode).toBe(403);
      expect((await bulk('nada', { rows: [{}] })).statusCode).toBe(404);
      const reader = await context.app.inject({
        method: 'POST',
        url: '/api/sense/sensor/bulk',
        headers: { authorization: readerBearer },
        payload: { rows: [{ nodoid: fixture.nodoB, tipoid: fixture.twinTipo }] },
      });
      expect(reader.statusCode).toBe(403);
      expect(errorOf(reader).code).toBe('FORBIDDEN');
    });
  });

  describe('GET /{table}/labels', () => {
    const labels = async (url: string, bearer = context.bearer) => {
      const response = await context.get(url, { authorization: bearer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LabelPage>();
    };

    it('names the rows of given ids in one call', async () => {
      const page = await labels(`/api/sense/nodo/labels?ids=${fixture.nodoB},${fixture.nodoA},999999`);
      expect(page.data).toEqual([
        { id: fixture.nodoA, label: 'Nodo masivo A' },
        { id: fixture.nodoB, label: 'Nodo masivo B' },
      ]);
      expect(page.pagination.total).toBe(2);
    });

    it('searches the label and the lookup columns (DevEUI), paged, and filters by a parent column', async () => {
      expect((await labels('/api/sense/nodo/labels?search=e5f607')).data).toEqual([{ id: fixture.nodoA, label: 'Nodo masivo A' }]);
      const page = await labels('/api/sense/tipo/labels?search=sonda%20masiva&pageSize=1&page=2');
      expect(page.data).toHaveLength(1);
      expect(page.pagination).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
      expect((await labels(`/api/sense/tipo/labels?search=sonda&entidadid=${fixture.entidadB}`)).data).toEqual([
        { id: fixture.twinTipo, label: 'Sonda masiva' },
      ]);
      // A user's label is both names.
      const users = await labels(`/api/sense/usuario/labels?search=oscar operador`);
      expect(users.data).toEqual([expect.objectContaining({ label: 'Oscar Operador' })]);
    });

    it('names a profile "nivel - perfil", as the boss select lists it, found by its name or its abbreviation', async () => {
      const [top] = await context.query<{ perfilid: number }>(
        sql`insert into sense.perfil (perfil, perfilabrev, nivel) values ('Gerencia etiquetada', 'GERET', 0) returning perfilid`,
      );
      const [below] = await context.query<{ perfilid: number }>(
        sql`insert into sense.perfil (perfil, perfilabrev, nivel, jefeid) values ('Jefatura etiquetada', 'JEFET', 1, ${top!.perfilid}) returning perfilid`,
      );
      try {
        expect((await labels('/api/sense/perfil/labels?search=etiquetada')).data).toEqual([
          { id: top!.perfilid, label: '0 - Gerencia etiquetada' },
          { id: below!.perfilid, label: '1 - Jefatura etiquetada' },
        ]);
        expect((await labels('/api/sense/perfil/labels?search=jefet')).data).toEqual([{ id: below!.perfilid, label: '1 - Jefatura etiquetada' }]);
      } finally {
        await context.query(sql`delete from sense.perfil where perfilid in (${below!.perfilid}, ${top!.perfilid})`);
      }
    });

    it('refuses what has no label, unknown filters, and e-mail labels to a reader', async () => {
      expect((await context.get('/api/sense/sensor/labels')).statusCode).toBe(400);
      expect(errorOf(await context.get('/api/sense/nodo/labels?color=1')).details).toEqual([{ field: 'color', rule: 'unknown' }]);
      expect((await context.get('/api/sense/nodo/labels?ids=1;drop')).statusCode).toBe(400);
      expect((await context.get('/api/sense/correo/labels', { authorization: readerBearer })).statusCode).toBe(403);
      expect((await labels('/api/sense/usuario/labels?search=oscar', readerBearer)).data).toHaveLength(1);
    });
  });
});
