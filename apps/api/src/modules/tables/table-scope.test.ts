import { testDrivers } from '@camposense/db/testing';
import { formatTableScope, SCOPE_LINKS } from '@camposense/domain';
import type { PaginatedRows, TableName, TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

/** Issue 16: tables that belong to the hierarchy only through joins follow the global scope. */
describe.each(testDrivers())('GET /api/sense/{table}?scope= on $kind', (driver) => {
  let context: SenseContext;
  let farm: { fundoid: number; empresaid: number; paisid: number };
  beforeAll(async () => {
    context = await openSenseContext(driver);
    // A farm with placed nodes, and not the only one: the scope has something to leave out.
    const [first] = await context.query<{ fundoid: number; empresaid: number; paisid: number }>(sql`
      select f.fundoid, f.empresaid, e.paisid from sense.fundo f join sense.empresa e using (empresaid)
      where exists (select 1 from sense.ubicacion u join sense.localizacion l using (ubicacionid) where u.fundoid = f.fundoid)
      order by f.fundoid limit 1`);
    farm = first!;
  });
  afterAll(() => closeSenseContext(context));

  const ids = (rows: readonly TableRow[], column: string) => rows.map((row) => Number(row[column])).sort((a, b) => a - b);
  const page = async (url: string) => {
    const response = await context.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaginatedRows>();
  };

  it("lists a farm's nodes: those placed in its locations, and no other", async () => {
    const expected = await context.query<{ nodoid: number }>(sql`
      select distinct l.nodoid from sense.localizacion l join sense.ubicacion u using (ubicacionid)
      where u.fundoid = ${farm.fundoid} order by l.nodoid`);
    const all = await page('/api/sense/nodo?page=1&pageSize=1000');
    const scoped = await page(`/api/sense/nodo?page=1&pageSize=1000&scope=${formatTableScope({ level: 'fundo', id: farm.fundoid })}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(scoped.data, 'nodoid')).toEqual(expected.map((row) => row.nodoid));
    expect(scoped.pagination.total).toBe(expected.length);
    expect(all.pagination.total).toBeGreaterThan(scoped.pagination.total);
  });

  it("narrows placements, sensors, thresholds and alerts by the country's locations, as the joins say", async () => {
    const inCountry = sql`select u.ubicacionid from sense.ubicacion u join sense.fundo f using (fundoid) join sense.empresa e using (empresaid) where e.paisid = ${farm.paisid}`;
    const scope = `scope=pais:${farm.paisid}`;
    const localizaciones = await page(`/api/sense/localizacion?page=1&pageSize=1000&${scope}`);
    const [placed] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.localizacion where ubicacionid in (${inCountry})`);
    expect(localizaciones.pagination.total).toBe(placed!.n);

    const sensors = await page(`/api/sense/sensor?page=1&pageSize=1000&${scope}`);
    const [sensorCount] = await context.query<{ n: number }>(
      sql`select count(*)::int as n from sense.sensor where nodoid in (select nodoid from sense.localizacion where ubicacionid in (${inCountry}))`,
    );
    expect(sensors.pagination.total).toBe(sensorCount!.n);

    const umbrales = await page(`/api/sense/umbral?page=1&pageSize=1000&${scope}`);
    expect(umbrales.data.every((row) => typeof row['ubicacionid'] === 'number')).toBe(true);
    const [thresholdCount] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.umbral where ubicacionid in (${inCountry})`);
    expect(umbrales.pagination.total).toBe(thresholdCount!.n);

    const alerts = await page(`/api/sense/alerta?page=1&pageSize=5&${scope}`);
    const [alertCount] = await context.query<{ n: number }>(
      sql`select count(*)::int as n from sense.alerta where umbralid in (select umbralid from sense.umbral where ubicacionid in (${inCountry}))`,
    );
    expect(alerts.pagination.total).toBe(alertCount!.n);
  });

  it('answers every linked table at every level above it, the search and sort still applying', async () => {
    for (const table of Object.keys(SCOPE_LINKS) as TableName[]) {
      for (const scope of [`pais:${farm.paisid}`, `empresa:${farm.empresaid}`, `fundo:${farm.fundoid}`]) {
        if (table === 'empresa' && scope.startsWith('empresa')) continue;
        if ((table === 'empresa' || table === 'fundo') && scope.startsWith('fundo')) continue;
        const response = await context.get(`/api/sense/${table}?page=1&pageSize=2&scope=${scope}`);
        expect(response.statusCode, `${table} ${scope}: ${response.body}`).toBe(200);
      }
    }
    const searched = await page(`/api/sense/nodo?page=1&pageSize=1000&sortBy=nodo&sortOrder=desc&search=zzz-nada&scope=fundo:${farm.fundoid}`);
    expect(searched.pagination.total).toBe(0);
  });

  it('refuses a malformed scope or one the table does not reach, and an empty farm lists nothing', async () => {
    for (const url of ['/api/sense/nodo?scope=fundo:abc', '/api/sense/nodo?scope=nodo:1', '/api/sense/metrica?scope=fundo:1', '/api/sense/empresa?scope=fundo:1']) {
      const response = await context.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
      expect(errorOf(response).details?.[0]?.field).toBe('scope');
    }
    const nowhere = await page('/api/sense/nodo?page=1&pageSize=10&scope=fundo:999999');
    expect(nowhere.pagination.total).toBe(0);
  });
});
