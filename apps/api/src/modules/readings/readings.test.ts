import { testDrivers } from '@camposense/db/testing';
import type { CountAnswer, MedicionReading, NodoConLocalizacion } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

const HOUR_MS = 60 * 60 * 1000;

describe.each(testDrivers())('readings on $kind', (driver) => {
  let context: SenseContext;
  let ubicacionId: number;
  let inLocation: number;
  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [busiest] = await context.query<{ ubicacionid: number; n: number }>(
      sql`select ubicacionid, count(*)::int as n from sense.medicion group by ubicacionid order by n desc, ubicacionid limit 1`,
    );
    ubicacionId = busiest!.ubicacionid;
    inLocation = busiest!.n;
  });
  afterAll(() => closeSenseContext(context));

  const readings = async (query: string) => {
    const response = await context.get(`/api/sense/mediciones?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<MedicionReading[]>();
  };

  describe('GET /mediciones', () => {
    it('answers the readings of a location, newest first, with metric, unit and entity', async () => {
      const rows = await readings(`ubicacionId=${ubicacionId}&limit=50`);
      expect(rows).toHaveLength(Math.min(50, inLocation));
      const [expected] = await context.query<{ medicionid: number; metrica: string; unidad: string; entidadid: number }>(sql`
        select m.medicionid, me.metrica, me.unidad, l.entidadid
          from sense.medicion m join sense.metrica me using (metricaid)
          join sense.localizacion l on l.nodoid = m.nodoid and l.ubicacionid = m.ubicacionid
         where m.ubicacionid = ${ubicacionId} order by m.fecha desc, m.medicionid desc limit 1`);
      expect(rows[0]).toEqual({
        medicionid: expected!.medicionid,
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        medicion: expect.any(Number),
        metricaid: expect.any(Number),
        metrica: expected!.metrica,
        unidad: expected!.unidad,
        nodoid: expect.any(Number),
        tipoid: expect.any(Number),
        ubicacionid: ubicacionId,
        entidadid: expected!.entidadid,
      });
      const times = rows.map((row) => Date.parse(row.fecha));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(rows.every((row) => row.ubicacionid === ubicacionId)).toBe(true);
    });

    it('keeps to the date window, both ends included, and to the farm\'s now', async () => {
      const start = new Date(context.now.getTime() - 6 * HOUR_MS).toISOString();
      const end = new Date(context.now.getTime() - 2 * HOUR_MS).toISOString();
      const rows = await readings(`ubicacionId=${ubicacionId}&startDate=${start}&endDate=${end}&getAll=true`);
      const [expected] = await context.query<{ n: number }>(sql`
        select count(*)::int as n from sense.medicion where ubicacionid = ${ubicacionId} and fecha >= ${start}::timestamptz and fecha <= ${end}::timestamptz`);
      expect(rows).toHaveLength(expected!.n);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.fecha >= start && row.fecha <= end)).toBe(true);
      expect(rows[0]!.fecha).toBe(end);
      expect(rows.at(-1)!.fecha).toBe(start);
    });

    it('reads a date alone as the whole day (UTC)', async () => {
      const day = context.now.toISOString().slice(0, 10);
      const rows = await readings(`ubicacionId=${ubicacionId}&startDate=${day}&endDate=${day}&getAll=true`);
      const [expected] = await context.query<{ n: number }>(sql`
        select count(*)::int as n from sense.medicion where ubicacionid = ${ubicacionId}
           and fecha >= ${day}::date and fecha < ${day}::date + 1`);
      expect(rows).toHaveLength(expected!.n);
    });

    it('limits to 1000 by default; getAll=true or limit >= 1000000 lifts the limit', async () => {
      const [all] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`);
      expect(all!.n).toBeGreaterThan(1000);
      expect(await readings('')).toHaveLength(1000);
      expect(await readings('limit=10')).toHaveLength(10);
      expect(await readings('getAll=true')).toHaveLength(all!.n);
      expect(await readings('limit=1000000')).toHaveLength(all!.n);
    });

    it('countOnly=true answers { count } of the whole window', async () => {
      const response = await context.get(`/api/sense/mediciones?ubicacionId=${ubicacionId}&countOnly=true&limit=5`);
      expect(response.json<CountAnswer>()).toEqual({ count: inLocation });
      const [all] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`);
      expect((await context.get('/api/sense/mediciones?countOnly=true')).json()).toEqual({ count: all!.n });
    });

    it('answers 400 VALIDATION for malformed or reversed dates and bad numbers', async () => {
      const cases: [string, { field: string; rule: string }][] = [
        ['startDate=yesterday', { field: 'startDate', rule: 'format' }],
        ['endDate=2026-13-45', { field: 'endDate', rule: 'format' }],
        ['startDate=2026-02-30', { field: 'startDate', rule: 'format' }],
        ['startDate=2026-11-02&endDate=2026-11-01', { field: 'endDate', rule: 'minimum' }],
        ['ubicacionId=abc', { field: 'ubicacionId', rule: 'type' }],
        ['limit=0', { field: 'limit', rule: 'minimum' }],
        ['countOnly=maybe', { field: 'countOnly', rule: 'type' }],
        ['ubicacionid=1', { field: 'ubicacionid', rule: 'unknown' }],
      ];
      for (const [query, detail] of cases) {
        const response = await context.get(`/api/sense/mediciones?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorOf(response), query).toEqual({ code: 'VALIDATION', message: expect.any(String), details: [expect.objectContaining(detail)] });
      }
    });
  });

  describe('GET /mediciones-con-entidad', () => {
    it('answers only the readings of the entity\'s locations and probe types', async () => {
      const [entity] = await context.query<{ entidadid: number }>(sql`select entidadid from sense.localizacion order by entidadid limit 1`);
      const entidadId = entity!.entidadid;
      const [expected] = await context.query<{ n: number }>(sql`
        select count(*)::int as n from sense.medicion m
         where m.ubicacionid in (select ubicacionid from sense.localizacion where entidadid = ${entidadId})
           and m.tipoid in (select tipoid from sense.tipo where entidadid = ${entidadId})`);
      const [all] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`);
      expect(expected!.n).toBeGreaterThan(0);
      expect(expected!.n).toBeLessThan(all!.n);
      const count = await context.get(`/api/sense/mediciones-con-entidad?entidadId=${entidadId}&countOnly=true`);
      expect(count.json()).toEqual({ count: expected!.n });
      const rows = (await context.get(`/api/sense/mediciones-con-entidad?entidadId=${entidadId}&limit=20`)).json<MedicionReading[]>();
      expect(rows).toHaveLength(Math.min(20, expected!.n));
      expect(rows.every((row) => row.entidadid === entidadId)).toBe(true);
      const tipos = await context.query<{ tipoid: number }>(sql`select tipoid from sense.tipo where entidadid = ${entidadId}`);
      expect(rows.every((row) => tipos.some((tipo) => tipo.tipoid === row.tipoid))).toBe(true);
    });

    it('narrows to one location and window like /mediciones', async () => {
      const [place] = await context.query<{ entidadid: number; ubicacionid: number }>(
        sql`select entidadid, ubicacionid from sense.localizacion order by entidadid, ubicacionid limit 1`,
      );
      const start = new Date(context.now.getTime() - 3 * HOUR_MS).toISOString();
      const rows = (
        await context.get(`/api/sense/mediciones-con-entidad?entidadId=${place!.entidadid}&ubicacionId=${place!.ubicacionid}&startDate=${start}`)
      ).json<MedicionReading[]>();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.ubicacionid === place!.ubicacionid && row.fecha >= start)).toBe(true);
    });

    it('answers 400 VALIDATION without entidadId', async () => {
      const response = await context.get('/api/sense/mediciones-con-entidad?ubicacionId=1');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([expect.objectContaining({ field: 'entidadId', rule: 'required' })]);
    });
  });

  describe('GET /nodos-con-localizacion', () => {
    it('answers each placed node with its place, coordinates and last reading', async () => {
      const nodes = (await context.get('/api/sense/nodos-con-localizacion')).json<NodoConLocalizacion[]>();
      const [placed] = await context.query<{ n: number }>(sql`select count(distinct nodoid)::int as n from sense.localizacion`);
      expect(nodes).toHaveLength(placed!.n);
      const [reporting] = await context.query<{ nodoid: number }>(
        sql`select nodoid from sense.medicion group by nodoid order by nodoid limit 1`,
      );
      const node = nodes.find((candidate) => candidate.nodoid === reporting!.nodoid)!;
      const [expected] = await context.query<{
        deveui: string; ubicacion: string; fundo: string; empresa: string; pais: string; entidad: string; latitud: number; last: string;
      }>(sql`
        select n.deveui, u.ubicacion, f.fundo, e.empresa, p.pais, en.entidad, l.latitud,
               (select max(fecha) from sense.medicion m where m.nodoid = n.nodoid) as last
          from sense.nodo n join sense.localizacion l using (nodoid) join sense.ubicacion u using (ubicacionid)
          join sense.fundo f using (fundoid) join sense.empresa e using (empresaid) join sense.pais p using (paisid)
          join sense.entidad en on en.entidadid = l.entidadid
         where n.nodoid = ${node.nodoid}`);
      expect(node).toEqual(
        expect.objectContaining({
          deveui: expected!.deveui,
          ubicacion: expected!.ubicacion,
          fundo: expected!.fundo,
          empresa: expected!.empresa,
          pais: expected!.pais,
          entidad: expected!.entidad,
          latitud: expected!.latitud,
          longitud: expect.any(Number),
        }),
      );
      expect(node.deveui).toMatch(/^[0-9A-F]{16}$/i);
      expect(Date.parse(node.ultimaFecha!)).toBe(Date.parse(String(expected!.last)));
      const series = await context.query<{ metricaid: number; tipoid: number; medicion: number }>(sql`
        select distinct on (metricaid, tipoid) metricaid, tipoid, medicion from sense.medicion
         where nodoid = ${node.nodoid} order by metricaid, tipoid, fecha desc`);
      expect(series.length).toBeGreaterThan(0);
      expect(node.ultimasMediciones).toHaveLength(series.length);
      for (const { metricaid, tipoid, medicion } of series) {
        expect(node.ultimasMediciones).toContainEqual(
          expect.objectContaining({ metricaid, tipoid, medicion, metrica: expect.any(String), fecha: expect.any(String) }),
        );
      }
      // Dates as every other date of the API: ISO 8601 in UTC, with milliseconds and Z.
      for (const latest of node.ultimasMediciones) expect(latest.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('answers a node that never reported with no last reading', async () => {
      const silent = await context.query<{ nodoid: number }>(sql`
        select distinct l.nodoid from sense.localizacion l
         where not exists (select 1 from sense.medicion m where m.nodoid = l.nodoid) order by l.nodoid limit 1`);
      const nodes = (await context.get('/api/sense/nodos-con-localizacion')).json<NodoConLocalizacion[]>();
      for (const { nodoid } of silent) {
        expect(nodes.find((node) => node.nodoid === nodoid)).toEqual(
          expect.objectContaining({ ultimaFecha: null, ultimasMediciones: [] }),
        );
      }
    });

    it('marks open alarms: active threshold episodes counted, the no-data episode with its state, the inactivity window', async () => {
      const [target] = await context.query<{ nodoid: number }>(sql`
        select u.nodoid from sense.umbral u
         where not exists (select 1 from sense.episodio e where e.nodoid = u.nodoid and e.fechafin is null)
         group by u.nodoid having count(*) >= 3 order by u.nodoid limit 1`);
      const nodoid = target!.nodoid;
      const thresholds = await context.query<{ umbralid: number; criticidadid: number }>(sql`
        select umbralid, criticidadid from sense.umbral where nodoid = ${nodoid} order by umbralid limit 3`);
      const [first, second, third] = thresholds;
      const start = new Date(Date.now() - HOUR_MS).toISOString();
      const inserted = await context.query<{ episodioid: number; tipo: string }>(sql`
        insert into sense.episodio (tipo, umbralid, nodoid, criticidadid, fechainicio, fechafin, statusid) values
          ('umbral', ${first!.umbralid}, ${nodoid}, ${first!.criticidadid}, ${start}, null, 1),
          ('umbral', ${second!.umbralid}, ${nodoid}, ${second!.criticidadid}, ${start}, null, 1),
          ('umbral', ${third!.umbralid}, ${nodoid}, ${third!.criticidadid}, ${start}, null, -1),
          ('umbral', ${third!.umbralid}, ${nodoid}, ${third!.criticidadid}, ${start}, ${start}, 0),
          ('sindatos', null, ${nodoid}, ${first!.criticidadid}, ${start}, null, 1)
        returning episodioid, tipo`);
      try {
        await context.query(sql`update sense.nodo set ventanainactividad = 45 where nodoid = ${nodoid}`);
        const find = async () =>
          (await context.get('/api/sense/nodos-con-localizacion')).json<NodoConLocalizacion[]>().find((node) => node.nodoid === nodoid)!;
        const silentId = inserted.find((row) => row.tipo === 'sindatos')!.episodioid;
        // The acknowledged and the closed threshold episodes are not counted.
        expect(await find()).toEqual(
          expect.objectContaining({
            ventanaInactividad: 45,
            episodiosActivos: 2,
            episodioSinDatos: { episodioid: silentId, statusid: 1, fechainicio: expect.any(String) },
          }),
        );
        expect((await find()).episodioSinDatos!.fechainicio).toBe(start);
        const acknowledged = await context.send('POST', `/api/episodes/${silentId}/acknowledge`, {});
        expect(acknowledged.statusCode, acknowledged.body).toBe(200);
        expect((await find()).episodioSinDatos).toEqual({ episodioid: silentId, statusid: -1, fechainicio: expect.any(String) });
        await context.query(sql`update sense.episodio set fechafin = now(), statusid = 0 where episodioid = ${silentId}`);
        expect((await find()).episodioSinDatos).toBeNull();
        const other = (await context.get('/api/sense/nodos-con-localizacion')).json<NodoConLocalizacion[]>().find((node) => node.nodoid !== nodoid)!;
        expect(other.ventanaInactividad).toBeGreaterThan(0);
      } finally {
        await context.query(sql`delete from sense.episodio where nodoid = ${nodoid} and fechainicio = ${start}`);
        await context.query(sql`update sense.nodo set ventanainactividad = 60 where nodoid = ${nodoid}`);
      }
    });

    it('takes a limit, 1000 by default, and refuses a bad one', async () => {
      expect((await context.get('/api/sense/nodos-con-localizacion?limit=1')).json()).toHaveLength(1);
      const response = await context.get('/api/sense/nodos-con-localizacion?limit=-3');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    });
  });
});
