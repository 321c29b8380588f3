/**
 * Issue 32, the walk-every-route test: signed in as operador.chile (granted one Chilean company),
 * every GET of the OpenAPI document is asked with ids of the other companies (a Peruvian one's in
 * the path, foreign ids in the filters), and no row of another company may come back: 404 for one
 * row, empty or granted-only lists. A documented GET that this file neither walks nor names as
 * global fails the test, so a new route cannot slip past it.
 */
import { DEMO_COMPANY_GRANTS, DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { isScopable, TABLE_NAMES, tableDefinition } from '@camposense/domain';
import type { ReportDownloadToken, TableName } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_TABLES } from '../sense/scope-condition';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { openStream } from '../testing/sse-reader';
import { buildApp } from '../app';
import { STANDING_TTL_MS } from '../modules/auth/account-status';
import { loginAs, TEST_JWT_SECRET } from '../testing/test-app';

type OpenApi = { paths: Record<string, Record<string, unknown>> };

const CHILE_LOGIN = 'operador.chile@camposense.dev';

/** The ids that name a company's rows, by the column that carries them in answers. */
const ID_KEYS = ['paisid', 'empresaid', 'fundoid', 'ubicacionid', 'nodoid', 'umbralid', 'alertaid', 'mensajeid', 'episodioid'] as const;
type IdKey = (typeof ID_KEYS)[number];

/**
 * GET routes that answer no company's rows, each with why. Anything else documented must be walked
 * below (WALKS), or this test fails.
 */
const GLOBAL_ROUTES: Record<string, string> = {
  '/api/health': 'liveness, no data',
  '/api/health/ready': 'readiness, no data',
  '/api/auth/me': 'the caller themselves',
  '/api/account/idioma': "the caller's own language",
  '/api/sense/detect': 'whether the schema is migrated',
  '/api/sense/metricas': 'metrics: a catalogue (GLOBAL_TABLES)',
  '/api/sense/tipos': 'sensor types: a catalogue (GLOBAL_TABLES)',
  '/api/sense/{table}/columns': "the database catalogue's columns, not rows",
  '/api/sense/{table}/info': "the database catalogue's keys, not rows",
  '/api/sense/{table}/constraints': "the database catalogue's constraints, not rows",
  '/api/sense/reports/mensajes/filtros': 'contacts (people, GLOBAL_TABLES, redacted for readers) and channels',
  '/api/sense/reports/download-token': 'signs a one-minute link; the download it opens is walked (alertas.csv, mensajes.csv, tablas csv)',
  '/api/sense/usuarios/{usuarioid}/accesos': "a user's own grants; another's answer 404 to a reader (access.test.ts)",
  '/api/ingest/keys': 'admin only (403 to a user)',
  '/api/sense/stream': 'walked by its own test below (the live stream)',
};

describe.each(testDrivers())('tenancy (issue 32): a Chile-only user reaches nothing of another company on $kind', (driver) => {
  let context: SenseContext;
  let chile: string;
  let operador: string;
  let document: OpenApi;
  let grantedEmpresa: number;
  /** Every id of every other company, by key. */
  const foreign = {} as Record<IdKey, Set<number>>;
  /** One id of each kind from a Peruvian company: what the walk puts in paths and filters. */
  const peru = {} as Record<IdKey, number>;
  let foreignNames: string[];

  const bearerOf = async (login: string) => `Bearer ${(await loginAs(context.app, login, DEMO_PASSWORD)).session.access_token}`;
  const asChile = (url: string) => context.get(url, { authorization: chile });

  /** The ids of other companies (and their fundo and location names) found anywhere in an answer. */
  function leaks(response: LightMyRequestResponse): string[] {
    const found: string[] = [];
    const text = response.body;
    for (const name of foreignNames) if (text.includes(name)) found.push(`name ${name}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return found;
    }
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if ((ID_KEYS as readonly string[]).includes(key) && typeof inner === 'number' && foreign[key as IdKey].has(inner)) found.push(`${key} ${inner}`);
          walk(inner);
        }
      }
    };
    walk(parsed);
    return found;
  }

  /** Asked as operador.chile: 404, or an answer without another company's rows. */
  async function expectNothingForeign(url: string, { notFound = false }: { notFound?: boolean } = {}) {
    const response = await asChile(url);
    if (notFound) {
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(404);
      return response;
    }
    expect([200, 404], `${url}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
    expect(leaks(response), url).toEqual([]);
    return response;
  }

  const companyTables = TABLE_NAMES.filter((table) => GLOBAL_TABLES[table] === undefined);

  /** A foreign row of each company-bound table: its key as a query string, and a filter naming it. */
  async function foreignRow(table: TableName): Promise<Record<string, unknown> | undefined> {
    const definition = tableDefinition(table);
    const where: Record<TableName, string> = {
      pais: `paisid = ${peru.paisid}`,
      empresa: `empresaid = ${peru.empresaid}`,
      fundo: `fundoid = ${peru.fundoid}`,
      ubicacion: `ubicacionid = ${peru.ubicacionid}`,
      localizacion: `ubicacionid = ${peru.ubicacionid}`,
      nodo: `nodoid = ${peru.nodoid}`,
      sensor: `nodoid = ${peru.nodoid}`,
      metricasensor: `nodoid = ${peru.nodoid}`,
      umbral: `umbralid = ${peru.umbralid}`,
      perfilumbral: `umbralid in (select umbralid from sense.umbral where ubicacionid = ${peru.ubicacionid})`,
      audit_log_umbral: `umbralid in (select umbralid from sense.umbral where ubicacionid = ${peru.ubicacionid})`,
      medicion: `ubicacionid = ${peru.ubicacionid}`,
      alerta: `alertaid = ${peru.alertaid}`,
      mensaje: `mensajeid = ${peru.mensajeid}`,
    } as Record<TableName, string>;
    const condition = where[table];
    if (!condition) throw new Error(`${table}: no foreign row chosen for it in this test`);
    const [row] = await context.query<Record<string, unknown>>(sql`select ${sql.raw(definition.key.join(', '))} from ${sql.raw(`sense.${table}`)} where ${sql.raw(condition)} limit 1`);
    return row;
  }

  /**
   * Every documented GET path but the global ones, with the requests that walk it. `{table}` paths
   * are asked for every company-bound table.
   */
  const WALKS: Record<string, () => Promise<void>> = {
    '/api/sense/paises': async () => void (await expectNothingForeign('/api/sense/paises')),
    '/api/sense/empresas': async () => {
      await expectNothingForeign('/api/sense/empresas');
      await expectNothingForeign(`/api/sense/empresas?paisId=${peru.paisid}`);
    },
    '/api/sense/fundos': async () => {
      await expectNothingForeign('/api/sense/fundos');
      await expectNothingForeign(`/api/sense/fundos?empresaId=${peru.empresaid}`);
    },
    '/api/sense/ubicaciones': async () => {
      await expectNothingForeign('/api/sense/ubicaciones');
      await expectNothingForeign(`/api/sense/ubicaciones?fundoId=${peru.fundoid}`);
    },
    '/api/sense/entidades': async () => {
      // Entities are global, but which ones grow in another company's location is that company's.
      const response = await expectNothingForeign(`/api/sense/entidades?ubicacionId=${peru.ubicacionid}`);
      expect(response.json()).toEqual([]);
    },
    '/api/sense/nodos': async () => void (await expectNothingForeign('/api/sense/nodos')),
    '/api/sense/localizaciones': async () => void (await expectNothingForeign('/api/sense/localizaciones')),
    '/api/sense/mediciones': async () => {
      await expectNothingForeign('/api/sense/mediciones?limit=500');
      await expectNothingForeign(`/api/sense/mediciones?ubicacionId=${peru.ubicacionid}`);
      const counted = await asChile(`/api/sense/mediciones?ubicacionId=${peru.ubicacionid}&countOnly=true`);
      expect(counted.json()).toEqual({ count: 0 });
    },
    '/api/sense/mediciones-con-entidad': async () =>
      void (await expectNothingForeign(`/api/sense/mediciones-con-entidad?ubicacionId=${peru.ubicacionid}&entidadId=1&limit=100`)),
    '/api/sense/nodos-con-localizacion': async () => void (await expectNothingForeign('/api/sense/nodos-con-localizacion')),
    '/api/sense/en-curso': async () => {
      const mine = (await asChile('/api/sense/en-curso')).json<{ episodios: number }>();
      const all = (await context.get('/api/sense/en-curso')).json<{ episodios: number }>();
      const [expected] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.episodio ep
        where ep.fechafin is null and ep.statusid = 1 and not (ep.episodioid = any(${`{${[...foreign.episodioid].join(',')}}`}::bigint[]))`);
      expect(mine.episodios).toBe(expected!.n);
      expect(all.episodios).toBeGreaterThanOrEqual(mine.episodios);
    },
    '/api/sense/{table}': async () => {
      for (const table of companyTables) {
        const response = await expectNothingForeign(`/api/sense/${table}?limit=2000`);
        expect(response.statusCode, table).toBe(200);
        await expectNothingForeign(`/api/sense/${table}?page=1&pageSize=50`);
        if (isScopable(table, 'empresa')) await expectNothingForeign(`/api/sense/${table}?page=1&pageSize=50&scope=empresa:${peru.empresaid}`);
      }
    },
    '/api/sense/{table}/labels': async () => {
      for (const table of companyTables) {
        const definition = tableDefinition(table);
        if (definition.labelColumns.length === 0 || definition.key.length !== 1) continue;
        const row = await foreignRow(table);
        const response = await expectNothingForeign(`/api/sense/${table}/labels?ids=${String(row![definition.key[0]!])}`);
        expect(response.json<{ data: unknown[] }>().data, table).toEqual([]);
        await expectNothingForeign(`/api/sense/${table}/labels`);
      }
    },
    '/api/sense/{table}/{id}': async () => {
      for (const table of companyTables) {
        const definition = tableDefinition(table);
        if (definition.key.length !== 1) continue;
        const row = await foreignRow(table);
        expect(row, table).toBeDefined();
        await expectNothingForeign(`/api/sense/${table}/${String(row![definition.key[0]!])}`, { notFound: true });
      }
    },
    '/api/sense/{table}/composite': async () => {
      for (const table of companyTables) {
        const definition = tableDefinition(table);
        if (definition.key.length === 1) continue;
        const row = await foreignRow(table);
        expect(row, table).toBeDefined();
        const query = new URLSearchParams(Object.entries(row!).map(([key, value]): [string, string] => [key, String(value)])).toString();
        await expectNothingForeign(`/api/sense/${table}/composite?${query}`, { notFound: true });
      }
    },
    '/api/sense/reports/alertas': async () => {
      const response = await expectNothingForeign('/api/sense/reports/alertas?pageSize=100');
      expect(response.json<{ pagination: { total: number } }>().pagination.total).toBeGreaterThan(0);
      const foreignPage = await expectNothingForeign(`/api/sense/reports/alertas?empresaId=${peru.empresaid}&nodoId=${peru.nodoid}`);
      expect(foreignPage.json<{ data: unknown[] }>().data).toEqual([]);
    },
    '/api/sense/reports/alertas/filtros': async () => void (await expectNothingForeign(`/api/sense/reports/alertas/filtros?empresaId=${peru.empresaid}`)),
    '/api/sense/reports/mensajes': async () => {
      await expectNothingForeign('/api/sense/reports/mensajes?pageSize=100');
      await expectNothingForeign(`/api/sense/reports/mensajes?empresaId=${peru.empresaid}`);
    },
    '/api/sense/reports/alertas.csv': async () => {
      const response = await expectNothingForeign('/api/sense/reports/alertas.csv?tz=UTC');
      const ids = response.body.split('\r\n').slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]));
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => foreign.alertaid.has(id))).toEqual([]);
      // The same through a download link, which carries no session.
      const token = (await asChile('/api/sense/reports/download-token?report=alertas')).json<ReportDownloadToken>().token;
      const linked = await context.get(`/api/sense/reports/alertas.csv?tz=UTC&token=${token}`, {});
      expect(linked.statusCode).toBe(200);
      expect(linked.body.split('\r\n').slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]))).toEqual(ids);
    },
    '/api/sense/reports/mensajes.csv': async () => {
      const response = await expectNothingForeign('/api/sense/reports/mensajes.csv?tz=UTC');
      const ids = response.body.split('\r\n').slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]));
      expect(ids.filter((id) => foreign.mensajeid.has(id))).toEqual([]);
    },
    '/api/sense/reports/tablas/{table}/csv': async () => {
      for (const table of companyTables) {
        const response = await expectNothingForeign(`/api/sense/reports/tablas/${table}/csv`);
        expect(response.statusCode, table).toBe(200);
        const [header, ...lines] = response.body.replace('\uFEFF', '').split('\r\n').filter(Boolean);
        const columns = header!.split(',');
        for (const key of ID_KEYS) {
          const index = columns.indexOf(key);
          if (index < 0) continue;
          const hits = lines.map((line) => Number(line.split(',')[index])).filter((id) => foreign[key].has(id));
          expect(hits, `${table}.${key}`).toEqual([]);
        }
      }
    },
    '/api/sense/series': async () => {
      await expectNothingForeign(`/api/sense/series?nodoId=${peru.nodoid}&metricaId=1`, { notFound: true });
      await expectNothingForeign(`/api/sense/series?ubicacionId=${peru.ubicacionid}&metricaId=1`, { notFound: true });
      // The grant's check is asked in the series' own statement: a granted node still answers.
      const [own] = await context.query<{ nodoid: number; metricaid: number; fecha: string }>(
        sql`select m.nodoid, m.metricaid, to_char(m.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha from sense.medicion m join sense.ubicacion ub on ub.ubicacionid = m.ubicacionid
              join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid = ${grantedEmpresa} order by m.fecha desc limit 1`,
      );
      const last = Date.parse(own!.fecha);
      const window = `startDate=${new Date(last - 3_600_000).toISOString()}&endDate=${new Date(last + 60_000).toISOString()}`;
      const response = await expectNothingForeign(`/api/sense/series?nodoId=${own!.nodoid}&metricaId=${own!.metricaid}&${window}`);
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(response.body).stats.count).toBeGreaterThan(0);
    },
    '/api/sense/mapa': async () => {
      await expectNothingForeign('/api/sense/mapa');
      await expectNothingForeign(`/api/sense/mapa?empresaid=${peru.empresaid}`);
    },
    '/api/sense/nodos/{nodoid}/salud': async () => void (await expectNothingForeign(`/api/sense/nodos/${peru.nodoid}/salud`, { notFound: true })),
    '/api/episodes/': async () => {
      await expectNothingForeign(`/api/episodes?nodoId=${peru.nodoid}`);
      await expectNothingForeign(`/api/episodes?ubicacionId=${peru.ubicacionid}`);
    },
    '/api/sense/umbrales': async () => {
      await expectNothingForeign('/api/sense/umbrales');
      await expectNothingForeign(`/api/sense/umbrales?empresaId=${peru.empresaid}`);
    },
    '/api/sense/umbrales/cambios': async () => void (await expectNothingForeign('/api/sense/umbrales/cambios?limit=200')),
    '/api/sense/umbral/{id}/preview': async () => void (await expectNothingForeign(`/api/sense/umbral/${peru.umbralid}/preview?minimo=0&maximo=1`, { notFound: true })),
    '/api/sense/umbral/{id}/historial': async () => {
      const response = await expectNothingForeign(`/api/sense/umbral/${peru.umbralid}/historial`);
      expect(response.json()).toEqual([]);
    },
  };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    chile = await bearerOf(CHILE_LOGIN);
    operador = await bearerOf(DEMO_USERS.find((user) => user.login === 'operador@camposense.dev')!.login);
    document = (await context.get('/api/openapi.json')).json<OpenApi>();
    const [granted] = await context.query<{ empresaid: number }>(
      sql`select empresaid from sense.empresa where empresaabrev = ${DEMO_COMPANY_GRANTS[CHILE_LOGIN]![0]!}`,
    );
    grantedEmpresa = granted!.empresaid;
    // Every row of the other companies, by the id that names it in answers.
    const other = `(select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid <> ${grantedEmpresa})`;
    const mine = `(select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid = ${grantedEmpresa})`;
    const sets: Record<IdKey, string> = {
      paisid: `select paisid as id from sense.pais where paisid not in (select paisid from sense.empresa where empresaid = ${grantedEmpresa})`,
      empresaid: `select empresaid as id from sense.empresa where empresaid <> ${grantedEmpresa}`,
      fundoid: `select fundoid as id from sense.fundo where empresaid <> ${grantedEmpresa}`,
      ubicacionid: `select ubicacionid as id from ${other} x`,
      nodoid: `select nodoid as id from sense.localizacion where ubicacionid in ${other} and nodoid not in (select nodoid from sense.localizacion where ubicacionid in ${mine})`,
      umbralid: `select umbralid as id from sense.umbral where ubicacionid in ${other}`,
      alertaid: `select a.alertaid as id from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid where u.ubicacionid in ${other}`,
      mensajeid: `select m.mensajeid as id from sense.mensaje m join sense.alerta a on a.alertaid = m.alertaid join sense.umbral u on u.umbralid = a.umbralid where u.ubicacionid in ${other}`,
      episodioid: `select e.episodioid as id from sense.episodio e left join sense.umbral u on u.umbralid = e.umbralid
                    where u.ubicacionid in ${other} or (e.umbralid is null and e.nodoid not in (select nodoid from sense.localizacion where ubicacionid in ${mine}))`,
    };
    for (const key of ID_KEYS) foreign[key] = new Set((await context.query<{ id: number }>(sql.raw(sets[key]))).map((row) => Number(row.id)));
    // A Peruvian company, and one row of each kind of it.
    const [company] = await context.query<{ empresaid: number; paisid: number }>(
      sql`select e.empresaid, e.paisid from sense.empresa e join sense.pais p on p.paisid = e.paisid where p.paisabrev = 'PE' order by e.empresaid limit 1`,
    );
    const inPeru = `(select ub.ubicacionid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid where f.empresaid = ${company!.empresaid})`;
    const [row] = await context.query<Record<IdKey, number>>(sql.raw(`select
      ${company!.paisid} as paisid, ${company!.empresaid} as empresaid,
      (select fundoid from sense.fundo where empresaid = ${company!.empresaid} order by fundoid limit 1) as fundoid,
      (select l.ubicacionid from sense.localizacion l where l.ubicacionid in ${inPeru} order by l.ubicacionid limit 1) as ubicacionid,
      (select l.nodoid from sense.localizacion l where l.ubicacionid in ${inPeru} order by l.nodoid limit 1) as nodoid,
      (select u.umbralid from sense.umbral u where u.ubicacionid in ${inPeru} order by u.umbralid limit 1) as umbralid,
      (select a.alertaid from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid where u.ubicacionid in ${inPeru} order by a.alertaid limit 1) as alertaid,
      (select m.mensajeid from sense.mensaje m join sense.alerta a on a.alertaid = m.alertaid join sense.umbral u on u.umbralid = a.umbralid
        where u.ubicacionid in ${inPeru} order by m.mensajeid limit 1) as mensajeid,
      (select e.episodioid from sense.episodio e join sense.umbral u on u.umbralid = e.umbralid where u.ubicacionid in ${inPeru} order by e.episodioid limit 1) as episodioid`));
    for (const key of ID_KEYS) {
      expect(row![key], `a Peruvian ${key} in the test farm`).not.toBeNull();
      peru[key] = Number(row![key]);
    }
    foreignNames = (
      await context.query<{ name: string }>(sql.raw(`
        select empresa as name from sense.empresa where empresaid <> ${grantedEmpresa}
        union select fundo from sense.fundo where empresaid <> ${grantedEmpresa}`))
    ).map((named) => named.name);
  });
  afterAll(() => closeSenseContext(context));

  it('walks every documented GET route with another company’s ids and gets none of its rows', async () => {
    const documented = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path);
    const unwalked = documented.filter((path) => WALKS[path] === undefined && GLOBAL_ROUTES[path] === undefined);
    expect(unwalked, 'documented GET routes neither walked here nor named global').toEqual([]);
    // Nothing walked or excused that is no longer documented: the lists follow the document.
    expect([...Object.keys(WALKS), ...Object.keys(GLOBAL_ROUTES)].filter((path) => !documented.includes(path))).toEqual([]);
    for (const path of documented) await WALKS[path]?.();
  });

  it('is answered by every data-free global route exactly as an admin is', async () => {
    const catalogueTables = ['nodo', 'umbral', 'usuario', 'alerta'];
    const urls = [
      '/api/sense/detect',
      '/api/sense/metricas',
      '/api/sense/tipos',
      ...catalogueTables.flatMap((table) => ['columns', 'info', 'constraints'].map((part) => `/api/sense/${table}/${part}`)),
    ];
    expect((await asChile('/api/sense/detect')).json()).toEqual({ available: true });
    for (const url of urls) {
      const [asAdmin, asTenant] = [await context.get(url), await asChile(url)];
      expect(asTenant.statusCode, url).toBe(200);
      expect(asTenant.json(), url).toEqual(asAdmin.json());
    }
  });

  it('sees one country, one company and that company’s farms', async () => {
    expect((await asChile('/api/sense/paises')).json<{ paisabrev: string }[]>().map((row) => row.paisabrev)).toEqual(['CL']);
    expect((await asChile('/api/sense/empresas')).json<{ empresaid: number }[]>().map((row) => row.empresaid)).toEqual([grantedEmpresa]);
    const fundos = (await asChile('/api/sense/fundos')).json<{ empresaid: number }[]>();
    expect(fundos.length).toBeGreaterThan(0);
    expect(new Set(fundos.map((row) => row.empresaid))).toEqual(new Set([grantedEmpresa]));
  });

  it('cannot acknowledge another company’s alert or episode (404), and can its own (operacion)', async () => {
    const post = (url: string) => context.app.inject({ method: 'POST', url, headers: { authorization: chile }, payload: {} });
    expect((await post(`/api/alerts/${peru.alertaid}/acknowledge`)).statusCode).toBe(404);
    expect((await post(`/api/episodes/${peru.episodioid}/acknowledge`)).statusCode).toBe(404);
    const [own] = await context.query<{ alertaid: number }>(sql`select a.alertaid from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
      join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
      where f.empresaid = ${grantedEmpresa} and a.statusid = 1 order by a.alertaid limit 1`);
    const before = await context.query<{ statusid: number }>(sql`select statusid from sense.alerta where alertaid = ${peru.alertaid}`);
    const bulk = await context.app.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { authorization: chile }, payload: { confirmar: true, empresaId: peru.empresaid } });
    expect(bulk.json()).toEqual({ episodes: 0, acknowledged: 0 });
    expect(await context.query(sql`select statusid from sense.alerta where alertaid = ${peru.alertaid}`)).toEqual(before);
    if (own) expect((await post(`/api/alerts/${own.alertaid}/acknowledge`)).statusCode).toBe(200);
  });

  it('answers 403 to a reader-level grant that acknowledges, with a reason', async () => {
    const [user] = await context.query<{ usuarioid: number }>(sql`select usuarioid from sense.usuario where login = ${CHILE_LOGIN}`);
    await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [{ empresaid: grantedEmpresa, nivel: 'lectura' }] });
    try {
      const [own] = await context.query<{ alertaid: number }>(sql`select a.alertaid from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
        join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
        where f.empresaid = ${grantedEmpresa} order by a.alertaid limit 1`);
      const response = await context.app.inject({ method: 'POST', url: `/api/alerts/${own!.alertaid}/acknowledge`, headers: { authorization: chile }, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(/solo lectura/);
      const bulk = await context.app.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { authorization: chile }, payload: { confirmar: true } });
      expect(bulk.statusCode).toBe(403);
      // Still reads its company.
      expect((await asChile('/api/sense/empresas')).json<{ empresaid: number }[]>().map((row) => row.empresaid)).toEqual([grantedEmpresa]);
    } finally {
      await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [{ empresaid: grantedEmpresa, nivel: 'operacion' }] });
    }
  });

  it('an admin and the operador granted every company still see every company', async () => {
    const [all] = await context.query<{ n: number }>(sql`select count(*)::int as n from sense.empresa`);
    for (const bearer of [context.bearer, operador]) {
      expect((await context.get('/api/sense/empresas', { authorization: bearer })).json<unknown[]>()).toHaveLength(all!.n);
      const response = await context.get(`/api/sense/reports/alertas?empresaId=${peru.empresaid}&pageSize=5`, { authorization: bearer });
      expect(response.json<{ pagination: { total: number } }>().pagination.total).toBeGreaterThan(0);
      expect((await context.get(`/api/sense/nodos/${peru.nodoid}/salud`, { authorization: bearer })).statusCode).toBe(200);
    }
  });

  it('a grant revoked stops reading at once on this instance, and a new user sees nothing until granted', async () => {
    const [user] = await context.query<{ usuarioid: number }>(sql`select usuarioid from sense.usuario where login = ${CHILE_LOGIN}`);
    const fundos = () => asChile('/api/sense/fundos').then((response) => response.json<unknown[]>().length);
    expect(await fundos()).toBeGreaterThan(0);
    await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [] });
    try {
      expect(await fundos()).toBe(0);
      expect((await asChile('/api/sense/reports/alertas')).json<{ pagination: { total: number } }>().pagination.total).toBe(0);
    } finally {
      await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [{ empresaid: grantedEmpresa, nivel: 'operacion' }] });
    }
    expect(await fundos()).toBeGreaterThan(0);
  });

  it('another instance reads a revoked grant within STANDING_TTL_MS (its cached standing), never later', async () => {
    const [user] = await context.query<{ usuarioid: number }>(sql`select usuarioid from sense.usuario where login = ${CHILE_LOGIN}`);
    // A second API over the same database: its account cache knows nothing of this one's writes.
    const other = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, readCacheMs: 0 });
    try {
      const fundos = async () => (await other.inject({ method: 'GET', url: '/api/sense/fundos', headers: { authorization: chile } })).json<unknown[]>().length;
      expect(await fundos()).toBeGreaterThan(0);
      await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [] });
      const revoked = Date.now();
      await expect.poll(fundos, { timeout: STANDING_TTL_MS + 1_000, interval: 100 }).toBe(0);
      expect(Date.now() - revoked).toBeLessThanOrEqual(STANDING_TTL_MS + 500);
    } finally {
      await context.send('PUT', `/api/sense/usuarios/${user!.usuarioid}/accesos`, { accesos: [{ empresaid: grantedEmpresa, nivel: 'operacion' }] });
      await other.close();
    }
  });

  it('the live stream delivers no event of another company', async () => {
    const ticket = (await context.app.inject({ method: 'POST', url: '/api/sense/stream/ticket', headers: { authorization: chile } })).json<{ ticket: string }>().ticket;
    const base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(base, ticket);
    expect(stream.status).toBe(200);
    const { events } = stream;
    try {
      // An open episode's alert of each side, acknowledged by the admin: each tells an `acknowledged` event.
      const openAlert = (companies: string) =>
        context.query<{ alertaid: number; episodioid: number }>(sql.raw(`select a.alertaid, a.episodioid from sense.alerta a
          join sense.episodio e on e.episodioid = a.episodioid join sense.umbral u on u.umbralid = a.umbralid
          join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
         where e.fechafin is null and e.statusid = 1 and f.empresaid ${companies} order by a.alertaid limit 1`));
      const [peruAlert] = await openAlert(`<> ${grantedEmpresa}`);
      const [chileAlert] = await openAlert(`= ${grantedEmpresa}`);
      expect(peruAlert && chileAlert, 'an open episode on each side in the test farm').toBeTruthy();
      const acknowledge = (alertaid: number) =>
        context.app.inject({ method: 'POST', url: `/api/alerts/${alertaid}/acknowledge`, headers: { authorization: context.bearer }, payload: {} });
      expect((await acknowledge(peruAlert!.alertaid)).statusCode).toBe(200);
      expect((await acknowledge(chileAlert!.alertaid)).statusCode).toBe(200);
      await expect.poll(() => events.filter((event) => event.event === 'acknowledged').length, { timeout: 10_000 }).toBeGreaterThan(0);
      // Told in order: had the Peruvian one gone out, it would be before.
      expect(events.filter((event) => event.event === 'acknowledged').map((event) => event.data['episodioid'])).toEqual([chileAlert!.episodioid]);
      for (const event of events) expect(leaks({ body: JSON.stringify(event.data) } as LightMyRequestResponse), event.event).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
