import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDb, createDatabase, MEMORY_DATA_DIR } from '../client';
import type { Database } from '../client';
import { sqlState, violatedConstraint } from '../errors';
import { verifyPassword } from '../password';
import { DEMO_USERS, prepareDatabase, seedDemoUsers } from '../seed';
import { testDrivers } from '../testing/index';
import { DEMO_PASSWORD } from './demo-users';
import { fundoBox, planFarm } from './farm-plan';
import { DEMO_FUNDOS, DEMO_STAFF_PASSWORD_HASH } from './reference-data';
import { seedDemoFarm } from './seed-demo-farm';
import { radioSubjects } from './seed-radio';
import type { DemoFarmOptions } from './seed-demo-farm';

/** A small farm: one day of readings up to a fixed clock. */
const FARM: DemoFarmOptions = { seed: 7, days: 1, now: new Date('2026-03-15T17:05:00Z') };

/** Checksums of the rows that carry the farm, independent of the session's time zone. */
async function farmChecksums(database: Database): Promise<Record<string, string>> {
  const [row] = await database.query<Record<string, string>>(sql`
    select
      (select md5(string_agg(concat_ws('|', medicionid, extract(epoch from fecha), medicion, nodoid, tipoid, metricaid, ubicacionid), ',' order by medicionid)) from sense.medicion) as medicion,
      (select md5(string_agg(concat_ws('|', alertaid, umbralid, medicionid, extract(epoch from fecha), extract(epoch from datecreated), statusid), ',' order by alertaid)) from sense.alerta) as alerta,
      (select md5(string_agg(concat_ws('|', mensajeid, contactoid, alertaid, mensaje, extract(epoch from fecha), extract(epoch from datecreated), statusid), ',' order by mensajeid)) from sense.mensaje) as mensaje,
      (select md5(string_agg(concat_ws('|', umbralid, umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo), ',' order by umbralid)) from sense.umbral) as umbral,
      (select md5(string_agg(concat_ws('|', l.nodoid, n.nodo, n.deveui, l.entidadid, l.ubicacionid, l.latitud, l.longitud, l.referencia), ',' order by l.nodoid)) from sense.localizacion l join sense.nodo n using (nodoid)) as localizacion,
      (select md5(string_agg(concat_ws('|', contactoid, usuarioid, medioid, codigotelefonoid, celular, correo), ',' order by contactoid)) from sense.contacto) as contacto`);
  if (!row) throw new Error('no checksums');
  return row;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the statement to fail');
    },
    (error: unknown) => error,
  );
}

/** Filled by the PGlite suite, compared by the PostgreSQL one: the farm is the same on both. */
const checksumsByDriver = new Map<string, Record<string, string>>();

describe.each(testDrivers())('demo farm on $kind', ({ kind, open }) => {
  let database: Database;

  /** A migrated database with the demo users (which the farm gives profiles and contacts). */
  async function freshDatabase(): Promise<Database> {
    const fresh = await open();
    const prepared = await prepareDatabase(fresh, { progress: false });
    // Only when prepareDatabase did not: a second, conflicting insert would use up identity values.
    if (prepared.seeded.length === 0) await seedDemoUsers(fresh);
    return fresh;
  }

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is the same farm, ids included, for the same arguments in two fresh databases', async () => {
    const first = await seedDemoFarm(database, FARM);
    expect(first.created).toBe(true);
    const firstChecksums = await farmChecksums(database);
    await database.close();

    // A second fresh database (on PostgreSQL, `open` drops and recreates the schema).
    database = await freshDatabase();
    const second = await seedDemoFarm(database, FARM);
    expect(second.counts).toEqual(first.counts);
    expect(await farmChecksums(database)).toEqual(firstChecksums);

    const other = checksumsByDriver.get(kind === 'pglite' ? 'postgres' : 'pglite');
    if (other) expect(firstChecksums).toEqual(other);
    checksumsByDriver.set(kind, firstChecksums);
  });

  it('does not duplicate a farm that is already there', async () => {
    const before = await farmChecksums(database);
    const again = await seedDemoFarm(database, FARM);
    expect(again.created).toBe(false);
    expect(await farmChecksums(database)).toEqual(before);
  });

  it('meets the minimum sizes of issue 3', async () => {
    const { counts } = await seedDemoFarm(database, FARM);
    expect(counts.paises).toBeGreaterThanOrEqual(2);
    expect(counts.empresas).toBeGreaterThanOrEqual(3);
    expect(counts.fundos).toBeGreaterThanOrEqual(6);
    expect(counts.ubicaciones).toBeGreaterThanOrEqual(20);
    expect(counts.entidades).toBe(5);
    expect(counts.nodos).toBe(60);
    expect(counts.sensores).toBeGreaterThanOrEqual(60);
    expect(counts.metricasensor).toBe(counts.sensores * 3);
    // Every probe metric has a threshold, but the SNR of each node's radio probe (issue 33).
    expect(counts.umbrales).toBe(counts.metricasensor - counts.nodos);
    expect(counts.usuarios).toBeGreaterThanOrEqual(11);
    expect(counts.alertas).toBeGreaterThan(0);
    expect(counts.mensajes).toBeGreaterThan(0);

    const [row] = await database.query<Record<string, number>>(sql`
      select
        (select count(*) from sense.pais where paisabrev in ('PE', 'CL'))::int as countries,
        (select count(*) from sense.codigotelefono where codigotelefono in ('+51', '+56'))::int as phone_codes,
        (select count(*) from sense.metrica where (metrica, unidad) in (('Temperatura', '°C'), ('Humedad', '%'), ('Electroconductividad', 'dS/m')))::int as metrics,
        (select count(*) from sense.criticidad where (criticidad, grado) in (('Alta', 1), ('Media', 2), ('Baja', 3)))::int as severities,
        (select count(distinct tipo) from sense.tipo)::int as depths,
        (select count(*) from sense.nodo where deveui ~ '^[0-9A-F]{16}$' and nodo ~ '^NODO-[A-Z]{3}-[0-9]{2}$')::int as named_nodes,
        (select count(distinct medioid) from sense.contacto)::int as media,
        (select count(*) from sense.correo)::int as addresses`);
    expect(row).toEqual({
      countries: 2,
      phone_codes: 2,
      metrics: 3,
      severities: 3,
      depths: expect.any(Number),
      named_nodes: 60,
      media: 2,
      addresses: counts.usuarios,
    });
    expect(row?.['depths']).toBeGreaterThanOrEqual(3);
  });

  it('places every node once, inside the box of its fundo, growing its lot crop', async () => {
    const rows = await database.query<{ nodo: string; fundo: string; latitud: number; longitud: number; places: number }>(sql`
      select n.nodo, f.fundo, l.latitud, l.longitud, count(*) over (partition by n.nodoid)::int as places
      from sense.localizacion l
      join sense.nodo n on n.nodoid = l.nodoid
      join sense.ubicacion u on u.ubicacionid = l.ubicacionid
      join sense.fundo f on f.fundoid = u.fundoid`);
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      const fundo = DEMO_FUNDOS.find((candidate) => candidate.fundo === row.fundo);
      if (!fundo) throw new Error(`unknown fundo ${row.fundo}`);
      const box = fundoBox(fundo);
      expect(row.places).toBe(1);
      expect(row.latitud).toBeGreaterThanOrEqual(box.minLatitude);
      expect(row.latitud).toBeLessThanOrEqual(box.maxLatitude);
      expect(row.longitud).toBeGreaterThanOrEqual(box.minLongitude);
      expect(row.longitud).toBeLessThanOrEqual(box.maxLongitude);
    }
    // A probe's type belongs to the entity its node is placed for.
    const [mismatch] = await database.query<{ count: number }>(sql`
      select count(*)::int as count
      from sense.sensor s
      join sense.tipo t on t.tipoid = s.tipoid
      join sense.localizacion l on l.nodoid = s.nodoid
      where t.entidadid <> l.entidadid`);
    expect(mismatch?.count).toBe(0);
  });

  it("hears each uplink of the last day by radio, a silent node's silence included, with one draining battery and one weak link", async () => {
    // A reception at exactly the quarter hours a node read, no more (a silent node stays silent).
    const [mismatch] = await database.query<{ missing: number; extra: number }>(sql`
      select (select count(*) from (select distinct nodoid, fecha from sense.medicion where fecha > timestamptz '2026-03-14T17:00:00Z') m
               where not exists (select 1 from sense.recepcion r where r.nodoid = m.nodoid and r.fecha = m.fecha))::int as missing,
             (select count(*) from sense.recepcion r
               where not exists (select 1 from sense.medicion m where m.nodoid = r.nodoid and m.fecha = r.fecha))::int as extra`);
    expect(mismatch).toEqual({ missing: 0, extra: 0 });
    const subjects = radioSubjects(planFarm(FARM.seed!))!;
    const names = [subjects.draining.nodo, subjects.weakLink.nodo];
    const nodes = await database.query<{ nodoid: number; bateria: number; rssi: number; lost: number }>(sql`
      select n.nodoid,
             (select s.nivelbateria from sense.estadodispositivo s where s.nodoid = n.nodoid order by s.fecha desc limit 1) as bateria,
             (select max(r.rssi) from sense.recepcion r where r.nodoid = n.nodoid) as rssi,
             (select count(*) from (select r.fcnt - lag(r.fcnt) over (order by r.fecha) as step from sense.recepcion r where r.nodoid = n.nodoid) x
               where x.step > 1)::int as lost
        from sense.nodo n
       -- The two, and the farm's first node (heard to the end, neither).
       where n.nodo in (${names[0]!}, ${names[1]!}) or n.nodoid = (select min(nodoid) from sense.nodo)
       order by case n.nodo when ${names[0]!} then 0 when ${names[1]!} then 1 else 2 end`);
    const [draining, weakLink, other] = nodes;
    expect(draining!.bateria).toBeLessThan(20);
    expect(weakLink!.rssi).toBeLessThan(-118);
    expect(other!.bateria).toBeGreaterThan(20);
    expect(other!.rssi).toBeGreaterThan(-100);
    // Now and then a frame is lost on the air.
    expect(nodes.every((node) => node.lost > 0)).toBe(true);
  });

  it('gives every node a radio probe whose readings are the radio view, and alerts the drained battery and the weak link (issue 33)', async () => {
    // One radio probe per node, of its entity's one Radio type, reporting the three health metrics.
    const [probes] = await database.query<Record<string, number>>(sql`
      select (select count(*) from sense.sensor s join sense.tipo t on t.tipoid = s.tipoid where t.tipo = 'Radio')::int as probes,
             (select count(*) from sense.tipo where tipo = 'Radio')::int as types,
             (select count(distinct entidadid) from sense.localizacion)::int as entities,
             (select count(*) from sense.metricasensor ms join sense.tipo t on t.tipoid = ms.tipoid join sense.metrica m on m.metricaid = ms.metricaid
               where t.tipo = 'Radio' and (m.metrica, m.metricaabrev, m.unidad) in
                 (('Batería', 'BAT', '%'), ('Intensidad de señal', 'RSSI', 'dBm'), ('Relación señal/ruido', 'SNR', 'dB')))::int as metrics`);
    expect(probes).toEqual({ probes: 60, types: probes!['entities'], entities: probes!['entities'], metrics: 180 });
    // A reading per uplink (RSSI, SNR) and per status event (battery), no more.
    const [readings] = await database.query<Record<string, number>>(sql`
      with radio as (
        select m.nodoid, m.fecha, me.metricaabrev, m.medicion from sense.medicion m
          join sense.tipo t on t.tipoid = m.tipoid and t.tipo = 'Radio' join sense.metrica me on me.metricaid = m.metricaid)
      select (select count(*) from radio where metricaabrev = 'RSSI')::int as rssi,
             (select count(*) from radio where metricaabrev = 'SNR')::int as snr,
             (select count(*) from radio where metricaabrev = 'BAT')::int as bat,
             (select count(*) from sense.recepcion)::int as receptions,
             (select count(*) from sense.estadodispositivo)::int as statuses,
             (select count(*) from radio r where r.metricaabrev = 'RSSI'
               and not exists (select 1 from sense.recepcion x where x.nodoid = r.nodoid and x.fecha = r.fecha and x.rssi = r.medicion))::int as wrong_rssi,
             (select count(*) from radio r where r.metricaabrev = 'BAT'
               and not exists (select 1 from sense.estadodispositivo x where x.nodoid = r.nodoid and x.fecha = r.fecha and x.nivelbateria = r.medicion))::int as wrong_bat`);
    expect(readings).toEqual({
      rssi: readings!['receptions'],
      snr: readings!['receptions'],
      bat: readings!['statuses'],
      receptions: expect.any(Number) as number,
      statuses: expect.any(Number) as number,
      wrong_rssi: 0,
      wrong_bat: 0,
    });
    // One node's battery breaks its threshold at the last status event, another's RSSI all day: both open, told.
    const open = await database.query<{ nodoid: number; umbral: string; alerts: number; messages: number }>(sql`
      select e.nodoid, u.umbral, (select count(*) from sense.alerta a where a.episodioid = e.episodioid)::int as alerts,
             (select count(*) from sense.mensaje me where me.episodioid = e.episodioid)::int as messages
        from sense.episodio e join sense.umbral u on u.umbralid = e.umbralid
        join sense.tipo t on t.tipoid = u.tipoid and t.tipo = 'Radio'
       where e.fechafin is null order by e.nodoid`);
    const { draining, weakLink } = radioSubjects(planFarm(FARM.seed!))!;
    expect(open.map(({ umbral, alerts }) => ({ umbral, alerts: alerts > 1 ? 'many' : alerts }))).toEqual([
      { umbral: `Señal débil ${weakLink.nodo}`, alerts: 'many' },
      { umbral: `Batería baja ${draining.nodo}`, alerts: 1 },
    ]);
    expect(open.every((episode) => episode.messages > 0)).toBe(true);
  });

  it('reads every probe metric every 15 minutes up to the last quarter hour before now', async () => {
    const rows = await database.query<{ readings: number; first_at: Date | string; last_at: Date | string; gaps: number }>(sql`
      select count(*)::int as readings, min(fecha) as first_at, max(fecha) as last_at,
        count(*) filter (where gap <> interval '15 minutes')::int as gaps
      from (
        select nodoid, tipoid, metricaid, fecha,
          fecha - lag(fecha) over (partition by nodoid, tipoid, metricaid order by fecha) as gap
        from sense.medicion
        -- The radio probes read when the radio hears (the test above).
       where tipoid not in (select tipoid from sense.tipo where tipo = 'Radio')
      ) steps
      group by nodoid, tipoid, metricaid`);
    const [{ count: probeMetrics } = { count: 0 }] = await database.query<{ count: number }>(
      sql`select count(*)::int as count from sense.metricasensor where tipoid not in (select tipoid from sense.tipo where tipo = 'Radio')`,
    );
    expect(rows).toHaveLength(probeMetrics);
    const full = rows.filter((row) => row.readings === 96);
    expect(full.length).toBeGreaterThan(rows.length * 0.9);
    for (const row of rows) {
      // Only the first reading has no predecessor; the others are exactly 15 minutes apart.
      expect(row.gaps).toBe(0);
      expect(new Date(row.first_at).getTime()).toBe(new Date('2026-03-14T17:15:00Z').getTime());
    }
    // Silent nodes stop early; everyone else reads up to 17:00, the quarter hour before 17:05.
    const lastTimes = new Set(full.map((row) => new Date(row.last_at).toISOString()));
    expect([...lastTimes]).toEqual(['2026-03-15T17:00:00.000Z']);
    expect(rows.length - full.length).toBeGreaterThan(0);
  });

  it('keeps the latest value of every probe metric in ultimamedicion, and no reading twice', async () => {
    const mismatches = await database.query<{ nodoid: number }>(sql`
      select ms.nodoid
        from sense.metricasensor ms
        left join sense.ultimamedicion u using (nodoid, tipoid, metricaid)
        left join lateral (
          select m.medicionid, m.fecha, m.medicion from sense.medicion m
           where m.nodoid = ms.nodoid and m.tipoid = ms.tipoid and m.metricaid = ms.metricaid
           order by m.fecha desc limit 1) last on true
       where u.medicionid is distinct from last.medicionid or u.fecha is distinct from last.fecha
          or u.medicion is distinct from last.medicion`);
    expect(mismatches).toEqual([]);
    const [kept] = await database.query<{ count: number }>(sql`select count(*)::int as count from sense.ultimamedicion`);
    expect(kept?.count).toBeGreaterThan(0);
    const duplicates = await database.query(sql`
      select nodoid, tipoid, metricaid, fecha from sense.medicion
       group by nodoid, tipoid, metricaid, fecha having count(*) > 1`);
    expect(duplicates).toEqual([]);
    // The key refuses a second copy of a reading.
    const error = await failure(
      database.query(sql`
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
        select fecha, medicion + 1, nodoid, tipoid, metricaid, ubicacionid from sense.medicion limit 1`),
    );
    expect(sqlState(error)).toBe('23505');
  });

  it('raises an alert for exactly the readings outside an active threshold', async () => {
    const [row] = await database.query<Record<string, number>>(sql`
      select
        (select count(*) from sense.medicion)::int as readings,
        (select count(*) from sense.alerta)::int as alerts,
        (select count(*)
           from sense.medicion m
           join sense.umbral u on u.nodoid = m.nodoid and u.tipoid = m.tipoid and u.metricaid = m.metricaid
             and u.ubicacionid = m.ubicacionid and u.statusid = 1
           where m.medicion < u.minimo or m.medicion > u.maximo)::int as breaking,
        (select count(*)
           from sense.alerta a
           join sense.medicion m on m.medicionid = a.medicionid
           join sense.umbral u on u.umbralid = a.umbralid
           where m.medicion between u.minimo and u.maximo
             or a.fecha <> m.fecha
             or (u.nodoid, u.tipoid, u.metricaid, u.ubicacionid) <> (m.nodoid, m.tipoid, m.metricaid, m.ubicacionid))::int as wrong,
        (select count(*) from (select medicionid, umbralid from sense.alerta group by 1, 2 having count(*) > 1) d)::int as duplicated`);
    expect(row?.['alerts']).toBe(row?.['breaking']);
    expect(row?.['wrong']).toBe(0);
    expect(row?.['duplicated']).toBe(0);
    const share = (row?.['alerts'] ?? 0) / (row?.['readings'] ?? 1);
    expect(share).toBeGreaterThan(0.003);
    expect(share).toBeLessThan(0.05);
    const statuses = await database.query<{ statusid: number }>(
      sql`select distinct statusid from sense.alerta order by statusid`,
    );
    expect(statuses.map((status) => status.statusid)).toEqual([0, 1]);
  });

  it('writes episodes as the alarm engine would: no alert stays active once its probe reads back in range (issue 28, item 3)', async () => {
    const [row] = await database.query<Record<string, number>>(sql`
      select
        (select count(*) from sense.alerta where episodioid is null)::int as without_episode,
        -- An active alert with a later reading of its probe: the engine would have closed its episode.
        (select count(*) from sense.alerta a
           join sense.umbral u on u.umbralid = a.umbralid
           join sense.ultimamedicion last on last.nodoid = u.nodoid and last.tipoid = u.tipoid and last.metricaid = u.metricaid
          where a.statusid = 1 and last.fecha > (select max(b.fecha) from sense.alerta b where b.episodioid = a.episodioid))::int as stale_active,
        (select count(*) from sense.alerta a join sense.episodio e on e.episodioid = a.episodioid
          where (a.statusid = 1) <> (e.fechafin is null and e.statusid = 1))::int as status_mismatch,
        (select count(*) from sense.episodio where tipo = 'umbral' and fechafin is null)::int as open_episodes,
        (select count(*) from sense.episodio where tipo = 'umbral' and fechafin is not null)::int as closed_episodes,
        (select count(*) from (select umbralid from sense.episodio where fechafin is null group by 1 having count(*) > 1) d)::int as twice_open,
        (select count(*) from sense.alerta a join sense.episodio e on e.episodioid = a.episodioid
          where e.umbralid <> a.umbralid or a.fecha < e.fechainicio or a.fecha >= coalesce(e.fechafin, 'infinity'))::int as wrong_episode,
        (select count(*) from sense.mensaje where alertaid is not null and episodioid is null)::int as messages_without_episode`);
    expect(row).toMatchObject({ without_episode: 0, stale_active: 0, status_mismatch: 0, twice_open: 0, wrong_episode: 0, messages_without_episode: 0 });
    expect(row?.['open_episodes']).toBeGreaterThan(0);
    expect(row?.['closed_episodes']).toBeGreaterThan(row?.['open_episodes'] ?? 0);
  });

  it('sends messages only to contacts of users whose profiles hear about the threshold', async () => {
    const [row] = await database.query<Record<string, number>>(sql`
      select
        (select count(*) from sense.mensaje)::int as messages,
        (select count(*) from sense.mensaje where statusid = 1)::int as sent,
        (select count(*) from sense.mensaje where statusid = 0)::int as failed,
        (select count(*)
           from sense.mensaje me
           join sense.alerta a on a.alertaid = me.alertaid
           join sense.contacto c on c.contactoid = me.contactoid
           where not exists (
             select 1 from sense.perfilumbral pu
             join sense.usuarioperfil up on up.perfilid = pu.perfilid
             where pu.umbralid = a.umbralid and up.usuarioid = c.usuarioid))::int as strangers,
        (select count(*) from sense.mensaje where fecha < datecreated)::int as before_created`);
    expect(row?.['messages']).toBeGreaterThan(0);
    expect(row?.['strangers']).toBe(0);
    expect(row?.['before_created']).toBe(0);
    expect(row?.['failed']).toBeGreaterThan(0);
    expect(row?.['sent']).toBeGreaterThan((row?.['failed'] ?? 0) * 5);
    // The first fifty, and the radio thresholds' (issue 33).
    const texts = await database.query<{ mensaje: string }>(sql`
      (select mensaje from sense.mensaje order by mensajeid limit 50)
      union all
      (select me.mensaje from sense.mensaje me join sense.episodio e on e.episodioid = me.episodioid
         join sense.umbral u on u.umbralid = e.umbralid join sense.tipo t on t.tipoid = u.tipoid where t.tipo = 'Radio')`);
    expect(texts.some(({ mensaje }) => mensaje.includes('Batería 18 % fuera de rango [20–100]'))).toBe(true);
    for (const { mensaje } of texts) {
      expect(mensaje).toMatch(
        /^ALERTA (Alta|Media|Baja): (Temperatura|Humedad|Electroconductividad|Batería|Intensidad de señal) -?[\d.]+ (°C|%|dS\/m|dBm) fuera de rango \[-?[\d.]+–-?[\d.]+\] en NODO-[A-Z]{3}-\d{2} \(Fundo [^,]+, Lote \d\) a las \d{2}:\d{2}$/,
      );
    }
  });

  it('gives the staff the demo password and profiles a boss chain', async () => {
    expect(await verifyPassword(DEMO_STAFF_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    const chain = await database.query<{ perfil: string; nivel: number; jefe_nivel: number | null }>(sql`
      select p.perfil, p.nivel, j.nivel as jefe_nivel
      from sense.perfil p left join sense.perfil j on j.perfilid = p.jefeid
      order by p.nivel, p.perfil`);
    expect(chain.map((profile) => profile.nivel)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    for (const profile of chain) {
      expect(profile.jefe_nivel).toBe(profile.nivel === 0 ? null : profile.nivel - 1);
    }
    const [holders] = await database.query<{ count: number }>(sql`
      select count(*)::int as count from sense.usuario u
      where not exists (select 1 from sense.usuarioperfil up where up.usuarioid = u.usuarioid)`);
    // Every staff member and demo user holds a profile.
    expect(holders?.count).toBe(0);
  });

  describe('umbral audit trigger', () => {
    async function auditRows(umbralid: number) {
      return database.query<{
        accion: string;
        usuarioid: number | null;
        antes: number | null;
        despues: number | null;
      }>(sql`
        select accion, usuarioid,
          (valores_anteriores ->> 'minimo')::float8 as antes, (valores_nuevos ->> 'minimo')::float8 as despues
        from sense.audit_log_umbral where umbralid = ${umbralid} order by auditlogumbralid`);
    }

    it('logged every threshold the farm wrote', async () => {
      const [row] = await database.query<{ logged: number; thresholds: number }>(sql`
        select (select count(*) from sense.audit_log_umbral where accion = 'INSERT')::int as logged,
          (select count(*) from sense.umbral)::int as thresholds`);
      expect(row?.logged).toBe(row?.thresholds);
    });

    it('writes who inserted, updated and deleted a threshold, and what changed', async () => {
      const [template] = await database.query<{
        ubicacionid: number;
        nodoid: number;
        tipoid: number;
        metricaid: number;
        criticidadid: number;
      }>(sql`select ubicacionid, nodoid, tipoid, metricaid, criticidadid from sense.umbral order by umbralid limit 1`);
      if (!template) throw new Error('no threshold');
      const [created] = await database.query<{ umbralid: number }>(sql`
        insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, statusid, usercreatedid)
        values ('prueba', ${template.ubicacionid}, ${template.nodoid}, ${template.tipoid}, ${template.metricaid},
          ${template.criticidadid}, 1, 9, 0, 501)
        returning umbralid`);
      const umbralid = created?.umbralid ?? 0;
      await database.query(sql`update sense.umbral set minimo = 2, usermodifiedid = 502 where umbralid = ${umbralid}`);
      await appDb(database).transaction(async (tx) => {
        await tx.execute(sql`select set_config('camposense.usuarioid', ${'503'}, true)`);
        await tx.execute(sql`delete from sense.umbral where umbralid = ${umbralid}`);
      });
      expect(await auditRows(umbralid)).toEqual([
        { accion: 'INSERT', usuarioid: 501, antes: null, despues: 1 },
        { accion: 'UPDATE', usuarioid: 502, antes: 1, despues: 2 },
        { accion: 'DELETE', usuarioid: 503, antes: 2, despues: null },
      ]);

      // Without the setting a delete is logged with an unknown user, and the setting does not leak.
      const [another] = await database.query<{ umbralid: number }>(sql`
        insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, statusid)
        values ('prueba 2', ${template.ubicacionid}, ${template.nodoid}, ${template.tipoid}, ${template.metricaid},
          ${template.criticidadid}, 1, 9, 0)
        returning umbralid`);
      await database.query(sql`delete from sense.umbral where umbralid = ${another?.umbralid ?? 0}`);
      expect((await auditRows(another?.umbralid ?? 0)).map((row) => [row.accion, row.usuarioid])).toEqual([
        ['INSERT', null],
        ['DELETE', null],
      ]);
    });

    it('keeps one active threshold per probe metric and severity', async () => {
      const error = await failure(
        database.query(sql`
          insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo)
          select 'copia', ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo
          from sense.umbral where statusid = 1 order by umbralid limit 1`),
      );
      expect(sqlState(error)).toBe('23505');
      expect(violatedConstraint(error)).toBe('umbral_activo_key');
    });
  });

  describe('constraints', () => {
    it.each([
      ['a DevEUI that is not 16 hex digits', sql`insert into sense.nodo (nodo, deveui) values ('NODO-MAL', 'XYZ')`, '23514', 'nodo_deveui_check'],
      ['a threshold whose minimum is above its maximum', sql`
        insert into sense.umbral (umbral, ubicacionid, nodoid, tipoid, metricaid, criticidadid, minimo, maximo, statusid)
        select 'invertido', ubicacionid, nodoid, tipoid, metricaid, criticidadid, 10, 5, 0 from sense.umbral limit 1`, '23514', 'umbral_minimo_maximo_check'],
      ['an alert status outside -1, 0, 1', sql`update sense.alerta set statusid = 2 where alertaid = 1`, '23514', 'alerta_statusid_check'],
      ['an sms contact without a phone', sql`
        insert into sense.contacto (usuarioid, medioid, correo)
        select (select min(usuarioid) from sense.usuario), medioid, 'sin.celular@camposense.dev' from sense.medio where nombre = 'sms'`, '23514', 'contacto_medio_check'],
      ['an e-mail contact without an address', sql`
        insert into sense.contacto (usuarioid, medioid, celular)
        select (select min(usuarioid) from sense.usuario), medioid, '987654321' from sense.medio where nombre = 'correo'`, '23514', 'contacto_medio_check'],
      ['a duplicate node name', sql`insert into sense.nodo (nodo) select nodo from sense.nodo limit 1`, '23505', 'nodo_nodo_key'],
      ['deleting a country that companies reference', sql`delete from sense.pais where paisabrev = 'PE'`, '23503', 'empresa_paisid_pais_paisid_fk'],
      ['deleting a reading that an alert references', sql`delete from sense.medicion where medicionid = (select min(medicionid) from sense.alerta)`, '23503', 'alerta_medicionid_medicion_medicionid_fk'],
      ['a reading of a probe metric that does not exist', sql`
        insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid) values (now(), 1, 1, 1, 999, 1)`, '23503', 'medicion_metricasensor_fkey'],
    ])('rejects %s', async (_name, statement, state, constraint) => {
      const error = await failure(database.query(statement));
      expect(sqlState(error)).toBe(state);
      expect(violatedConstraint(error)).toBe(constraint);
    });

    it('rejects a three-letter country code (paisabrev is varchar(2): SQLSTATE 22001)', async () => {
      const error = await failure(database.query(sql`insert into sense.pais (pais, paisabrev) values ('Perú 2', 'PER')`));
      expect(sqlState(error)).toBe('22001');
    });

    it('rejects an abbreviation over 10 characters', async () => {
      const error = await failure(
        database.query(sql`update sense.empresa set empresaabrev = 'ABCDEFGHIJK' where empresaid = (select min(empresaid) from sense.empresa)`),
      );
      expect(sqlState(error)).toBe('22001');
    });
  });
});

describe('prepareDatabase and the demo farm', () => {
  it('writes the farm into a new embedded database on disk, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'camposense-farm-'));
    try {
      const database = await createDatabase({ dataDir });
      try {
        const first = await prepareDatabase(database, { farm: FARM, progress: false });
        expect(first.seeded).toHaveLength(DEMO_USERS.length);
        expect(first.farm?.created).toBe(true);
        expect(first.farm?.counts.nodos).toBe(60);
        const second = await prepareDatabase(database, { farm: FARM, progress: false });
        expect(second.farm).toBeNull();
        expect((await prepareDatabase(database, { demo: true, farm: FARM, progress: false })).farm?.created).toBe(false);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves an in-memory test database without a farm', async () => {
    const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
    try {
      const prepared = await prepareDatabase(database, { farm: FARM, progress: false });
      expect(prepared.seeded).toHaveLength(DEMO_USERS.length);
      expect(prepared.farm).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('refuses arguments that cannot make a farm', async () => {
    const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
    try {
      await prepareDatabase(database, { progress: false });
      await expect(seedDemoFarm(database, { days: 0 })).rejects.toThrow(/days/);
      await expect(seedDemoFarm(database, { seed: 1.5 })).rejects.toThrow(/seed/);
      await expect(seedDemoFarm(database, { now: new Date('nope') })).rejects.toThrow(/clock/);
    } finally {
      await database.close();
    }
  });
});
