import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import type { Database } from './client';
import { hourlyTableMismatches, seedDemoProbe, testDrivers } from './testing/index';
import type { PlacedProbe } from './testing/index';

const NOW = new Date('2026-11-15T12:00:00Z');

describe.each(testDrivers())('medicionhora, the readings per hour, on $kind', ({ kind, open }) => {
  let database: Database;
  let probe: PlacedProbe;

  beforeAll(async () => {
    database = await open();
    probe = await seedDemoProbe(database, { days: 2, now: NOW });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Readings of the probe at the given times, as the ingest writes them (a duplicate is skipped). */
  const write = (on: Database, readings: Array<{ fecha: string; value: number }>) =>
    on.query<{ medicionid: number }>(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      select r.fecha, r.medicion, ${probe.nodoid}, ${probe.tipoid}, ${probe.metricaid}, ${probe.ubicacionid}
        from unnest(${`{${readings.map((reading) => `"${reading.fecha}"`).join(',')}}`}::timestamptz[],
                    ${`{${readings.map((reading) => reading.value).join(',')}}`}::float8[]) as r(fecha, medicion)
      on conflict (nodoid, metricaid, fecha, tipoid) do nothing
      returning medicionid::int`);
  const hour = (at: string) =>
    database.query<{ minimo: number; maximo: number; suma: number; cantidad: number; ultima: string }>(sql`
      select minimo, maximo, suma, cantidad, to_char(ultima at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ultima
        from sense.medicionhora
       where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and tipoid = ${probe.tipoid}
         and ubicacionid = ${probe.ubicacionid} and hora = ${at}::timestamptz`);

  it('holds the demo farm as its readings say, from the seed on', async () => {
    const [rows] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicionhora`);
    expect(rows!.n).toBeGreaterThan(100);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it('adds a batch to its hours, and a duplicate reading to nothing', async () => {
    expect(await write(database, [{ fecha: '2030-01-01T10:05:00Z', value: 4 }, { fecha: '2030-01-01T10:50:00Z', value: -2 }, { fecha: '2030-01-01T11:00:00Z', value: 7 }])).toHaveLength(3);
    expect(await hour('2030-01-01T10:00:00Z')).toEqual([{ minimo: -2, maximo: 4, suma: 2, cantidad: 2, ultima: '2030-01-01T10:50:00Z' }]);
    expect(await hour('2030-01-01T11:00:00Z')).toEqual([{ minimo: 7, maximo: 7, suma: 7, cantidad: 1, ultima: '2030-01-01T11:00:00Z' }]);
    // The same reading delivered again, and a new one in the same hour.
    expect(await write(database, [{ fecha: '2030-01-01T10:05:00Z', value: 4 }, { fecha: '2030-01-01T10:20:00Z', value: 9 }])).toHaveLength(1);
    expect(await hour('2030-01-01T10:00:00Z')).toEqual([{ minimo: -2, maximo: 9, suma: 11, cantidad: 3, ultima: '2030-01-01T10:50:00Z' }]);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it('recounts the hours an edit touches: a new value, a reading moved to another hour or place', async () => {
    await database.query(sql`update sense.medicion set medicion = 1 where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and fecha = '2030-01-01T10:20:00Z'`);
    expect(await hour('2030-01-01T10:00:00Z')).toEqual([{ minimo: -2, maximo: 4, suma: 3, cantidad: 3, ultima: '2030-01-01T10:50:00Z' }]);
    await database.query(sql`update sense.medicion set fecha = '2030-01-01T12:30:00Z' where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and fecha = '2030-01-01T11:00:00Z'`);
    expect(await hour('2030-01-01T11:00:00Z')).toEqual([]);
    expect(await hour('2030-01-01T12:00:00Z')).toEqual([{ minimo: 7, maximo: 7, suma: 7, cantidad: 1, ultima: '2030-01-01T12:30:00Z' }]);
    const [elsewhere] = await database.query<{ ubicacionid: number }>(sql`select ubicacionid from sense.ubicacion where ubicacionid <> ${probe.ubicacionid} order by 1 limit 1`);
    await database.query(sql`update sense.medicion set ubicacionid = ${elsewhere!.ubicacionid} where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and fecha = '2030-01-01T10:50:00Z'`);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it('recounts the hours a delete touches, and forgets an hour left empty', async () => {
    await database.query(sql`delete from sense.medicion where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and fecha in ('2030-01-01T10:05:00Z', '2030-01-01T12:30:00Z')`);
    expect(await hour('2030-01-01T10:00:00Z')).toEqual([{ minimo: 1, maximo: 1, suma: 1, cantidad: 1, ultima: '2030-01-01T10:20:00Z' }]);
    expect(await hour('2030-01-01T12:00:00Z')).toEqual([]);
    expect(await hourlyTableMismatches(database)).toBe(0);
  });

  it.runIf(kind === 'postgres')('stays exact while batches come in on one connection and edits and deletes run on another', async () => {
    const url = process.env['TEST_DATABASE_URL'];
    if (!url) return;
    const other = await createDatabase({ databaseUrl: url });
    try {
      const base = Date.parse('2030-02-01T00:00:00Z');
      const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
      const ingest = async () => {
        for (let batch = 0; batch < 40; batch++) {
          await write(database, Array.from({ length: 5 }, (_, index) => ({ fecha: at(batch * 5 + index), value: batch + index })));
        }
      };
      const edit = async () => {
        for (let round = 0; round < 40; round++) {
          await other.query(sql`
            update sense.medicion set medicion = medicion + 100
             where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and tipoid = ${probe.tipoid}
               and fecha >= ${at(0)}::timestamptz and fecha < ${at(round * 5)}::timestamptz and extract(minute from fecha)::int % 7 = ${round % 7}`);
          await other.query(sql`
            delete from sense.medicion
             where nodoid = ${probe.nodoid} and metricaid = ${probe.metricaid} and tipoid = ${probe.tipoid}
               and fecha = ${at(Math.max(0, round * 5 - 3))}::timestamptz`);
        }
      };
      await Promise.all([ingest(), edit()]);
      expect(await hourlyTableMismatches(database)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("serves a chart's hours from either index alone, without the table's pages (migration 0028)", async () => {
    // The series' reads of the hourly table (apps/api series queries): a node's metric, and a
    // location's metric of one probe type, over a window of hours. Without the figures in INCLUDE
    // each hour was a heap fetch (a 30-day node chart: 1,692 pages for 2,160 hours).
    const reads = [
      sql`select h.hora, h.minimo, h.maximo, h.suma, h.cantidad, h.ultima from sense.medicionhora h
           where h.metricaid = ${probe.metricaid} and h.nodoid = ${probe.nodoid} and h.hora >= '2026-11-13T00:00:00Z' and h.hora < '2026-11-15T00:00:00Z'`,
      sql`select h.hora, h.minimo, h.maximo, h.suma, h.cantidad, h.ultima from sense.medicionhora h
           where h.metricaid = ${probe.metricaid} and h.ubicacionid = ${probe.ubicacionid} and h.tipoid = ${probe.tipoid}
             and h.hora >= '2026-11-13T00:00:00Z' and h.hora < '2026-11-15T00:00:00Z'`,
    ];
    const scans: string[] = [];
    await database.db.transaction(async (tx) => {
      // A test farm is small enough for a table scan: ask for the index, and see which kind of scan it is.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
      for (const read of reads) {
        const result = (await tx.execute(sql`explain (costs off) ${read}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
        scans.push(result.rows.map((row) => row['QUERY PLAN']).find((line) => line.includes(' Scan '))!.trim());
      }
    });
    expect(scans).toEqual([
      expect.stringMatching(/^Index Only Scan using medicionhora_pkey /),
      expect.stringMatching(/^Index Only Scan using medicionhora_ubicacionid_metricaid_hora_idx /),
    ]);
  });

  it('empties with a truncate of the readings', async () => {
    await database.query(sql`truncate sense.medicion cascade`);
    const [rows] = await database.query<{ n: number }>(sql`select count(*)::int as n from sense.medicionhora`);
    expect(rows!.n).toBe(0);
  });
});
