import { createRandom } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { createIngestService, IngestBusyError } from '@camposense/server-ingest';

interface ProbeKey {
  nodoid: number;
  deveui: string;
  tipoid: number;
  metricaid: number;
  minimo: number | null;
  maximo: number | null;
}

/** Issue 27, item 7: ingest writes in one key order and retries deadlocks; a client never sees one. */
describe.each(testDrivers())('concurrent ingest on $kind', (driver) => {
  let context: SenseContext;
  let key: string;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const created = await context.send('POST', '/api/ingest/keys', { nombre: 'Concurrencia' });
    key = created.json<{ clave: string }>().clave;
  });
  afterAll(() => closeSenseContext(context));

  const post = (readings: unknown[]) =>
    context.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ readings }),
    });

  /** Fails the next `times` upserts of the latest values with a deadlock (SQLSTATE 40P01); counts every try. */
  async function failWithDeadlock(times: number) {
    await context.query(sql`create sequence if not exists sense.test_ingest_tries`);
    await context.query(sql.raw(`
      create or replace function sense.test_ingest_deadlock() returns trigger language plpgsql as $$
      begin
        if nextval('sense.test_ingest_tries') <= ${times} then
          raise exception 'deadlock forced by test' using errcode = '40P01';
        end if;
        return null;
      end $$`));
    await context.query(sql`
      create trigger test_ingest_deadlock before insert on sense.ultimamedicion
        for each statement execute function sense.test_ingest_deadlock()`);
    return {
      tries: async () => (await context.query<{ tries: number }>(sql`select last_value::int as tries from sense.test_ingest_tries`))[0]?.tries ?? -1,
      async remove() {
        await context.query(sql`drop trigger test_ingest_deadlock on sense.ultimamedicion`);
        await context.query(sql`drop function sense.test_ingest_deadlock()`);
        await context.query(sql`drop sequence sense.test_ingest_tries`);
      },
    };
  }

  it('stores the same readings sent by 30 concurrent requests in different orders exactly once: all 200, no deadlock reaches a client', async () => {
    // Probe metrics of several nodes, with their active threshold where they have one.
    const probes = await context.query<ProbeKey>(sql`
      select nodoid, deveui, tipoid, metricaid, minimo, maximo from (
      select ms.nodoid, n.deveui, ms.tipoid, ms.metricaid, u.minimo, u.maximo,
             row_number() over (partition by ms.nodoid order by ms.tipoid, ms.metricaid) as position
        from sense.metricasensor ms
        join sense.nodo n on n.nodoid = ms.nodoid and n.deveui is not null
        join sense.localizacion l on l.nodoid = ms.nodoid and l.statusid = 1
        left join lateral (
          select minimo, maximo from sense.umbral u
           where u.nodoid = ms.nodoid and u.tipoid = ms.tipoid and u.metricaid = ms.metricaid and u.ubicacionid = l.ubicacionid and u.statusid = 1
           order by umbralid limit 1) u on true) probe
       where position <= 3
       order by nodoid, tipoid, metricaid
       limit 12`);
    expect(new Set(probes.map((probe) => probe.nodoid)).size).toBeGreaterThanOrEqual(3);
    // Twelve minutes of readings per probe metric, a third of them outside the band.
    const start = Date.now() - 60 * 60_000;
    const pool = probes.flatMap((probe) =>
      Array.from({ length: 12 }, (_, minute) => {
        const inside = probe.minimo !== null && probe.maximo !== null ? (probe.minimo + probe.maximo) / 2 : 10;
        const outside = probe.maximo !== null ? probe.maximo + 50 : 99;
        return { nodoid: probe.nodoid, tipoid: probe.tipoid, metricaid: probe.metricaid, fecha: new Date(start + minute * 60_000).toISOString(), medicion: minute % 3 === 2 ? outside : inside + minute / 100 };
      }),
    );
    // Seeded: the same shuffles on every run.
    const random = createRandom(27, 'ingest-concurrency');
    // Overlapping batches: each a random four fifths of the pool, in its own order.
    const batches = Array.from({ length: 30 }, () => random.shuffle(pool).slice(0, Math.ceil(pool.length * 0.8)));
    batches[0] = random.shuffle(pool);

    const responses = await Promise.all(batches.map((batch) => post(batch)));
    expect(responses.map((response) => response.statusCode)).toEqual(batches.map(() => 200));
    const bodies = responses.map((response) => response.json<{ accepted: number; duplicates: number; rejected: unknown[] }>());
    bodies.forEach((body, index) => {
      expect(body.rejected).toEqual([]);
      expect(body.accepted + body.duplicates).toBe(batches[index]!.length);
    });
    expect(bodies.reduce((sum, body) => sum + body.accepted, 0)).toBe(pool.length);

    // Every reading once, with its value; each breaking one alerted once; one latest value each.
    const nodes = [...new Set(probes.map((probe) => probe.nodoid))];
    const nodeList = `{${nodes.join(',')}}`;
    const from = new Date(start).toISOString();
    const stored = await context.query<{ nodoid: number; tipoid: number; metricaid: number; fecha: Date | string; medicion: number }>(sql`
      select nodoid, tipoid, metricaid, fecha, medicion from sense.medicion
       where nodoid = any(${nodeList}::int[]) and fecha >= ${from}::timestamptz`);
    const asKey = (row: { nodoid: number; tipoid: number; metricaid: number; fecha: Date | string }) =>
      `${row.nodoid}:${row.tipoid}:${row.metricaid}:${new Date(row.fecha).toISOString()}`;
    expect(new Map(stored.map((row) => [asKey(row), row.medicion]))).toEqual(new Map(pool.map((reading) => [asKey(reading), reading.medicion])));
    expect(stored).toHaveLength(pool.length);
    const [alerts] = await context.query<{ breaking: number; alerted: number; repeated: number }>(sql`
      select (select count(*)::int from sense.medicion m
                join sense.umbral u on u.nodoid = m.nodoid and u.tipoid = m.tipoid and u.metricaid = m.metricaid
                                   and u.ubicacionid = m.ubicacionid and u.statusid = 1
               where m.nodoid = any(${nodeList}::int[]) and m.fecha >= ${from}::timestamptz
                 and (m.medicion < u.minimo or m.medicion > u.maximo)) as breaking,
             (select count(*)::int from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid
               where m.nodoid = any(${nodeList}::int[]) and m.fecha >= ${from}::timestamptz) as alerted,
             (select count(*)::int from (select a.medicionid from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid
               where m.nodoid = any(${nodeList}::int[]) and m.fecha >= ${from}::timestamptz
               group by a.medicionid, a.umbralid having count(*) > 1) twice) as repeated`);
    expect(alerts?.breaking).toBeGreaterThan(0);
    expect(alerts).toEqual({ breaking: alerts?.breaking, alerted: alerts?.breaking, repeated: 0 });
    const latest = await context.query<{ nodoid: number; tipoid: number; metricaid: number; fecha: Date | string }>(sql`
      select nodoid, tipoid, metricaid, fecha from sense.ultimamedicion where nodoid = any(${nodeList}::int[])`);
    const last = new Date(start + 11 * 60_000).toISOString();
    for (const probe of probes) {
      const row = latest.find((candidate) => candidate.nodoid === probe.nodoid && candidate.tipoid === probe.tipoid && candidate.metricaid === probe.metricaid);
      expect(row && new Date(row.fecha).toISOString()).toBe(last);
    }
    const [{ twice } = { twice: -1 }] = await context.query<{ twice: number }>(sql`
      select count(*)::int as twice from (select umbralid from sense.episodio
        where nodoid = any(${nodeList}::int[]) and fechafin is null and umbralid is not null group by umbralid having count(*) > 1) open`);
    expect(twice).toBe(0);
  });

  it('gives nodes heard at once by concurrent status batches their radio probe once: every batch succeeds (issue 33)', async () => {
    // An entity with no Radio type yet, and four placed nodes of it without a probe.
    const [entidad] = await context.query<{ entidadid: number }>(sql`
      insert into sense.entidad (entidad, entidadabrev) values ('Cultivo concurrente', 'CONC') returning entidadid`);
    const [place] = await context.query<{ ubicacionid: number }>(sql`select min(ubicacionid) as ubicacionid from sense.ubicacion`);
    const nodes = await context.query<{ nodoid: number; deveui: string }>(sql`
      insert into sense.nodo (nodo, deveui)
      select 'NODO-CONC-' || i, 'C0C0C0C0C0C000' || lpad(i::text, 2, '0') from generate_series(1, 4) as i
      returning nodoid, deveui`);
    await context.query(sql`
      insert into sense.localizacion (entidadid, ubicacionid, nodoid)
      select ${entidad!.entidadid}, ${place!.ubicacionid}, nodoid from sense.nodo where nodo like 'NODO-CONC-%'`);
    const start = Date.now() - 30 * 60_000;
    // Eight batches, each every node once, in its own order and at its own minute.
    const random = createRandom(33, 'radio-probe-concurrency');
    const batches = Array.from({ length: 8 }, (_, batch) =>
      random.shuffle(nodes).map((node) => ({ time: new Date(start + batch * 60_000).toISOString(), deviceInfo: { devEui: node.deveui }, batteryLevel: 50 + batch })),
    );
    const responses = await Promise.all(
      batches.map((events) =>
        context.app.inject({
          method: 'POST',
          url: '/api/ingest/status',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ events }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(batches.map(() => 200));
    expect(responses.map((response) => response.json<{ accepted: number }>().accepted)).toEqual(batches.map(() => nodes.length));
    const nodeList = `{${nodes.map((node) => node.nodoid).join(',')}}`;
    const [rows] = await context.query<Record<string, number>>(sql`
      select (select count(*) from sense.tipo where entidadid = ${entidad!.entidadid})::int as tipos,
             (select count(*) from sense.sensor where nodoid = any(${nodeList}::int[]))::int as sensores,
             (select count(*) from sense.metricasensor where nodoid = any(${nodeList}::int[]))::int as metricas,
             (select count(*) from sense.medicion where nodoid = any(${nodeList}::int[]))::int as lecturas,
             (select count(*) from sense.estadodispositivo where nodoid = any(${nodeList}::int[]))::int as estados`);
    expect(rows).toEqual({ tipos: 1, sensores: 4, metricas: 12, lecturas: 32, estados: 32 });
  });

  it('tries a batch that lost to a deadlock (40P01) again, and stores it', async () => {
    const [probe] = await context.query<{ nodoid: number; tipoid: number; metricaid: number }>(sql`
      select ms.nodoid, ms.tipoid, ms.metricaid from sense.metricasensor ms
        join sense.localizacion l on l.nodoid = ms.nodoid and l.statusid = 1
       order by ms.nodoid desc limit 1`);
    const service = createIngestService(context.database, { transactionAttempts: 4 });
    const deadlock = await failWithDeadlock(2);
    try {
      const result = await service.ingest([{ ...probe!, fecha: new Date(Date.now() - 5 * 60_000).toISOString(), medicion: 1 }]);
      expect(result).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
      expect(await deadlock.tries()).toBe(3);
      // Out of tries: a typed error, nothing stored.
      const exhausted = createIngestService(context.database, { transactionAttempts: 2 });
      await context.query(sql`select setval('sense.test_ingest_tries', 1, false)`);
      await expect(exhausted.ingest([{ ...probe!, fecha: new Date(Date.now() - 4 * 60_000).toISOString(), medicion: 1 }])).rejects.toBeInstanceOf(IngestBusyError);
      expect(await deadlock.tries()).toBe(2);
    } finally {
      await deadlock.remove();
    }
  });

  it('answers 503 with Retry-After when every try lost to a deadlock, stores nothing, and takes the same batch later', async () => {
    const [probe] = await context.query<{ deveui: string; tipoid: number; metricaid: number }>(sql`
      select n.deveui, ms.tipoid, ms.metricaid from sense.metricasensor ms
        join sense.nodo n on n.nodoid = ms.nodoid and n.deveui is not null
        join sense.localizacion l on l.nodoid = ms.nodoid and l.statusid = 1
       order by ms.nodoid desc, ms.metricaid desc limit 1`);
    const fecha = new Date(Date.now() - 3 * 60_000).toISOString();
    const batch = [{ deveui: probe!.deveui, tipoid: probe!.tipoid, metricaid: probe!.metricaid, fecha, medicion: 2 }];
    const count = async () =>
      (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.medicion where fecha = ${fecha}::timestamptz`))[0]?.count;
    const deadlock = await failWithDeadlock(1_000);
    try {
      const refused = await post(batch);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
      expect(errorOf(refused).code).toBe('DATABASE_UNAVAILABLE');
      expect(errorOf(refused).message).toMatch(/reintente/);
      expect(await deadlock.tries()).toBe(4);
      expect(await count()).toBe(0);
    } finally {
      await deadlock.remove();
    }
    const accepted = await post(batch);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });
});
