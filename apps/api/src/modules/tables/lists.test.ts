import { testDrivers } from '@camposense/db/testing';
import type { TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

describe.each(testDrivers())('hierarchy and plain lists on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    context = await openSenseContext(driver);
  });
  afterAll(() => closeSenseContext(context));

  const ids = async (url: string, key: string) => {
    const response = await context.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<TableRow[]>().map((row) => row[key]);
  };
  const sqlIds = async (statement: ReturnType<typeof sql>) =>
    (await context.query<{ id: number }>(statement)).map((row) => row.id);

  it('GET /paises answers every country', async () => {
    const expected = await sqlIds(sql`select paisid as id from sense.pais order by pais, paisid`);
    expect(expected.length).toBeGreaterThan(1);
    expect(await ids('/api/sense/paises', 'paisid')).toEqual(expected);
  });

  it('GET /empresas, /fundos, /ubicaciones filter by their optional parent', async () => {
    const cases = [
      { url: '/api/sense/empresas', param: 'paisId', table: 'empresa', parent: 'paisid' },
      { url: '/api/sense/fundos', param: 'empresaId', table: 'fundo', parent: 'empresaid' },
      { url: '/api/sense/ubicaciones', param: 'fundoId', table: 'ubicacion', parent: 'fundoid' },
    ] as const;
    for (const { url, param, table, parent } of cases) {
      const key = `${table}id`;
      const all = await sqlIds(sql`select ${sql.identifier(key)} as id from sense.${sql.identifier(table)} order by ${sql.identifier(table)}, ${sql.identifier(key)}`);
      expect(await ids(url, key), url).toEqual(all);
      const [first] = await context.query<{ id: number }>(
        sql`select ${sql.identifier(parent)} as id from sense.${sql.identifier(table)} order by ${sql.identifier(key)} limit 1`,
      );
      const children = await sqlIds(
        sql`select ${sql.identifier(key)} as id from sense.${sql.identifier(table)} where ${sql.identifier(parent)} = ${first!.id} order by ${sql.identifier(table)}, ${sql.identifier(key)}`,
      );
      const filtered = await ids(`${url}?${param}=${first!.id}`, key);
      expect(filtered, url).toEqual(children);
      expect(filtered.length).toBeLessThan(all.length);
      expect(await ids(`${url}?${param}=999999`, key)).toEqual([]);
    }
  });

  it('GET /entidades?ubicacionId= answers the entities placed there (through localizacion)', async () => {
    const all = await sqlIds(sql`select entidadid as id from sense.entidad order by entidad, entidadid`);
    expect(await ids('/api/sense/entidades', 'entidadid')).toEqual(all);
    const [place] = await context.query<{ ubicacionid: number }>(sql`select ubicacionid from sense.localizacion order by ubicacionid limit 1`);
    const placed = await sqlIds(sql`
      select e.entidadid as id from sense.entidad e
       where e.entidadid in (select entidadid from sense.localizacion where ubicacionid = ${place!.ubicacionid})
       order by e.entidad, e.entidadid`);
    expect(placed.length).toBeGreaterThan(0);
    expect(await ids(`/api/sense/entidades?ubicacionId=${place!.ubicacionid}`, 'entidadid')).toEqual(placed);
  });

  it('GET /metricas, /nodos, /tipos, /localizaciones, /codigotelefono, /correo answer every row', async () => {
    const cases = [
      ['/api/sense/metricas', 'metrica'],
      ['/api/sense/nodos', 'nodo'],
      ['/api/sense/tipos', 'tipo'],
      ['/api/sense/localizaciones', 'localizacion'],
      ['/api/sense/codigotelefono', 'codigotelefono'],
      ['/api/sense/correo', 'correo'],
    ] as const;
    for (const [url, table] of cases) {
      const response = await context.get(url);
      expect(response.statusCode, url).toBe(200);
      const [expected] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.${sql.identifier(table)}`);
      expect(response.json<TableRow[]>(), url).toHaveLength(expected!.n);
    }
    const [localizacion] = (await context.get('/api/sense/localizaciones')).json<TableRow[]>();
    expect(localizacion).toEqual(
      expect.objectContaining({ entidadid: expect.any(Number), ubicacionid: expect.any(Number), nodoid: expect.any(Number) }),
    );
  });

  it('answers 400 VALIDATION for a malformed parent id or an unknown parameter', async () => {
    for (const url of ['/api/sense/empresas?paisId=abc', '/api/sense/fundos?empresaId=0', '/api/sense/paises?x=1']) {
      const response = await context.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    }
    expect(errorOf(await context.get('/api/sense/empresas?paisId=abc')).details).toEqual([
      expect.objectContaining({ field: 'paisId', rule: 'type' }),
    ]);
  });
});
