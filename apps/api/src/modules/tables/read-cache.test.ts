import { createDatabase, DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { NodoConLocalizacion, TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs, TEST_JWT_SECRET } from '../../testing/test-app';

// Long enough that nothing here is forgotten by age: every fresh answer below is a clear's doing.
const KEPT_MS = 60_000;

describe.each(testDrivers())('the read cache of farm-wide reads on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let ingestKey: string;

  beforeAll(async () => {
    context = await openSenseContext(driver, { readCacheMs: KEPT_MS });
    probe = await findProbe(context.database);
    const created = await context.send('POST', '/api/ingest/keys', { nombre: 'Caché' });
    expect(created.statusCode).toBe(201);
    ingestKey = created.json<{ clave: string }>().clave;
  });
  afterAll(() => closeSenseContext(context));

  const countryNames = async () => (await context.get('/api/sense/paises')).json<TableRow[]>().map((row) => row['pais']);
  const latestOf = (nodes: NodoConLocalizacion[]) =>
    nodes
      .find((node) => node.nodoid === probe.nodoid)!
      .ultimasMediciones.find((latest) => latest.tipoid === probe.tipoid && latest.metricaid === probe.metricaid);
  const nodeList = async (app = context.app) =>
    (await app.inject({ method: 'GET', url: '/api/sense/nodos-con-localizacion', headers: { authorization: context.bearer } })).json<NodoConLocalizacion[]>();

  /** A reading inside the band of `of` (the probe unless said) at `fecha`, through this instance's ingest route. */
  async function ingestAt(fecha: Date, of: ProbeUnderTest = probe): Promise<void> {
    const ingested = await context.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        readings: [readingOf(of, fecha, of.inside)],
      }),
    });
    expect(ingested.statusCode, ingested.body).toBe(200);
  }

  /** A probe of a node not placed at the probe's location. */
  async function probeElsewhere(): Promise<ProbeUnderTest> {
    const placedThere = await context.query<{ nodoid: number }>(
      sql`select nodoid from sense.localizacion where ubicacionid = ${probe.ubicacionid} and statusid = 1`,
    );
    for (let offset = 1; offset < 200; offset += 1) {
      const candidate = await findProbe(context.database, offset);
      if (candidate.ubicacionid !== probe.ubicacionid && !placedThere.some((row) => row.nodoid === candidate.nodoid)) return candidate;
    }
    throw new Error('test farm: no probe at another location');
  }

  it('answers a repeated list from memory: a change made behind the API is not seen', async () => {
    const [country] = await context.query<{ paisid: number; pais: string }>(sql`select paisid, pais from sense.pais order by paisid limit 1`);
    expect(await countryNames()).toContain(country!.pais);
    await context.query(sql`update sense.pais set pais = 'Cambiado a escondidas' where paisid = ${country!.paisid}`);
    try {
      expect(await countryNames()).not.toContain('Cambiado a escondidas');
    } finally {
      await context.query(sql`update sense.pais set pais = ${country!.pais} where paisid = ${country!.paisid}`);
    }
  });

  it('forgets everything on a write through the API: the writer reads its own write next', async () => {
    await countryNames();
    const created = await context.send('POST', '/api/sense/pais', { pais: 'Uruguay', paisabrev: 'UY' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await countryNames()).toContain('Uruguay');
    const paisid = created.json<TableRow>()['paisid'] as number;
    const renamed = await context.send('PUT', `/api/sense/pais/${paisid}`, { pais: 'República Oriental' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await countryNames()).toContain('República Oriental');
  });

  it('keeps a page per viewer: a reader never gets the page an admin read first', async () => {
    const url = '/api/sense/usuario?page=1&pageSize=50';
    const asAdmin = (await context.get(url)).json<{ data: Array<{ usuarioid: number; login: string | null }> }>();
    const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
    const session = await loginAs(context.app, operador.login, DEMO_PASSWORD);
    const asReader = (await context.get(url, { authorization: `Bearer ${session.session.access_token}` })).json<typeof asAdmin>();
    expect(asAdmin.data.filter((row) => row.login !== null).length).toBeGreaterThan(1);
    // Only the reader's own login is shown to them.
    expect(asReader.data.filter((row) => row.login !== null).map((row) => row.usuarioid)).toEqual([session.user.id]);
    expect((await context.get(url)).json()).toEqual(asAdmin);
  });

  it('shows an ingested reading in the node list at once', async () => {
    const fecha = minutesAfter(context.now, 7);
    expect(latestOf(await nodeList())?.fecha).not.toBe(fecha.toISOString());
    await ingestAt(fecha);
    const latest = latestOf(await nodeList());
    expect(Date.parse(latest!.fecha)).toBe(fecha.getTime());
    expect(latest!.medicion).toBe(probe.inside);
  });

  // PGlite is one process by design: there is no other instance whose cache must forget.
  it.runIf(driver.kind === 'postgres')('forgets on another instance when this one ingests (the live event crosses by NOTIFY)', async () => {
    const otherDatabase = await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! });
    const other = await buildApp({ database: otherDatabase, jwtSecret: TEST_JWT_SECRET, readCacheMs: KEPT_MS });
    try {
      await other.ready();
      const fecha = minutesAfter(context.now, 11);
      expect(Date.parse(latestOf(await nodeList(other))!.fecha)).toBeLessThan(fecha.getTime());
      await ingestAt(fecha);
      await vi.waitFor(async () => expect(Date.parse(latestOf(await nodeList(other))!.fecha)).toBe(fecha.getTime()), { timeout: 2000, interval: 20 });
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  // After the NOTIFY case: its readings here are later than that one's.
  it("keeps a location's chart and the lists through another node's batch, and shows its own node's batch at once", async () => {
    const elsewhere = await probeElsewhere();
    // A first batch of each settles whatever episode it had open, which forgets everything: the
    // batches below carry readings alone.
    await ingestAt(minutesAfter(context.now, 19));
    await ingestAt(minutesAfter(context.now, 20), elsewhere);
    const chartUrl = `/api/sense/mediciones?ubicacionId=${probe.ubicacionid}&limit=20`;
    const chart = async () => (await context.get(chartUrl)).body;
    const before = await chart();
    const countries = await countryNames();
    // Behind the API's back: a reading of the chart's node and a country's name, which only a
    // recomputation would show.
    const hidden = minutesAfter(context.now, 21);
    await context.query(sql`insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      values (${hidden.toISOString()}::timestamptz, 12345.678, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid})`);
    const [country] = await context.query<{ paisid: number; pais: string }>(sql`select paisid, pais from sense.pais order by paisid limit 1`);
    await context.query(sql`update sense.pais set pais = 'Cambiado a escondidas' where paisid = ${country!.paisid}`);
    try {
      await ingestAt(minutesAfter(context.now, 22), elsewhere);
      expect(await chart()).toBe(before);
      expect(await countryNames()).toEqual(countries);

      const own = minutesAfter(context.now, 23);
      await ingestAt(own);
      const after = await chart();
      expect(after).toContain('12345.678');
      expect(after).toContain(own.toISOString());
      // The lists follow no reading: still the answer kept before.
      expect(await countryNames()).toEqual(countries);
    } finally {
      await context.query(sql`update sense.pais set pais = ${country!.pais} where paisid = ${country!.paisid}`);
    }
  });

  it('keeps the alert pages through a batch of readings alone, and recomputes the readings page', async () => {
    // The first batch settles whatever its threshold had open (an alerts event, forgetting all).
    await ingestAt(minutesAfter(context.now, 30));
    const alertPageUrl = '/api/sense/alerta?page=1&pageSize=5';
    const readingPageUrl = '/api/sense/medicion?page=1&pageSize=5';
    const alertPage = async () => (await context.get(alertPageUrl)).body;
    const readingPage = async () => (await context.get(readingPageUrl)).body;
    const alertsBefore = await alertPage();
    await readingPage();
    // Behind the API's back: the newest alert's note, which only a recomputation would show.
    const [alert] = await context.query<{ alertaid: number; notareconocido: string | null }>(
      sql`select alertaid, notareconocido from sense.alerta order by fecha desc nulls first, alertaid desc limit 1`,
    );
    await context.query(sql`update sense.alerta set notareconocido = 'Nota a escondidas' where alertaid = ${alert!.alertaid}`);
    try {
      const fecha = minutesAfter(context.now, 31);
      await ingestAt(fecha);
      expect(alertsBefore).not.toContain('Nota a escondidas');
      expect(await alertPage()).toBe(alertsBefore);
      expect(await readingPage()).toContain(fecha.toISOString());
    } finally {
      await context.query(sql`update sense.alerta set notareconocido = ${alert!.notareconocido} where alertaid = ${alert!.alertaid}`);
    }
  });
});
