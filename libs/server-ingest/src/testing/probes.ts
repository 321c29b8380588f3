import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';

/** A probe metric of the test farm with an active threshold, and values inside and outside it. */
export interface ProbeUnderTest {
  nodoid: number;
  deveui: string;
  tipoid: number;
  tipo: string;
  metricaid: number;
  metricaabrev: string;
  ubicacionid: number;
  umbralid: number;
  criticidadid: number;
  minimo: number;
  maximo: number;
  inside: number;
  above: number;
  below: number;
}

/** The first probe metric (by threshold id) whose node has a DevEUI and whose threshold is its only one. */
export async function findProbe(database: Database, offset = 0): Promise<ProbeUnderTest> {
  const rows = await database.query<Omit<ProbeUnderTest, 'inside' | 'above' | 'below'>>(sql`
    select n.nodoid, n.deveui, u.tipoid, t.tipo, u.metricaid, m.metricaabrev, u.ubicacionid, u.umbralid, u.criticidadid,
           u.minimo, u.maximo
      from sense.umbral u
      join sense.nodo n on n.nodoid = u.nodoid
      join sense.tipo t on t.tipoid = u.tipoid
      join sense.metrica m on m.metricaid = u.metricaid
      join sense.localizacion l on l.nodoid = u.nodoid and l.ubicacionid = u.ubicacionid and l.statusid = 1
     where u.statusid = 1 and n.deveui is not null
       and (select count(*) from sense.umbral o
             where o.statusid = 1 and o.nodoid = u.nodoid and o.tipoid = u.tipoid and o.metricaid = u.metricaid) = 1
     order by u.umbralid
     offset ${offset} limit 1`);
  const row = rows[0];
  if (!row) throw new Error('test farm: no probe with a threshold');
  const span = Math.max(1, row.maximo - row.minimo);
  return { ...row, inside: (row.minimo + row.maximo) / 2, above: row.maximo + span, below: row.minimo - span };
}

export function minutesAfter(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * 60_000);
}

/** One reading of the probe as the ingest paths take it. */
export function readingOf(probe: ProbeUnderTest, fecha: Date, medicion: unknown) {
  return { deveui: probe.deveui, tipoid: probe.tipoid, metricaabrev: probe.metricaabrev, fecha: fecha.toISOString(), medicion };
}
