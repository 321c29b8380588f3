import { compactAlertCounts, DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { REPORT_CSV_TEXTS, REPORT_MAX_PAGE_OFFSET } from '@camposense/domain';
import type { AlertaFilterOptions, AlertaReportPage, MensajeFilterOptions, MensajeReportPage, ReportDownloadToken } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';
import type { SenseContext } from '../../testing/sense-context';
import { csvLine, csvNumber, csvText, UTF8_BOM } from './csv';
import { HeavyReadBudget } from '../../sense/streaming';
import { MAX_PAGE_OFFSET } from '../tables/queries';
import { createReportQueries, encodeReportCursor } from './queries';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** RFC 4180 rows of a CSV body (quotes, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText(null)).toBe('');
    expect(csvNumber(-3.5)).toBe('-3.5');
    expect(csvNumber(null)).toBe('');
    expect(csvLine(['1', '"a,b"'])).toBe('1,"a,b"\r\n');
    expect(parseCsv(`${csvLine(['1', csvText('x "y", z\nw')])}`)).toEqual([['1', 'x "y", z\nw']]);
  });
});

describe.each(testDrivers())('GET /api/sense/reports on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    // A budget no page here runs past (on a loaded machine the 21k-row sorts of the deep-page cases
    // are slow): the budget has its own tests in stall.test and heavy-reads.test.
    context = await openSenseContext(driver, { heavyReads: new HeavyReadBudget({ slowAfterMs: 10 * 60_000 }) });
  });
  afterAll(() => closeSenseContext(context));

  const alertas = async (query: string) => {
    const response = await context.get(`/api/sense/reports/alertas${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AlertaReportPage>();
  };
  const ids = (statement: ReturnType<typeof sql>) => context.query<{ id: number }>(statement).then((rows) => rows.map((row) => row.id));
  const count = async (statement: ReturnType<typeof sql>) => (await context.query<{ n: number }>(statement))[0]!.n;

  it('answers 401 without a bearer token on every report route', async () => {
    for (const url of [
      '/api/sense/reports/alertas',
      '/api/sense/reports/alertas/filtros',
      '/api/sense/reports/mensajes/filtros',
      '/api/sense/reports/alertas.csv',
      '/api/sense/reports/mensajes',
      '/api/sense/reports/mensajes.csv',
      '/api/sense/reports/download-token?report=alertas',
    ]) {
      const response = await context.get(url, {});
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHORIZED');
    }
  });

  it('has a farm with enough alerts and messages to page through', async () => {
    expect(await count(sql`select count(*)::int as n from sense.alerta`)).toBeGreaterThan(40);
    expect(await count(sql`select count(*)::int as n from sense.mensaje`)).toBeGreaterThan(40);
  });

  it('answers the first 20 alerts, newest first, with umbral and medicion embedded and the value as valor', async () => {
    const body = await alertas('');
    const total = await count(sql`select count(*)::int as n from sense.alerta`);
    expect(body.pagination).toEqual({ page: 1, pageSize: 20, total, totalPages: Math.ceil(total / 20), next: expect.any(String) });
    expect(body.data.map((row) => row.alertaid)).toEqual(
      await ids(sql`select alertaid as id from sense.alerta order by fecha desc, alertaid desc limit 20`),
    );
    const first = body.data[0]!;
    const [expected] = await context.query<{ umbral: string; medicion: number; criticidadid: number }>(
      sql`select u.umbral, m.medicion, u.criticidadid from sense.alerta a join sense.umbral u using (umbralid)
          join sense.medicion m using (medicionid) where a.alertaid = ${first.alertaid}`,
    );
    expect(first.fecha).toMatch(ISO_UTC);
    expect(first.datecreated).toMatch(ISO_UTC);
    expect(first.umbral).toEqual(expect.objectContaining({ umbralid: first.umbralid, umbral: expected!.umbral, criticidadid: expected!.criticidadid }));
    expect(first.medicion).toEqual(expect.objectContaining({ medicionid: first.medicionid, medicion: expected!.medicion }));
    expect(first.medicion!.fecha).toMatch(ISO_UTC);
    expect(first.valor).toBe(expected!.medicion);
  });

  it('names what broke on every row: node, location, metric with unit, criticality and its grado, beside the limits', async () => {
    // Oldest first, so the rows differ from the default page and each row is checked on its own.
    const body = await alertas('?sortBy=alertaid&sortOrder=asc&pageSize=30');
    const expected = await context.query<{
      alertaid: number;
      nodo: string;
      ubicacion: string;
      metrica: string;
      unidad: string | null;
      criticidad: string;
      grado: number;
      minimo: number;
      maximo: number;
    }>(sql`select a.alertaid, n.nodo, ub.ubicacion, me.metrica, me.unidad, cr.criticidad, cr.grado, u.minimo, u.maximo
      from sense.alerta a join sense.umbral u using (umbralid) join sense.nodo n on n.nodoid = u.nodoid
      join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.metrica me on me.metricaid = u.metricaid
      join sense.criticidad cr on cr.criticidadid = u.criticidadid order by a.alertaid asc limit 30`);
    expect(body.data.map(({ alertaid, nodo, ubicacion, metrica, unidad, criticidad, grado }) => ({ alertaid, nodo, ubicacion, metrica, unidad, criticidad, grado }))).toEqual(
      expected.map(({ alertaid, nodo, ubicacion, metrica, unidad, criticidad, grado }) => ({ alertaid, nodo, ubicacion, metrica, unidad, criticidad, grado })),
    );
    expect(body.data.map((row) => [row.umbral?.minimo, row.umbral?.maximo])).toEqual(expected.map((row) => [row.minimo, row.maximo]));
    // The demo's alerts span more than one of each, so a name copied from another row would show.
    expect(new Set(body.data.map((row) => row.nodo)).size).toBeGreaterThan(1);
    expect(new Set(body.data.map((row) => row.metrica)).size).toBeGreaterThan(1);
    expect(body.data.every((row) => row.unidad !== null && row.unidad !== '')).toBe(true);
  });

  it('reaches every alert through the pages, each exactly once, in the order asked', async () => {
    const expected = await ids(sql`select a.alertaid as id from sense.alerta a join sense.medicion m using (medicionid)
      order by m.medicion asc, a.alertaid asc`);
    const seen: number[] = [];
    const first = await alertas('?pageSize=50&sortBy=valor&sortOrder=asc');
    for (let page = 1; page <= first.pagination.totalPages; page++) {
      const body = await alertas(`?page=${page}&pageSize=50&sortBy=valor&sortOrder=asc`);
      seen.push(...body.data.map((row) => row.alertaid));
    }
    expect(seen).toEqual(expected);
    const past = await alertas(`?page=${first.pagination.totalPages + 1}&pageSize=50`);
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(expected.length);
  });

  it('sorts by threshold text, status and creation date in either direction', async () => {
    const byUmbral = await alertas('?sortBy=umbral&sortOrder=desc&pageSize=100');
    expect(byUmbral.data.map((row) => row.alertaid)).toEqual(
      await ids(sql`select a.alertaid as id from sense.alerta a join sense.umbral u using (umbralid)
        order by u.umbral desc, a.alertaid desc limit 100`),
    );
    const byStatus = await alertas('?sortBy=statusid&sortOrder=asc&pageSize=100');
    expect(byStatus.data.map((row) => row.alertaid)).toEqual(
      await ids(sql`select alertaid as id from sense.alerta order by statusid asc, alertaid asc limit 100`),
    );
    const oldest = await alertas('?sortBy=datecreated&sortOrder=asc&pageSize=5');
    expect(oldest.data.map((row) => row.alertaid)).toEqual(
      await ids(sql`select alertaid as id from sense.alerta order by datecreated asc, alertaid asc limit 5`),
    );
  });

  it('filters by criticality and by location through the threshold', async () => {
    const [pick] = await context.query<{ criticidadid: number; ubicacionid: number }>(
      sql`select u.criticidadid, u.ubicacionid from sense.alerta a join sense.umbral u using (umbralid)
        group by 1, 2 order by count(*) desc limit 1`,
    );
    const byCriticidad = await alertas(`?criticidadId=${pick!.criticidadid}&pageSize=100`);
    expect(byCriticidad.pagination.total).toBe(
      await count(sql`select count(*)::int as n from sense.alerta a join sense.umbral u using (umbralid)
        where u.criticidadid = ${pick!.criticidadid}`),
    );
    expect(byCriticidad.pagination.total).toBeLessThan(await count(sql`select count(*)::int as n from sense.alerta`));
    expect(byCriticidad.data.every((row) => row.umbral?.criticidadid === pick!.criticidadid)).toBe(true);

    const both = await alertas(`?criticidadId=${pick!.criticidadid}&ubicacionId=${pick!.ubicacionid}&pageSize=100`);
    expect(both.pagination.total).toBeGreaterThan(0);
    expect(both.data.map((row) => row.alertaid)).toEqual(
      await ids(sql`select a.alertaid as id from sense.alerta a join sense.umbral u using (umbralid)
        where u.criticidadid = ${pick!.criticidadid} and u.ubicacionid = ${pick!.ubicacionid}
        order by a.fecha desc, a.alertaid desc limit 100`),
    );
  });

  it('filters by state (active, processed, closed) and shows who acknowledged a processed alert, when, and the note', async () => {
    const [active] = await context.query<{ alertaid: number }>(sql`select alertaid from sense.alerta where statusid = 1 order by alertaid limit 1`);
    const acknowledged = await context.send('POST', `/api/alerts/${active!.alertaid}/acknowledge`, { nota: 'Válvula cerrada' });
    expect(acknowledged.statusCode).toBe(200);
    for (const [estado, statusid] of [['activa', 1], ['procesada', -1], ['cerrada', 0]] as const) {
      const page = await alertas(`?estado=${estado}&pageSize=100`);
      expect(page.pagination.total, estado).toBe(await count(sql`select count(*)::int as n from sense.alerta where statusid = ${statusid}`));
      expect(page.pagination.total, estado).toBeGreaterThan(0);
      expect(page.data.every((row) => row.statusid === statusid), estado).toBe(true);
    }
    const processed = await alertas('?estado=procesada&pageSize=100');
    const row = processed.data.find((candidate) => candidate.alertaid === active!.alertaid);
    expect(row).toMatchObject({
      reconocidopor: { usuarioid: context.adminId, firstname: expect.any(String), lastname: expect.any(String) },
      notareconocido: 'Válvula cerrada',
      episodioactivas: 0,
    });
    // By name, never the login (an e-mail).
    expect(row!.reconocidopor).not.toHaveProperty('login');
    expect(row!.fechareconocido).toMatch(ISO_UTC);
    const stillActive = await alertas('?estado=activa&pageSize=1');
    expect(stillActive.data[0]).toMatchObject({ reconocidopor: null, fechareconocido: null, notareconocido: null });
    expect((await context.get('/api/sense/reports/alertas?estado=abierta')).statusCode).toBe(400);
  });

  it('keeps its totals exact through every change of the alerts, and after the kept counts are folded', async () => {
    const [probe] = await context.query<{ umbralid: number; nodoid: number; medicionid: number; fecha: string }>(
      sql`select a.umbralid, u.nodoid, a.medicionid, a.fecha::text as fecha from sense.alerta a join sense.umbral u using (umbralid)
        order by a.alertaid limit 1`,
    );
    const [other] = await context.query<{ umbralid: number }>(
      sql`select umbralid from sense.umbral where nodoid <> ${probe!.nodoid} order by umbralid limit 1`,
    );
    const expectExact = async (step: string) => {
      const all = await count(sql`select count(*)::int as n from sense.alerta`);
      expect((await alertas('')).pagination, step).toEqual({ page: 1, pageSize: 20, total: all, totalPages: Math.ceil(all / 20), next: expect.any(String) });
      for (const [estado, statusid] of [['activa', 1], ['procesada', -1], ['cerrada', 0]] as const) {
        expect((await alertas(`?estado=${estado}`)).pagination.total, `${step}: ${estado}`).toBe(
          await count(sql`select count(*)::int as n from sense.alerta where statusid = ${statusid}`),
        );
      }
      expect((await alertas(`?nodoId=${probe!.nodoid}&estado=activa`)).pagination.total, `${step}: node`).toBe(
        await count(sql`select count(*)::int as n from sense.alerta a join sense.umbral u using (umbralid)
          where u.nodoid = ${probe!.nodoid} and a.statusid = 1`),
      );
    };
    await expectExact('as seeded');
    const added = await ids(sql`insert into sense.alerta (umbralid, medicionid, fecha, statusid)
      select ${probe!.umbralid}, ${probe!.medicionid}, ${probe!.fecha}::timestamptz, 1 from generate_series(1, 3) returning alertaid as id`);
    await expectExact('three inserted');
    await context.query(sql`update sense.alerta set statusid = -1 where alertaid = ${added[0]!}`);
    await context.query(sql`update sense.alerta set umbralid = ${other!.umbralid} where alertaid = ${added[1]!}`);
    await expectExact('one acknowledged, one moved to another node');
    await context.query(sql`delete from sense.alerta where alertaid = any(${`{${added.join(',')}}`}::bigint[])`);
    await expectExact('deleted again');
    // A few deltas are left as they are (a quiet farm's table is not rewritten every minute).
    expect(await compactAlertCounts(context.database)).toBe(0);
    expect(await compactAlertCounts(context.database, { surplusKept: 1 })).toBeGreaterThan(0);
    await expectExact('folded');
  });

  it('filters by country, company and farm through the location of the threshold', async () => {
    const [place] = await context.query<{ paisid: number; empresaid: number; fundoid: number }>(
      sql`select e.paisid, e.empresaid, f.fundoid from sense.alerta a join sense.umbral u using (umbralid)
        join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
        join sense.empresa e on e.empresaid = f.empresaid group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    const within = (condition: ReturnType<typeof sql>) =>
      count(sql`select count(*)::int as n from sense.alerta a join sense.umbral u using (umbralid)
        join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
        join sense.empresa e on e.empresaid = f.empresaid where ${condition}`);
    expect((await alertas(`?paisId=${place!.paisid}`)).pagination.total).toBe(await within(sql`e.paisid = ${place!.paisid}`));
    expect((await alertas(`?empresaId=${place!.empresaid}`)).pagination.total).toBe(
      await within(sql`e.empresaid = ${place!.empresaid}`),
    );
    const farm = await alertas(`?fundoId=${place!.fundoid}`);
    expect(farm.pagination.total).toBe(await within(sql`f.fundoid = ${place!.fundoid}`));
    expect(farm.pagination.total).toBeGreaterThan(0);
    expect((await alertas('?fundoId=999999')).pagination).toEqual({ page: 1, pageSize: 20, total: 0, totalPages: 0, next: null });
  });

  it('filters alerts by node and by a date range, both ends included, in the CSV too', async () => {
    const [busiest] = await context.query<{ nodoid: number; first: string; last: string }>(
      sql`select u.nodoid, min(a.fecha)::text as first, max(a.fecha)::text as last
        from sense.alerta a join sense.umbral u using (umbralid) group by 1 order by count(*) desc limit 1`,
    );
    const node = await alertas(`?nodoId=${busiest!.nodoid}&pageSize=100`);
    expect(node.pagination.total).toBe(
      await count(sql`select count(*)::int as n from sense.alerta a join sense.umbral u using (umbralid) where u.nodoid = ${busiest!.nodoid}`),
    );
    expect(node.pagination.total).toBeGreaterThan(1);
    expect(node.data.every((row) => row.umbral?.nodoid === busiest!.nodoid)).toBe(true);

    // The node's first alert as the end, to the millisecond: included, and alone with it.
    const first = new Date(busiest!.first).toISOString();
    const until = await alertas(`?nodoId=${busiest!.nodoid}&hasta=${encodeURIComponent(first)}`);
    expect(until.data.map((row) => row.fecha)).toEqual(
      (await context.query<{ fecha: string }>(sql`select a.fecha::text as fecha from sense.alerta a join sense.umbral u using (umbralid)
        where u.nodoid = ${busiest!.nodoid} and a.fecha <= ${first}::timestamptz order by a.fecha desc, a.alertaid desc`)).map((row) =>
        new Date(row.fecha).toISOString(),
      ),
    );
    expect(until.pagination.total).toBeGreaterThan(0);
    // A day given alone is the whole of that (UTC) day.
    const day = new Date(busiest!.last).toISOString().slice(0, 10);
    const thatDay = await alertas(`?desde=${day}&hasta=${day}&pageSize=100`);
    expect(thatDay.pagination.total).toBe(
      await count(sql`select count(*)::int as n from sense.alerta where fecha >= ${day}::date and fecha < ${day}::date + 1`),
    );
    expect(thatDay.pagination.total).toBeGreaterThan(0);
    expect(thatDay.data.every((row) => row.fecha!.startsWith(day))).toBe(true);

    const csv = await context.get(`/api/sense/reports/alertas.csv?nodoId=${busiest!.nodoid}&desde=${day}`);
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body.replace(UTF8_BOM, '')).length - 1).toBe(
      await count(sql`select count(*)::int as n from sense.alerta a join sense.umbral u using (umbralid)
        where u.nodoid = ${busiest!.nodoid} and a.fecha >= ${day}::date`),
    );

    for (const [query, field] of [
      ['?desde=ayer', 'desde'],
      ['?hasta=2026-02-30', 'hasta'],
      ['?desde=2026-11-02&hasta=2026-11-01', 'hasta'],
    ] as const) {
      const response = await context.get(`/api/sense/reports/alertas${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).details?.[0]?.field, query).toBe(field);
    }
  });

  it('filters messages by contact, state, channel, date and the global selection, in the CSV too', async () => {
    const mensajes = async (query: string) => {
      const response = await context.get(`/api/sense/reports/mensajes${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MensajeReportPage>();
    };
    const [contact] = await context.query<{ contactoid: number; medioid: number }>(
      sql`select ms.contactoid, c.medioid from sense.mensaje ms join sense.contacto c using (contactoid) group by 1, 2 order by count(*) desc limit 1`,
    );
    const byContact = await mensajes(`?contactoId=${contact!.contactoid}&pageSize=100`);
    expect(byContact.pagination.total).toBe(await count(sql`select count(*)::int as n from sense.mensaje where contactoid = ${contact!.contactoid}`));
    expect(byContact.data.every((row) => row.contactoid === contact!.contactoid)).toBe(true);

    const byChannel = await mensajes(`?medioId=${contact!.medioid}`);
    expect(byChannel.pagination.total).toBe(
      await count(sql`select count(*)::int as n from sense.mensaje ms join sense.contacto c using (contactoid) where c.medioid = ${contact!.medioid}`),
    );
    expect(byChannel.pagination.total).toBeGreaterThan(0);

    // The first message made failed: the state filter finds it first in id order.
    const [failed] = await context.query<{ mensajeid: number }>(
      sql`update sense.mensaje set statusid = 0, error = 'buzón lleno' where mensajeid = (select min(mensajeid) from sense.mensaje) returning mensajeid`,
    );
    try {
      const fallidos = await mensajes('?estado=fallido&sortBy=mensajeid&sortOrder=asc');
      expect(fallidos.data[0]?.mensajeid).toBe(failed!.mensajeid);
      expect(fallidos.data.every((row) => row.statusid === 0)).toBe(true);
      expect(fallidos.pagination.total).toBe(await count(sql`select count(*)::int as n from sense.mensaje where statusid = 0`));
      expect((await mensajes('?estado=enviado')).pagination.total).toBe(await count(sql`select count(*)::int as n from sense.mensaje where statusid = 1`));
    } finally {
      await context.query(sql`update sense.mensaje set statusid = 1, error = null where mensajeid = ${failed!.mensajeid}`);
    }

    const [newest] = await context.query<{ fecha: string }>(sql`select max(fecha)::text as fecha from sense.mensaje`);
    const day = new Date(newest!.fecha).toISOString().slice(0, 10);
    const thatDay = await mensajes(`?desde=${day}&hasta=${day}`);
    expect(thatDay.pagination.total).toBe(await count(sql`select count(*)::int as n from sense.mensaje where fecha >= ${day}::date and fecha < ${day}::date + 1`));
    expect(thatDay.pagination.total).toBeGreaterThan(0);

    // The selection: through the alert's threshold, or the episode's (its node's place for a no-data one).
    const inFarm = (fundoid: number) =>
      count(sql`select count(*)::int as n from sense.mensaje ms
        where ms.alertaid in (select a.alertaid from sense.alerta a join sense.umbral u using (umbralid)
                               join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid where ub.fundoid = ${fundoid})
           or ms.episodioid in (select e.episodioid from sense.episodio e left join sense.umbral u using (umbralid)
                               left join sense.localizacion l on l.nodoid = e.nodoid and l.statusid = 1 and e.umbralid is null
                               join sense.ubicacion ub on ub.ubicacionid = coalesce(u.ubicacionid, l.ubicacionid) where ub.fundoid = ${fundoid})`);
    const [farm] = await context.query<{ fundoid: number; paisid: number }>(
      sql`select ub.fundoid, e.paisid from sense.mensaje ms join sense.alerta a using (alertaid) join sense.umbral u using (umbralid)
        join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
        join sense.empresa e on e.empresaid = f.empresaid group by 1, 2 order by count(*) desc limit 1`,
    );
    const scoped = await mensajes(`?fundoId=${farm!.fundoid}`);
    expect(scoped.pagination.total).toBe(await inFarm(farm!.fundoid));
    expect(scoped.pagination.total).toBeGreaterThan(0);
    expect(scoped.pagination.total).toBeLessThan(await count(sql`select count(*)::int as n from sense.mensaje`));
    expect((await mensajes(`?paisId=${farm!.paisid}`)).pagination.total).toBeGreaterThanOrEqual(scoped.pagination.total);
    expect((await mensajes('?fundoId=999999')).pagination.total).toBe(0);

    const csv = await context.get(`/api/sense/reports/mensajes.csv?fundoId=${farm!.fundoid}&contactoId=${contact!.contactoid}`);
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body.replace(UTF8_BOM, '')).length - 1).toBe(
      (await mensajes(`?fundoId=${farm!.fundoid}&contactoId=${contact!.contactoid}`)).pagination.total,
    );
    for (const query of ['?estado=leido', '?contactoId=0', '?medioId=x', '?desde=mañana']) {
      expect((await context.get(`/api/sense/reports/mensajes${query}`)).statusCode, query).toBe(400);
    }
  });

  it('refuses an unknown sort column, a page size over 100, a bad id and an unknown parameter with 400', async () => {
    for (const query of ['?sortBy=password_hash', '?sortBy=fecha;drop', '?pageSize=101', '?page=0', '?criticidadId=abc', '?nope=1', '?sortOrder=up']) {
      const response = await context.get(`/api/sense/reports/alertas${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(['VALIDATION', 'BAD_REQUEST'], query).toContain(errorOf(response).code);
    }
  });

  it('offers every criticality and the locations of the global selection', async () => {
    const all = await context.get('/api/sense/reports/alertas/filtros');
    expect(all.statusCode).toBe(200);
    const options = all.json<AlertaFilterOptions>();
    expect(options.criticidades.length).toBe(await count(sql`select count(*)::int as n from sense.criticidad`));
    expect(options.ubicaciones.length).toBe(await count(sql`select count(*)::int as n from sense.ubicacion`));
    const fundoid = options.ubicaciones[0]!.fundoid;
    const farm = (await context.get(`/api/sense/reports/alertas/filtros?fundoId=${fundoid}`)).json<AlertaFilterOptions>();
    expect(farm.ubicaciones.length).toBe(await count(sql`select count(*)::int as n from sense.ubicacion where fundoid = ${fundoid}`));
    expect(farm.ubicaciones.every((row) => row.fundoid === fundoid)).toBe(true);

    // The nodes: those with thresholds in the selection, with the locations of those thresholds.
    expect(options.nodos.map((row) => row.nodoid).sort((left, right) => left - right)).toEqual(
      await ids(sql`select distinct nodoid as id from sense.umbral order by 1`),
    );
    const farmNodes = await context.query<{ nodoid: number; nodo: string; ubicacionids: number[] }>(
      sql`select n.nodoid, n.nodo, array_agg(distinct u.ubicacionid order by u.ubicacionid)::int[] as ubicacionids
        from sense.umbral u join sense.nodo n using (nodoid) join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
        where ub.fundoid = ${fundoid} group by 1, 2 order by n.nodo, n.nodoid`,
    );
    expect(farm.nodos).toEqual(farmNodes);
    expect(farm.nodos.length).toBeGreaterThan(0);
    expect(farm.nodos.length).toBeLessThan(options.nodos.length);
    const farmLocations = new Set(farm.ubicaciones.map((row) => row.ubicacionid));
    expect(farm.nodos.every((row) => row.ubicacionids.every((id) => farmLocations.has(id)))).toBe(true);
  });

  it('offers every contact with its user and every channel for the messages filters; a reader gets no other login', async () => {
    const response = await context.get('/api/sense/reports/mensajes/filtros');
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json<MensajeFilterOptions>();
    expect(options.medios.map((row) => row.nombre)).toEqual(
      (await context.query<{ nombre: string }>(sql`select nombre from sense.medio order by nombre, medioid`)).map((row) => row.nombre),
    );
    const contacts = await context.query<{ contactoid: number; usuarioid: number; medioid: number; login: string }>(
      sql`select c.contactoid, c.usuarioid, c.medioid, us.login from sense.contacto c join sense.usuario us using (usuarioid)`,
    );
    expect(options.contactos).toHaveLength(contacts.length);
    for (const contact of contacts) {
      expect(options.contactos.find((row) => row.contactoid === contact.contactoid)).toMatchObject({
        usuarioid: contact.usuarioid,
        medioid: contact.medioid,
        usuario: { usuarioid: contact.usuarioid, login: contact.login },
      });
    }

    const reader = DEMO_USERS.find((user) => user.rol === 'user')!;
    const readerLogin = await loginAs(context.app, reader.login, DEMO_PASSWORD);
    const asReader = (await context.get('/api/sense/reports/mensajes/filtros', { authorization: `Bearer ${readerLogin.session.access_token}` })).json<MensajeFilterOptions>();
    expect(asReader.contactos).toHaveLength(contacts.length);
    const others = asReader.contactos.filter((row) => row.usuarioid !== readerLogin.user.id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((row) => row.usuario?.login === null)).toBe(true);
  });

  it('answers messages newest first with contacto.usuario embedded, and sorts by the contact name', async () => {
    const response = await context.get('/api/sense/reports/mensajes');
    expect(response.statusCode).toBe(200);
    const body = response.json<MensajeReportPage>();
    const total = await count(sql`select count(*)::int as n from sense.mensaje`);
    expect(body.pagination).toEqual({ page: 1, pageSize: 20, total, totalPages: Math.ceil(total / 20), next: expect.any(String) });
    expect(body.data.map((row) => row.mensajeid)).toEqual(
      await ids(sql`select mensajeid as id from sense.mensaje order by fecha desc, mensajeid desc limit 20`),
    );
    const first = body.data[0]!;
    const [user] = await context.query<{ login: string; firstname: string | null }>(
      sql`select us.login, us.firstname from sense.mensaje ms join sense.contacto c using (contactoid)
        join sense.usuario us on us.usuarioid = c.usuarioid where ms.mensajeid = ${first.mensajeid}`,
    );
    expect(first.contacto?.contactoid).toBe(first.contactoid);
    expect(first.contacto?.usuario).toEqual(expect.objectContaining({ login: user!.login, firstname: user!.firstname }));
    expect(first.contacto?.usuario).not.toHaveProperty('password_hash');
    expect(first.fecha).toMatch(ISO_UTC);

    const byContact = (await context.get('/api/sense/reports/mensajes?sortBy=contacto&sortOrder=asc&pageSize=100')).json<MensajeReportPage>();
    expect(byContact.data.map((row) => row.mensajeid)).toEqual(
      await ids(sql`select ms.mensajeid as id from sense.mensaje ms join sense.contacto c using (contactoid)
        join sense.usuario us on us.usuarioid = c.usuarioid
        order by coalesce(nullif(trim(concat_ws(' ', us.firstname, us.lastname)), ''), us.login) asc, ms.mensajeid asc limit 100`),
    );
    const lastPage = (await context.get(`/api/sense/reports/mensajes?page=${body.pagination.totalPages}`)).json<MensajeReportPage>();
    expect(lastPage.data.length).toBe(total - (body.pagination.totalPages - 1) * 20);
  });

  it('exports the filtered alerts as CSV: BOM, Spanish headers, every row in order, streamed', async () => {
    const [pick] = await context.query<{ criticidadid: number }>(
      sql`select u.criticidadid from sense.alerta a join sense.umbral u using (umbralid) group by 1 order by count(*) desc limit 1`,
    );
    const response = await context.get(`/api/sense/reports/alertas.csv?criticidadId=${pick!.criticidadid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="alertas-\d{12}\.csv"$/);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.body.startsWith(UTF8_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    // The domain's Spanish headers, the two dates named with their zone.
    expect(header).toEqual([
      ...REPORT_CSV_TEXTS.es.alertas.slice(0, 10),
      'Fecha de alerta (UTC)',
      'Fecha de creación (UTC)',
      'Estado',
      'Reconocida por',
      'Fecha de reconocimiento (UTC)',
      'Nota de reconocimiento',
    ]);
    expect(header!.slice(0, 3)).toEqual(['ID de alerta', 'Umbral', 'Criticidad']);
    const expected = await context.query<{
      id: number;
      umbral: string;
      medicion: number;
      criticidad: string;
      nodo: string;
      ubicacion: string;
      metrica: string;
      unidad: string;
      minimo: number;
      maximo: number;
    }>(
      sql`select a.alertaid as id, u.umbral, m.medicion, cr.criticidad, n.nodo, ub.ubicacion, me.metrica, me.unidad, u.minimo, u.maximo
        from sense.alerta a join sense.umbral u using (umbralid)
        join sense.medicion m using (medicionid) join sense.criticidad cr on cr.criticidadid = u.criticidadid
        join sense.nodo n on n.nodoid = u.nodoid join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
        join sense.metrica me on me.metricaid = u.metricaid
        where u.criticidadid = ${pick!.criticidadid} order by a.fecha desc, a.alertaid desc`,
    );
    expect(rows.map((row) => Number(row[0]))).toEqual(expected.map((row) => row.id));
    expect(rows.map((row) => row.slice(1, 9))).toEqual(
      expected.map((row) => [row.umbral, row.criticidad, row.nodo, row.ubicacion, row.metrica, row.unidad, String(row.minimo), String(row.maximo)]),
    );
    expect(Number(rows[0]![9])).toBe(expected[0]!.medicion);
    // Without `tz` the dates are UTC, still written with their offset rather than `Z`.
    expect(rows[0]![10]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/);
    expect(['Activo', 'Inactivo', 'PROCESADA', 'DESCONOCIDO']).toContain(rows[0]![12]);
  });

  it('exports messages with English headers when lang=en', async () => {
    const response = await context.get('/api/sense/reports/mensajes.csv?lang=en');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(['Message ID', 'Contact', 'Message', 'Date (UTC)', 'Creation date (UTC)', 'Status', 'Alert ID']);
    expect(rows.length).toBe(await count(sql`select count(*)::int as n from sense.mensaje`));
    expect(['Active', 'Inactive', 'PROCESSED', 'UNKNOWN']).toContain(rows[0]![5]);
    const [first] = await context.query<{ mensaje: string }>(sql`select mensaje from sense.mensaje order by fecha desc, mensajeid desc limit 1`);
    expect(rows[0]![2]).toBe(first!.mensaje);
  });

  it('writes the dates in the zone the console shows (tz), with their offset, and names the zone in the header', async () => {
    const [newest] = await context.query<{ fecha: Date }>(sql`select fecha from sense.mensaje order by fecha desc, mensajeid desc limit 1`);
    const lima = await context.get('/api/sense/reports/mensajes.csv?lang=es&tz=America/Lima');
    expect(lima.statusCode, lima.body).toBe(200);
    const [limaHeader, ...limaRows] = parseCsv(lima.body.slice(1));
    expect(limaHeader).toEqual(['ID de mensaje', 'Contacto', 'Mensaje', 'Fecha (America/Lima)', 'Fecha de creación (America/Lima)', 'Estado', 'ID de alerta']);
    expect(limaRows[0]![3]).toMatch(/-05:00$/);
    expect(new Date(limaRows[0]![3]!).getTime()).toBe(new Date(newest!.fecha).getTime());
    const madrid = parseCsv((await context.get('/api/sense/reports/mensajes.csv?lang=en&tz=Europe/Madrid')).body.slice(1));
    expect(madrid[0]![3]).toBe('Date (Europe/Madrid)');
    expect(madrid[1]![3]).toMatch(/\+01:00$/);
    expect(new Date(madrid[1]![3]!).getTime()).toBe(new Date(newest!.fecha).getTime());
    const alerts = parseCsv((await context.get('/api/sense/reports/alertas.csv?tz=america/santiago')).body.slice(1));
    expect(alerts[0]![10]).toBe('Fecha de alerta (America/Santiago)');
    expect(alerts[1]![10]).toMatch(/-0[34]:00$/);
  });

  it('refuses a time zone it does not know with 400 naming tz', async () => {
    for (const tz of ['Mars/Olympus', '+05:00']) {
      const response = await context.get(`/api/sense/reports/alertas.csv?tz=${encodeURIComponent(tz)}`);
      expect(response.statusCode, tz).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'tz', rule: 'format', limit: 'timeZone' }]);
    }
  });

  it('reads every row across keyset batches, whatever the sort and however many ties', async () => {
    const queries = createReportQueries(context.database);
    for (const sortBy of ['fecha', 'umbral', 'statusid', 'valor'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const paged: number[] = [];
        for await (const batch of queries.alertasCsvBatches({}, { sortBy, sortOrder }, 7)) {
          expect(batch.length).toBeLessThanOrEqual(7);
          paged.push(...batch.map((row) => row.alertaid));
        }
        const whole: number[] = [];
        for await (const batch of queries.alertasCsvBatches({}, { sortBy, sortOrder }, 1_000_000)) whole.push(...batch.map((row) => row.alertaid));
        expect(paged, `${sortBy} ${sortOrder}`).toEqual(whole);
        expect(new Set(paged).size).toBe(await count(sql`select count(*)::int as n from sense.alerta`));
      }
    }
    const messages: number[] = [];
    for await (const batch of queries.mensajesCsvBatches({}, { sortBy: 'contacto', sortOrder: 'asc' }, 9)) messages.push(...batch.map((row) => row.mensajeid));
    expect(new Set(messages).size).toBe(await count(sql`select count(*)::int as n from sense.mensaje`));
  });

  it('lets a download link carry a one-minute token instead of the header, for its own report only', async () => {
    const issued = await context.get('/api/sense/reports/download-token?report=alertas');
    expect(issued.statusCode).toBe(200);
    const { token, expiresAt } = issued.json<ReportDownloadToken>();
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(50);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(60);
    const download = await context.get(`/api/sense/reports/alertas.csv?lang=en&token=${token}`, {});
    expect(download.statusCode).toBe(200);
    expect(download.body.split('\r\n')[0]).toBe(`${UTF8_BOM}Alert ID,Threshold,Criticality,Node,Location,Metric,Unit,Minimum,Maximum,Value,Alert date (UTC),Creation date (UTC),Status,Acknowledged by,Acknowledgement date (UTC),Acknowledgement note`);

    const otherReport = await context.get(`/api/sense/reports/mensajes.csv?token=${token}`, {});
    expect(otherReport.statusCode).toBe(401);
    const accessToken = context.bearer.replace('Bearer ', '');
    expect((await context.get(`/api/sense/reports/alertas.csv?token=${accessToken}`, {})).statusCode).toBe(401);
    expect((await context.get('/api/sense/reports/alertas.csv?token=forged', {})).statusCode).toBe(401);
    // A download token is no access token.
    expect((await context.get('/api/sense/reports/alertas', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('documents the report routes in the OpenAPI document', async () => {
    const document = (await context.get('/api/openapi.json', {})).json<{ paths: Record<string, unknown> }>();
    for (const path of ['alertas', 'alertas/filtros', 'alertas.csv', 'mensajes', 'mensajes/filtros', 'mensajes.csv', 'download-token']) {
      expect(document.paths, path).toHaveProperty([`/api/sense/reports/${path}`]);
    }
  });

  /**
   * Issue 27, item 8: no report page costs its depth. Pages by number reach MAX_PAGE_OFFSET rows
   * from either end (near the end read backwards); deeper ones follow `pagination.next`.
   */
  describe('deep pages of big reports', () => {
    const PAGE = 100;
    const deepest = Math.floor(MAX_PAGE_OFFSET / PAGE) + 1;
    let alertTotal = 0;
    let messageTotal = 0;
    const page = async (report: 'alertas' | 'mensajes', query: string) => context.get(`/api/sense/reports/${report}?pageSize=${PAGE}&${query}`);
    const rowsOf = async (report: 'alertas' | 'mensajes', query: string) => {
      const response = await page(report, query);
      expect(response.statusCode, `${report}?${query}: ${response.body.slice(0, 300)}`).toBe(200);
      return response.json<AlertaReportPage & MensajeReportPage>();
    };
    const alertIds = (answer: AlertaReportPage) => answer.data.map((row) => row.alertaid);
    const messageIds = (answer: MensajeReportPage) => answer.data.map((row) => row.mensajeid);
    const expectedAlerts = (order: ReturnType<typeof sql>, offset: number, limit = PAGE) =>
      ids(sql`select a.alertaid as id from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid and m.fecha = a.fecha
        ${order} limit ${limit} offset ${offset}`);

    beforeAll(async () => {
      // Copies of the farm's alerts and messages, shifted back a month each, until each report
      // holds more than twice the bound: its middle is out of reach by number from both ends.
      const target = 2 * MAX_PAGE_OFFSET + 10 * PAGE;
      await context.query(sql`insert into sense.alerta (umbralid, medicionid, fecha, datecreated, statusid)
        select a.umbralid, a.medicionid, a.fecha, a.datecreated - make_interval(days => 31 * copy), a.statusid
        from sense.alerta a cross join generate_series(1, ceil(${target}::numeric / (select count(*) from sense.alerta))::int) as copy`);
      await context.query(sql`insert into sense.mensaje (contactoid, alertaid, mensaje, fecha, datecreated, statusid)
        select ms.contactoid, ms.alertaid, ms.mensaje, ms.fecha - make_interval(days => 31 * copy), ms.datecreated, ms.statusid
        from sense.mensaje ms cross join generate_series(1, ceil(${target}::numeric / (select count(*) from sense.mensaje))::int) as copy`);
      alertTotal = await count(sql`select count(*)::int as n from sense.alerta`);
      messageTotal = await count(sql`select count(*)::int as n from sense.mensaje`);
    }, 120_000);

    it('uses the bound of the table pages, and the console knows it', () => {
      expect(REPORT_MAX_PAGE_OFFSET).toBe(MAX_PAGE_OFFSET);
    });

    it('answers a page number deeper than the bound from both ends 400 naming page and the deepest page allowed', async () => {
      expect(alertTotal).toBeGreaterThan(2 * MAX_PAGE_OFFSET + PAGE);
      expect(messageTotal).toBeGreaterThan(2 * MAX_PAGE_OFFSET + PAGE);
      for (const [report, total] of [['alertas', alertTotal], ['mensajes', messageTotal]] as const) {
        const middle = Math.ceil(total / PAGE / 2);
        const refused = await page(report, `page=${middle}`);
        expect(refused.statusCode, report).toBe(400);
        expect(errorOf(refused), report).toEqual({
          code: 'VALIDATION',
          message: expect.stringContaining(`La página ${middle}`),
          details: [{ field: 'page', rule: 'maximum', limit: deepest }],
        });
        expect(errorOf(refused).message, report).toContain('pagination.next');
        // Past the end is no error: an empty page, as before.
        expect((await rowsOf(report, `page=${Math.ceil(total / PAGE) + 1}`)).data, report).toEqual([]);
      }
      const reachable = await rowsOf('alertas', `page=${deepest}`);
      expect(alertIds(reachable)).toEqual(await expectedAlerts(sql`order by a.fecha desc, a.alertaid desc`, (deepest - 1) * PAGE));
    });

    it('answers pages near the end with the same rows as the forward order, in that order', async () => {
      const totalPages = Math.ceil(alertTotal / PAGE);
      for (const [query, order] of [
        ['', sql`order by a.fecha desc, a.alertaid desc`],
        ['sortBy=valor&sortOrder=asc', sql`order by m.medicion asc, a.alertaid asc`],
      ] as const) {
        for (const number of [totalPages, totalPages - 1, totalPages - deepest + 2]) {
          const answer = await rowsOf('alertas', `page=${number}&${query}`);
          expect(alertIds(answer), `page ${number} ${query}`).toEqual(await expectedAlerts(order, (number - 1) * PAGE));
          expect(answer.pagination).toMatchObject({ page: number, pageSize: PAGE, total: alertTotal, totalPages });
          expect(answer.pagination.next === null, `page ${number}`).toBe(number === totalPages);
        }
      }
      const lastMessages = await rowsOf('mensajes', `page=${Math.ceil(messageTotal / PAGE)}`);
      expect(messageIds(lastMessages)).toEqual(
        await ids(sql`select mensajeid as id from sense.mensaje order by fecha desc, mensajeid desc
          limit ${PAGE} offset ${(Math.ceil(messageTotal / PAGE) - 1) * PAGE}`),
      );
    });

    it('walks the same rows following pagination.next from page 1 as by page numbers, and on past the bound', async () => {
      for (const [report, query, idsOf] of [
        ['alertas', 'sortBy=statusid&sortOrder=asc', alertIds],
        ['mensajes', 'sortBy=contacto&sortOrder=desc', messageIds],
        ['mensajes', '', messageIds],
      ] as const) {
        let followed = await rowsOf(report, `page=1&${query}`);
        for (let number = 2; number <= 6; number += 1) {
          followed = await rowsOf(report, `after=${followed.pagination.next!}&${query}`);
          expect(followed.pagination.page, `${report} ${query}`).toBe(number);
          const byNumber = await rowsOf(report, `page=${number}&${query}`);
          expect(idsOf(followed), `${report} ${query} page ${number}`).toEqual(idsOf(byNumber));
          expect(followed.pagination.next, `${report} ${query} page ${number}`).toBe(byNumber.pagination.next);
        }
      }
      // From the deepest page a number reaches, Next goes on where numbers cannot.
      let deep = await rowsOf('alertas', `page=${deepest}`);
      for (let number = deepest + 1; number <= deepest + 2; number += 1) {
        deep = await rowsOf('alertas', `after=${deep.pagination.next!}`);
        expect(deep.pagination.page).toBe(number);
        expect(alertIds(deep)).toEqual(await expectedAlerts(sql`order by a.fecha desc, a.alertaid desc`, (number - 1) * PAGE));
      }
      expect((await page('alertas', `page=${deepest + 1}`)).statusCode).toBe(400);
    });

    it('refuses a cursor of another sort, a forged or a garbled one with 400 naming after', async () => {
      const first = await rowsOf('alertas', 'page=1');
      const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const [report, query] of [
        ['alertas', `after=${first.pagination.next!}&sortBy=valor`],
        ['alertas', `after=${first.pagination.next!}&sortOrder=asc`],
        ['alertas', `after=${forged([2, 'alertas fecha desc', 'not a date', 1])}`],
        ['alertas', `after=${forged([2, 'alertas fecha desc', '2026-11-01 00:00:00+00', '1 or 1=1'])}`],
        ['alertas', `after=${forged([2, 'alertas fecha desc', null, 1])}`],
        ['alertas', `after=${forged([1, 'alertas fecha desc', '2026-11-01 00:00:00+00', 1])}`],
        ['alertas', `after=${forged(['x'])}`],
        ['alertas', 'after=bm90LWpzb24'],
        ['mensajes', `after=${forged([2, 'mensajes contacto desc', "x' or '1'='1", 1])}&sortBy=contacto`],
        ['mensajes', `after=${first.pagination.next!}`],
      ] as const) {
        const response = await page(report, query);
        expect(response.statusCode, `${report}?${query}`).toBe(400);
        expect(errorOf(response).details, `${report}?${query}`).toEqual([{ field: 'after', rule: 'format' }]);
      }
      // A cursor the API made for another page still answers (it is a position, not a secret).
      const made = encodeReportCursor({ page: 7, sort: 'alertas fecha desc', bound: { sortKey: '2026-11-01 00:00:00+00', id: 1 } });
      expect((await rowsOf('alertas', `after=${made}`)).pagination.page).toBe(7);
    });
  });
});
