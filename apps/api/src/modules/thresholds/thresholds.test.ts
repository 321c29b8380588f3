import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type {
  UmbralAuditEntry,
  UmbralBand,
  UmbralMassiveResult,
  UmbralMassiveRow,
  UmbralPerfilesResponse,
  UmbralPreviewResponse,
  UmbralScopeResponse,
} from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';
import { auditChanges } from './queries';

const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;

interface Place extends UmbralBand {
  fundoid: number;
}

const allThresholds = (body: UmbralScopeResponse) =>
  body.ubicaciones.flatMap((location) =>
    location.nodos.flatMap((node) =>
      node.sondas.flatMap((probe) =>
        probe.metricas.flatMap((metric) => metric.umbrales.map((umbral) => ({ location, node, probe, metric, umbral }))),
      ),
    ),
  );
const allMetrics = (body: UmbralScopeResponse) =>
  body.ubicaciones.flatMap((location) =>
    location.nodos.flatMap((node) => node.sondas.flatMap((probe) => probe.metricas.map((metric) => ({ location, node, probe, metric })))),
  );

describe('audit diffs', () => {
  it('lists only the fields an update changed, old → new', () => {
    expect(auditChanges('UPDATE', { minimo: 1, maximo: 5, umbral: 'a', datemodified: 'x' }, { minimo: 2, maximo: 5, umbral: 'b', datemodified: 'y' })).toEqual([
      { campo: 'umbral', anterior: 'a', nuevo: 'b' },
      { campo: 'minimo', anterior: 1, nuevo: 2 },
    ]);
  });

  it('lists every set field of an insert as new and of a delete as old', () => {
    expect(auditChanges('INSERT', null, { minimo: 1, maximo: 5 })).toEqual([
      { campo: 'minimo', anterior: null, nuevo: 1 },
      { campo: 'maximo', anterior: null, nuevo: 5 },
    ]);
    expect(auditChanges('DELETE', { maximo: 5 }, null)).toEqual([{ campo: 'maximo', anterior: 5, nuevo: null }]);
  });
});

describe.each(testDrivers())('the thresholds tab API on $kind', (driver) => {
  let context: SenseContext;
  let place: Place;
  let userBearer: string;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [first] = await context.query<Place>(sql`
      select u.umbralid, u.ubicacionid, u.nodoid, u.tipoid, u.metricaid, ub.fundoid, u.minimo, u.maximo
        from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
       where u.statusid = 1
       order by u.umbralid limit 1`);
    place = first!;
    const login = await loginAs(context.app, operador.login, DEMO_PASSWORD);
    userBearer = `Bearer ${login.session.access_token}`;
  });
  afterAll(() => closeSenseContext(context));

  const getJson = async <T>(url: string) => {
    const response = await context.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  describe('GET /api/sense/umbrales', () => {
    it('lists every threshold of the fundo, grouped, with the counts of the bare SQL', async () => {
      const body = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?fundoId=${place.fundoid}`);
      const [expected] = await context.query<{ umbrales: number }>(sql`
        select count(*)::int as umbrales from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
         where ub.fundoid = ${place.fundoid}`);
      expect(expected!.umbrales).toBeGreaterThan(0);
      expect(body.totals.umbrales).toBe(expected!.umbrales);
      expect(allThresholds(body)).toHaveLength(expected!.umbrales);
      expect(body.ubicaciones.every((location) => location.fundoid === place.fundoid)).toBe(true);
      // Each location names its farm's company: its grant level decides whether the console offers tuning.
      const [farm] = await context.query<{ empresaid: number; empresa: string }>(sql`
        select e.empresaid, e.empresa from sense.fundo f join sense.empresa e on e.empresaid = f.empresaid where f.fundoid = ${place.fundoid}`);
      expect(new Set(body.ubicaciones.map((location) => `${location.empresaid} ${location.empresa}`))).toEqual(new Set([`${farm!.empresaid} ${farm!.empresa}`]));
      const found = allThresholds(body).find((row) => row.umbral.umbralid === place.umbralid)!;
      expect(found.location.ubicacionid).toBe(place.ubicacionid);
      expect(found.node.nodoid).toBe(place.nodoid);
      expect(found.probe.tipoid).toBe(place.tipoid);
      expect(found.metric.metricaid).toBe(place.metricaid);
      expect(found.umbral).toMatchObject({ minimo: place.minimo, maximo: place.maximo, statusid: 1 });
      expect(found.umbral.grado).toBeGreaterThanOrEqual(1);
      expect(typeof found.umbral.criticidad).toBe('string');
    });

    it('lists a metric a placed probe reports without a threshold as "sin umbral"', async () => {
      const [metric] = await context.query<{ metricaid: number }>(sql`
        insert into sense.metrica (metrica, metricaabrev, unidad) values ('Presión de prueba', 'PRES', 'kPa') returning metricaid`);
      await context.query(sql`
        insert into sense.metricasensor (nodoid, tipoid, metricaid) values (${place.nodoid}, ${place.tipoid}, ${metric!.metricaid})`);
      const body = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?nodoId=${place.nodoid}`);
      const gap = allMetrics(body).find((row) => row.metric.metricaid === metric!.metricaid)!;
      expect(gap.metric).toMatchObject({ metrica: 'Presión de prueba', unidad: 'kPa', umbrales: [] });
      expect(gap.node.nodoid).toBe(place.nodoid);
      expect(body.totals.sinUmbral).toBeGreaterThanOrEqual(1);
      expect(body.totals.sinUmbral).toBe(allMetrics(body).filter((row) => row.metric.umbrales.length === 0).length);
    });

    it("lists a node's radio probe with its health thresholds, which edit like any other (issue 33)", async () => {
      const body = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?nodoId=${place.nodoid}`);
      const radio = body.ubicaciones.flatMap((location) => location.nodos.flatMap((node) => node.sondas)).find((probe) => probe.tipo === 'Radio')!;
      expect(radio.metricas.map((metric) => [metric.metrica, metric.unidad, metric.umbrales.map((umbral) => [umbral.minimo, umbral.maximo])])).toEqual([
        ['Batería', '%', [[20, 100]]],
        ['Intensidad de señal', 'dBm', [[-120, 0]]],
        ['Relación señal/ruido', 'dB', []],
      ]);
      const battery = radio.metricas[0]!.umbrales[0]!;
      const update = await context.send('PUT', `/api/sense/umbral/${battery.umbralid}`, { minimo: 25 });
      expect(update.statusCode, update.body).toBe(200);
      const again = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?nodoId=${place.nodoid}&metricaId=${radio.metricas[0]!.metricaid}`);
      expect(allThresholds(again).map((row) => row.umbral.minimo)).toEqual([25]);
      await context.send('PUT', `/api/sense/umbral/${battery.umbralid}`, { minimo: 20 });
    });

    it('narrows to one node and metric', async () => {
      const body = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?nodoId=${place.nodoid}&metricaId=${place.metricaid}`);
      const metrics = allMetrics(body);
      expect(metrics.length).toBeGreaterThan(0);
      expect(metrics.every((row) => row.node.nodoid === place.nodoid && row.metric.metricaid === place.metricaid)).toBe(true);
    });

    it('answers an empty scope for a fundo without places and 400 for a bad filter', async () => {
      const body = await getJson<UmbralScopeResponse>('/api/sense/umbrales?fundoId=999999');
      expect(body).toEqual({ ubicaciones: [], totals: { umbrales: 0, sinUmbral: 0 } });
      const response = await context.get('/api/sense/umbrales?fundoId=abc');
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION');
    });

    it('lets a user read and needs a token', async () => {
      expect((await context.get('/api/sense/umbrales', { authorization: userBearer })).statusCode).toBe(200);
      expect((await context.get('/api/sense/umbrales', {})).statusCode).toBe(401);
    });
  });

  describe('GET /api/sense/umbral/{id}/preview', () => {
    // Far from the farm's window: only these readings are in it.
    const end = '2020-01-02T00:00:00.000Z';
    const values = [15, 25, 15, 11, 15, 30, 15];

    beforeAll(async () => {
      const update = await context.send('PUT', `/api/sense/umbral/${place.umbralid}`, { minimo: 10, maximo: 20 });
      expect(update.statusCode, update.body).toBe(200);
      for (const [index, value] of values.entries()) {
        await context.query(sql`
          insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
          values (${`2020-01-01T0${index}:00:00Z`}::timestamptz, ${value}, ${place.nodoid}, ${place.tipoid}, ${place.metricaid}, ${place.ubicacionid})`);
      }
      // Outside the threshold's place or window: never counted.
      await context.query(sql`
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
        values ('2019-12-31T12:00:00Z', 1000, ${place.nodoid}, ${place.tipoid}, ${place.metricaid}, ${place.ubicacionid}),
               ('2020-01-02T00:00:00Z', 1000, ${place.nodoid}, ${place.tipoid}, ${place.metricaid}, ${place.ubicacionid})`);
    });

    const preview = (query: string) =>
      getJson<UmbralPreviewResponse>(`/api/sense/umbral/${place.umbralid}/preview?days=1&endDate=${end}&${query}`);

    it('counts readings and episodes of the current and the edited band', async () => {
      const body = await preview('minimo=12&maximo=18');
      expect(body).toMatchObject({ umbralid: place.umbralid, days: 1, start: '2020-01-01T00:00:00.000Z', end, total: 7 });
      expect(body.current).toEqual({ minimo: 10, maximo: 20, readings: 2, episodes: 2 });
      expect(body.edited).toEqual({ minimo: 12, maximo: 18, readings: 3, episodes: 3 });
    });

    it('joins consecutive breaking readings into one episode', async () => {
      const body = await preview('minimo=16&maximo=40');
      // 15 25 15 11 15 30 15: breaks, ok, breaks, breaks, breaks, ok, breaks.
      expect(body.edited).toEqual({ minimo: 16, maximo: 40, readings: 5, episodes: 3 });
    });

    it('equals the current counts when no band is given', async () => {
      const body = await preview('');
      expect(body.edited).toEqual(body.current);
    });

    it('refuses a band whose minimum is above its maximum, an unknown threshold and a bad window', async () => {
      const inverted = await context.get(`/api/sense/umbral/${place.umbralid}/preview?minimo=30&maximo=20`);
      expect(inverted.statusCode).toBe(400);
      expect(errorOf(inverted).details).toEqual([{ field: 'maximo', rule: 'minimum', limit: 'minimo' }]);
      // One side only, beyond the stored other side: the band read in the same statement refuses it.
      const aboveStoredMaximum = await context.get(`/api/sense/umbral/${place.umbralid}/preview?minimo=${place.maximo + 1}`);
      expect(aboveStoredMaximum.statusCode).toBe(400);
      expect(errorOf(aboveStoredMaximum).details).toEqual([{ field: 'maximo', rule: 'minimum', limit: 'minimo' }]);
      const unknown = await context.get('/api/sense/umbral/999999/preview');
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).code).toBe('NOT_FOUND');
      for (const query of ['days=0', 'days=91', 'minimo=abc', 'endDate=yesterday']) {
        const response = await context.get(`/api/sense/umbral/${place.umbralid}/preview?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorOf(response).code).toBe('VALIDATION');
      }
    });

    it('matches the bare SQL on the demo farm over a day', async () => {
      const dayEnd = context.now.toISOString();
      const [other] = await context.query<Place>(sql`
        select umbralid, ubicacionid, nodoid, tipoid, metricaid, minimo, maximo from sense.umbral
         where umbralid <> ${place.umbralid} and statusid = 1 order by umbralid limit 1`);
      const body = await getJson<UmbralPreviewResponse>(`/api/sense/umbral/${other!.umbralid}/preview?days=1&endDate=${dayEnd}`);
      const [expected] = await context.query<{ total: number; breaking: number }>(sql`
        select count(*)::int as total, count(*) filter (where medicion < ${other!.minimo} or medicion > ${other!.maximo})::int as breaking
          from sense.medicion
         where nodoid = ${other!.nodoid} and tipoid = ${other!.tipoid} and metricaid = ${other!.metricaid}
           and ubicacionid = ${other!.ubicacionid}
           and fecha >= ${new Date(context.now.getTime() - 86_400_000).toISOString()}::timestamptz and fecha < ${dayEnd}::timestamptz`);
      expect(expected!.total).toBeGreaterThan(0);
      expect(body.total).toBe(expected!.total);
      expect(body.current.readings).toBe(expected!.breaking);
      expect(body.current.episodes).toBeLessThanOrEqual(body.current.readings);
    });
  });

  describe('history and recent changes', () => {
    it('answers the threshold trail newest first, with who and old → new', async () => {
      const response = await context.send('PUT', `/api/sense/umbral/${place.umbralid}`, { maximo: 21.5, umbral: 'Banda editada' });
      expect(response.statusCode, response.body).toBe(200);
      const trail = await getJson<UmbralAuditEntry[]>(`/api/sense/umbral/${place.umbralid}/historial`);
      const [newest] = trail;
      expect(newest).toMatchObject({ umbralid: place.umbralid, accion: 'UPDATE', umbral: 'Banda editada' });
      expect(newest!.usuario).toMatchObject({ usuarioid: context.adminId, login: admin.login });
      expect(newest!.cambios).toEqual([
        { campo: 'umbral', anterior: expect.any(String), nuevo: 'Banda editada' },
        { campo: 'maximo', anterior: 20, nuevo: 21.5 },
      ]);
      expect(trail.at(-1)!.accion).toBe('INSERT');
      const dates = trail.map((entry) => Date.parse(entry.fecha));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    });

    it('lists the recent changes of the fundo, not of another', async () => {
      const changes = await getJson<UmbralAuditEntry[]>(`/api/sense/umbrales/cambios?fundoId=${place.fundoid}&limit=5`);
      expect(changes.length).toBeLessThanOrEqual(5);
      expect(changes[0]).toMatchObject({ umbralid: place.umbralid, accion: 'UPDATE', umbral: 'Banda editada' });
      const [otherFundo] = await context.query<{ fundoid: number }>(sql`
        select fundoid from sense.fundo where fundoid <> ${place.fundoid} order by fundoid limit 1`);
      const elsewhere = await getJson<UmbralAuditEntry[]>(`/api/sense/umbrales/cambios?fundoId=${otherFundo!.fundoid}`);
      expect(elsewhere.some((entry) => entry.umbralid === place.umbralid)).toBe(false);
      expect((await context.get('/api/sense/umbrales/cambios?limit=0')).statusCode).toBe(400);
    });

    it('keeps the trail of a deleted threshold', async () => {
      const created = await context.send('POST', '/api/sense/umbral', {
        umbral: 'Para borrar',
        ubicacionid: place.ubicacionid,
        nodoid: place.nodoid,
        tipoid: place.tipoid,
        metricaid: place.metricaid,
        criticidadid: (await context.query<{ id: number }>(sql`
          select criticidadid as id from sense.criticidad c
           where not exists (select 1 from sense.umbral u where u.criticidadid = c.criticidadid and u.statusid = 1
                               and u.ubicacionid = ${place.ubicacionid} and u.nodoid = ${place.nodoid}
                               and u.tipoid = ${place.tipoid} and u.metricaid = ${place.metricaid})
           order by grado limit 1`))[0]!.id,
        minimo: 0,
        maximo: 1,
      });
      expect(created.statusCode, created.body).toBe(201);
      const umbralid = created.json<{ umbralid: number }>().umbralid;
      expect((await context.send('DELETE', `/api/sense/umbral/${umbralid}`)).statusCode).toBe(204);
      const trail = await getJson<UmbralAuditEntry[]>(`/api/sense/umbral/${umbralid}/historial`);
      expect(trail.map((entry) => entry.accion)).toEqual(['DELETE', 'INSERT']);
      expect(trail[0]!.cambios).toContainEqual({ campo: 'minimo', anterior: 0, nuevo: null });
      expect(trail[0]!.usuario?.login).toBe(admin.login);
    });
  });

  describe('PUT /api/sense/umbral/{id}/perfiles', () => {
    let perfiles: { perfilid: number; perfil: string }[];
    beforeAll(async () => {
      perfiles = await context.query(sql`select perfilid, perfil from sense.perfil order by perfil limit 3`);
      expect(perfiles.length).toBe(3);
    });

    const put = (umbralId: number, perfilids: unknown, bearer?: string) =>
      context.app.inject({
        method: 'PUT',
        url: `/api/sense/umbral/${umbralId}/perfiles`,
        headers: { authorization: bearer ?? context.bearer },
        payload: { perfilids },
      });

    it('replaces the profiles told, and the scope listing shows them', async () => {
      const chosen = [perfiles[1]!, perfiles[0]!];
      const response = await put(place.umbralid, chosen.map((perfil) => perfil.perfilid));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<UmbralPerfilesResponse>()).toEqual({ umbralid: place.umbralid, perfiles: [perfiles[0], perfiles[1]] });
      const body = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?nodoId=${place.nodoid}`);
      const found = allThresholds(body).find((row) => row.umbral.umbralid === place.umbralid)!;
      expect(found.umbral.perfiles).toEqual([perfiles[0], perfiles[1]]);
      const empty = await put(place.umbralid, []);
      expect(empty.json<UmbralPerfilesResponse>().perfiles).toEqual([]);
    });

    it('changes nothing when one profile does not exist', async () => {
      await put(place.umbralid, [perfiles[2]!.perfilid]);
      const response = await put(place.umbralid, [perfiles[0]!.perfilid, 999999]);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('FOREIGN_KEY');
      const rows = await context.query<{ perfilid: number }>(sql`select perfilid from sense.perfilumbral where umbralid = ${place.umbralid}`);
      expect(rows).toEqual([{ perfilid: perfiles[2]!.perfilid }]);
    });

    it('answers 404 for an unknown threshold, 400 for a bad body, 403 for a user', async () => {
      expect((await put(999999, [perfiles[0]!.perfilid])).statusCode).toBe(404);
      for (const body of [[0], ['x'], [perfiles[0]!.perfilid, perfiles[0]!.perfilid], 'all']) {
        const response = await put(place.umbralid, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(response).code).toBe('VALIDATION');
      }
      const forbidden = await put(place.umbralid, [perfiles[0]!.perfilid], userBearer);
      expect(forbidden.statusCode).toBe(403);
      expect(errorOf(forbidden).code).toBe('FORBIDDEN');
    });
  });

  describe('POST /api/sense/umbral/massive', () => {
    it('creates and replaces every threshold of a farm and entity in one save, dry run first, audited', async () => {
      const [entity] = await context.query<{ entidadid: number }>(sql`
        select t.entidadid from sense.umbral u join sense.tipo t on t.tipoid = u.tipoid where u.umbralid = ${place.umbralid}`);
      const scope = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?fundoId=${place.fundoid}&entidadId=${entity!.entidadid}`);
      const all = await getJson<UmbralScopeResponse>(`/api/sense/umbrales?fundoId=${place.fundoid}`);
      const metrics = allMetrics(scope);
      // The entity filter keeps only its own probe types, and drops some of the farm's.
      const [types] = await context.query<{ tipoids: number[] }>(
        sql`select coalesce(array_agg(tipoid), '{}') as tipoids from sense.tipo where entidadid = ${entity!.entidadid}`,
      );
      expect(metrics.length).toBeGreaterThan(0);
      expect(metrics.every(({ probe }) => types!.tipoids.includes(probe.tipoid))).toBe(true);
      expect(allMetrics(all).length).toBeGreaterThanOrEqual(metrics.length);

      const [level] = await context.query<{ criticidadid: number }>(sql`select criticidadid from sense.criticidad order by grado limit 1`);
      const rows: UmbralMassiveRow[] = metrics.map(({ location, node, probe, metric }) => ({
        ubicacionid: location.ubicacionid,
        nodoid: node.nodoid,
        tipoid: probe.tipoid,
        metricaid: metric.metricaid,
        criticidadid: level!.criticidadid,
        minimo: -5,
        maximo: 55,
      }));
      const replacing = metrics.filter(({ metric }) =>
        metric.umbrales.some((umbral) => umbral.statusid === 1 && umbral.criticidadid === level!.criticidadid),
      ).length;
      const preview = await context.send('POST', '/api/sense/umbral/massive', { rows, dryRun: true });
      expect(preview.json<UmbralMassiveResult>()).toEqual({ created: rows.length - replacing, replaced: replacing, dryRun: true });
      const [before] = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.umbral`);

      const saved = await context.send('POST', '/api/sense/umbral/massive', { rows, dryRun: false });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<UmbralMassiveResult>()).toEqual({ created: rows.length - replacing, replaced: replacing, dryRun: false });
      const [after] = await context.query<{ count: number }>(sql`select count(*)::int as count from sense.umbral`);
      expect(after!.count - before!.count).toBe(rows.length - replacing);
      const stored = await context.query<{ minimo: number; maximo: number; umbral: string }>(sql`
        select u.minimo, u.maximo, u.umbral from sense.umbral u join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid
          join sense.tipo t on t.tipoid = u.tipoid
         where ub.fundoid = ${place.fundoid} and t.entidadid = ${entity!.entidadid} and u.statusid = 1 and u.criticidadid = ${level!.criticidadid}`);
      expect(stored).toHaveLength(rows.length);
      expect(stored.every((row) => row.minimo === -5 && row.maximo === 55 && row.umbral.length > 0)).toBe(true);
      const [audited] = await context.query<{ count: number }>(sql`
        select count(*)::int as count from sense.audit_log_umbral where usuarioid = ${context.adminId} and fecha > now() - interval '1 minute'`);
      expect(audited!.count).toBeGreaterThanOrEqual(rows.length);

      // The same save again replaces them all and creates none.
      const again = await context.send('POST', '/api/sense/umbral/massive', { rows });
      expect(again.json<UmbralMassiveResult>()).toEqual({ created: 0, replaced: rows.length, dryRun: false });
    });

    it('writes nothing when one row is wrong: a band upside down, a place given twice, an unknown level', async () => {
      const row: UmbralMassiveRow = { ubicacionid: place.ubicacionid, nodoid: place.nodoid, tipoid: place.tipoid, metricaid: place.metricaid, criticidadid: 1, minimo: 1, maximo: 2 };
      const [before] = await context.query<{ count: number; bands: string }>(
        sql`select count(*)::int as count, string_agg(minimo || '-' || maximo, ',' order by umbralid) as bands from sense.umbral`,
      );
      const upsideDown = await context.send('POST', '/api/sense/umbral/massive', { rows: [row, { ...row, criticidadid: 2, minimo: 9, maximo: 3 }] });
      expect(upsideDown.statusCode).toBe(400);
      expect(errorOf(upsideDown).details).toEqual([{ field: 'rows/1/maximo', rule: 'minimum', limit: 'minimo' }]);
      const twice = await context.send('POST', '/api/sense/umbral/massive', { rows: [row, { ...row, minimo: 0 }] });
      expect(errorOf(twice).details).toEqual([{ field: 'rows/1', rule: 'repeated', limit: 0 }]);
      const unknown = await context.send('POST', '/api/sense/umbral/massive', { rows: [row, { ...row, criticidadid: 999_999 }] });
      expect(unknown.statusCode).toBe(409);
      expect(errorOf(unknown).code).toBe('FOREIGN_KEY');
      const [after] = await context.query<{ count: number; bands: string }>(
        sql`select count(*)::int as count, string_agg(minimo || '-' || maximo, ',' order by umbralid) as bands from sense.umbral`,
      );
      expect(after).toEqual(before);
      // The demo operador holds operacion in every company, which tunes thresholds (issue 32; a
      // reader's 403 and another company's 404 are tried in tenancy-writes.test.ts).
      const operated = await context.app.inject({
        method: 'POST',
        url: '/api/sense/umbral/massive',
        headers: { authorization: userBearer },
        payload: { rows: [row], dryRun: true },
      });
      expect(operated.statusCode, operated.body).toBe(200);
    });
  });
});
