import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { BulkCreateResult, ReportDownloadToken } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/test-app';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

const BOM = '\uFEFF';

/** The CSV's lines without the BOM and the final line end. */
const linesOf = (body: string) => body.replace(BOM, '').replace(/\r\n$/, '').split('\r\n');

describe.each(testDrivers())('CSV of a table status view (GET /api/sense/reports/tablas/{table}/csv) on $kind', (driver) => {
  let context: SenseContext;
  let readerBearer: string;
  let nodo: { nodoid: number; nodo: string };

  const tokenFor = async (report: string, bearer = context.bearer) => {
    const response = await context.get(`/api/sense/reports/download-token?report=${encodeURIComponent(report)}`, { authorization: bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportDownloadToken>().token;
  };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    [nodo] = await context.query<{ nodoid: number; nodo: string }>(sql`select nodoid, nodo from sense.nodo order by nodoid limit 1`) as [{ nodoid: number; nodo: string }];
    const [place] = await context.query<Record<string, number>>(sql`
      select u.ubicacionid, s.tipoid, m.metricaid, (select min(criticidadid) from sense.criticidad) as criticidadid
        from sense.sensor s cross join sense.ubicacion u cross join sense.metrica m where s.nodoid = ${nodo.nodoid} limit 1`);
    const rows = ['Exportar b', 'Exportar a', '=HYPERLINK("http://x")', '-Exportar c'].map((umbral) => ({
      ...place,
      umbral,
      nodoid: nodo.nodoid,
      minimo: -1,
      maximo: 1,
      statusid: 0,
    }));
    const created = await context.send('POST', '/api/sense/umbral/bulk', { rows });
    expect(created.json<BulkCreateResult>().created).toBe(4);
    const reader = DEMO_USERS.find((user) => user.rol === 'user')!;
    readerBearer = `Bearer ${(await loginAs(context.app, reader.login, DEMO_PASSWORD)).session.access_token}`;
  });
  afterAll(() => closeSenseContext(context));

  it('streams the searched rows in the asked order, headed by column names, foreign keys by id and name, formulas neutralised', async () => {
    const token = await tokenFor('tabla:umbral');
    const response = await context.get(`/api/sense/reports/tablas/umbral/csv?search=exportar&sortBy=umbral&sortOrder=desc&token=${token}`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="umbral-\d{12}\.csv"$/);
    expect(response.body.startsWith(BOM)).toBe(true);
    const [header, ...lines] = linesOf(response.body);
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['umbralid', 'umbral', 'nodoid', 'nodoid_nombre', 'minimo', 'maximo', 'statusid', 'usercreatedid', 'datecreated']));
    const at = (line: string, column: string) => line.split(',')[columns.indexOf(column)];
    const names = lines.map((line) => at(line, 'umbral'));
    // Where '-…' sorts depends on the collation (C or a language's): only the letters' order is fixed.
    expect(names.filter((name) => !name!.startsWith("'"))).toEqual(['Exportar b', 'Exportar a']);
    expect(names).toContain("'-Exportar c");
    const [admin] = await context.query<{ label: string }>(sql`select concat_ws(' ', firstname, lastname) as label from sense.usuario where usuarioid = ${context.adminId}`);
    for (const line of lines) {
      expect(at(line, 'nodoid')).toBe(String(nodo.nodoid));
      expect(at(line, 'nodoid_nombre')).toBe(nodo.nodo);
      expect(at(line, 'minimo')).toBe('-1');
      expect(at(line, 'usercreatedid')).toBe(String(context.adminId));
      expect(at(line, 'usercreatedid_nombre')).toBe(admin!.label);
    }
    const everything = await context.get(`/api/sense/reports/tablas/umbral/csv?search=HYPERLINK`);
    expect(linesOf(everything.body)[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('imports back unchanged: the massive import of an exported file creates the same rows, decimals and names included', async () => {
    const [place] = await context.query<Record<string, number>>(sql`
      select ubicacionid, tipoid, metricaid, criticidadid from sense.umbral where nodoid = ${nodo.nodoid} limit 1`);
    const made = await context.send('POST', '/api/sense/umbral/bulk', {
      rows: [
        { ...place, nodoid: nodo.nodoid, umbral: 'Ida y vuelta, uno', minimo: 25.5, maximo: 26.75, statusid: 0 },
        { ...place, nodoid: nodo.nodoid, umbral: 'Ida y vuelta, dos', minimo: -0.125, maximo: 1200.5, statusid: 0 },
      ],
    });
    expect(made.json<BulkCreateResult>().created).toBe(2);
    const exported = async () => {
      const response = await context.get('/api/sense/reports/tablas/umbral/csv?search=ida%20y%20vuelta&sortBy=umbral&tz=America/Lima');
      expect(response.statusCode, response.body).toBe(200);
      return Papa.parse<Record<string, string>>(response.body.replace(BOM, ''), { header: true, skipEmptyLines: true });
    };
    const before = await exported();
    expect(before.errors).toEqual([]);
    expect(before.data.map((row) => [row['umbral'], row['minimo'], row['maximo'], row['nodoid'], row['nodoid_nombre']])).toEqual([
      ['Ida y vuelta, dos', '-0.125', '1200.5', String(nodo.nodoid), nodo.nodo],
      ['Ida y vuelta, uno', '25.5', '26.75', String(nodo.nodoid), nodo.nodo],
    ]);
    // What the console's massive import sends from the file (libs/feature-parameters, massive-rows.ts):
    // the writable columns, the name columns left to the ids beside them, empty cells left out.
    const ownOrAudit = (column: string) => /^(umbralid|usercreatedid|usermodifiedid|datecreated|datemodified)\b/.test(column);
    const generated = (column: string) => ownOrAudit(column) || column.endsWith('_nombre');
    const writable = (row: Record<string, string>) => Object.fromEntries(Object.entries(row).filter(([column, value]) => !generated(column) && value !== ''));
    const imported = await context.send('POST', '/api/sense/umbral/bulk', { rows: before.data.map(writable) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<BulkCreateResult>().created).toBe(2);
    // The file exported now holds each row twice, the copy equal to the original but for its id and audit columns.
    const after = await exported();
    const content = (row: Record<string, string>) => JSON.stringify(Object.entries(row).filter(([column]) => !ownOrAudit(column)));
    expect(after.data.map(content).sort()).toEqual([...before.data, ...before.data].map(content).sort());
  });

  it('says a band with minimo above maximo is upside down, in an import and in a form', async () => {
    const [place] = await context.query<Record<string, number>>(sql`
      select ubicacionid, tipoid, metricaid, criticidadid from sense.umbral where nodoid = ${nodo.nodoid} limit 1`);
    const row = { ...place, nodoid: nodo.nodoid, umbral: 'Al revés', minimo: 30.5, maximo: 20, statusid: 0 };
    const imported = await context.send('POST', '/api/sense/umbral/bulk', { rows: [row], dryRun: true });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<BulkCreateResult>().errors).toEqual([
      expect.objectContaining({ index: 0, field: 'maximo', rule: 'minAboveMax', message: 'El mínimo no puede ser mayor que el máximo' }),
    ]);
    const created = await context.send('POST', '/api/sense/umbral', row);
    expect(created.statusCode).toBe(409);
    expect(created.json<{ error: { message: string; details: unknown } }>().error).toEqual({
      code: 'CONSTRAINT',
      message: 'El mínimo no puede ser mayor que el máximo',
      details: [{ field: 'maximo', rule: 'minAboveMax' }],
    });
  });

  it('answers a decimal comma in a number column with a row error that names the column and asks for "."', async () => {
    // What reaches the API from a comma-separated file's quoted "25,5" or a typed cell; a ';'-separated
    // Spanish file's 25,5 is sent as 25.5 by the console (massive-rows.ts readDecimalCommas).
    const [place] = await context.query<Record<string, number>>(sql`
      select ubicacionid, tipoid, metricaid, criticidadid from sense.umbral where nodoid = ${nodo.nodoid} limit 1`);
    const row = { ...place, nodoid: nodo.nodoid, statusid: 0 };
    const imported = await context.send('POST', '/api/sense/umbral/bulk', {
      rows: [
        { ...row, umbral: 'Coma decimal', minimo: '25,5', maximo: '1.234,5' },
        { ...row, umbral: 'Punto decimal', minimo: '25.5', maximo: '30' },
      ],
      dryRun: true,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<BulkCreateResult>().errors).toEqual([
      expect.objectContaining({ index: 0, field: 'minimo', rule: 'decimalComma', message: '«minimo» debe usar «.» como separador decimal (25.5), no «,»' }),
      expect.objectContaining({ index: 0, field: 'maximo', rule: 'decimalComma' }),
    ]);
  });

  it('writes the dates in the zone asked, named in their headers, and keeps the view\'s scope and parent filters', async () => {
    const [farm] = await context.query<{ fundoid: number; empresaid: number }>(sql`
      select f.fundoid, f.empresaid from sense.fundo f
      where exists (select 1 from sense.ubicacion u join sense.localizacion l using (ubicacionid) where u.fundoid = f.fundoid) order by f.fundoid limit 1`);
    const response = await context.get(`/api/sense/reports/tablas/nodo/csv?tz=America/Lima&scope=fundo:${farm!.fundoid}`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...lines] = linesOf(response.body);
    const columns = header!.split(',');
    expect(columns).toContain('datecreated (America/Lima)');
    const created = columns.indexOf('datecreated (America/Lima)');
    for (const line of lines) expect(line.split(',')[created]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-05:00$/);
    const [expected] = await context.query<{ n: number }>(sql`
      select count(distinct l.nodoid)::int as n from sense.localizacion l join sense.ubicacion u using (ubicacionid) where u.fundoid = ${farm!.fundoid}`);
    expect(lines).toHaveLength(expected!.n);
    const fundos = await context.get(`/api/sense/reports/tablas/fundo/csv?empresaid=${farm!.empresaid}`);
    const [count] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.fundo where empresaid = ${farm!.empresaid}`);
    expect(linesOf(fundos.body).length - 1).toBe(count!.n);
    expect((await context.get('/api/sense/reports/tablas/nodo/csv?tz=Marte/Olympus')).statusCode).toBe(400);
    expect((await context.get('/api/sense/reports/tablas/metrica/csv?scope=fundo:1')).statusCode).toBe(400);
    expect((await context.get('/api/sense/reports/tablas/nodo/csv?nada=1')).statusCode).toBe(400);
  });

  it('uses each token once, for its own table only', async () => {
    const token = await tokenFor('tabla:pais');
    expect((await context.get(`/api/sense/reports/tablas/umbral/csv?token=${token}`, {})).statusCode).toBe(401);
    const second = await tokenFor('tabla:pais');
    expect((await context.get(`/api/sense/reports/tablas/pais/csv?token=${second}`, {})).statusCode).toBe(200);
    expect((await context.get(`/api/sense/reports/tablas/pais/csv?token=${second}`, {})).statusCode).toBe(401);
    expect((await context.get('/api/sense/reports/tablas/pais/csv', {})).statusCode).toBe(401);
    expect((await context.get('/api/sense/reports/download-token?report=tabla:pg_user')).statusCode).toBe(404);
    expect((await context.get('/api/sense/reports/download-token?report=tabla:../x')).statusCode).toBe(400);
    expect((await context.get('/api/sense/reports/tablas/pg_user/csv')).statusCode).toBe(404);
    expect((await context.get('/api/sense/reports/tablas/pais/csv?sortBy=nada')).statusCode).toBe(400);
  });

  it("gives a reader the view a reader gets: other people's logins blank, no sorting by them", async () => {
    const token = await tokenFor('tabla:usuario', readerBearer);
    const response = await context.get(`/api/sense/reports/tablas/usuario/csv?token=${token}`, {});
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = linesOf(response.body);
    const login = header!.split(',').indexOf('login');
    expect(header).not.toContain('password');
    const logins = lines.map((line) => line.split(',')[login]);
    expect(logins.filter((value) => value !== '')).toEqual(['operador@camposense.dev']);
    expect((await context.get('/api/sense/reports/tablas/usuario/csv?sortBy=login', { authorization: readerBearer })).statusCode).toBe(400);
  });
});
