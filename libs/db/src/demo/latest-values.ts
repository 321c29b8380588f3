import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * Fills `ultimamedicion` from `medicion` (alarms.md: the latest value per probe metric is kept up
 * to date): one backwards probe of medicion's (nodoid, metricaid, fecha, tipoid) key per probe
 * metric, not a sort of every reading. A newer value already kept wins.
 */
export function fillLatestValuesStatement(): SQL {
  return sql`
    insert into sense.ultimamedicion (nodoid, tipoid, metricaid, medicionid, fecha, medicion, ubicacionid)
    select ms.nodoid, ms.tipoid, ms.metricaid, last.medicionid, last.fecha, last.medicion, last.ubicacionid
      from sense.metricasensor ms
      cross join lateral (
        select m.medicionid, m.fecha, m.medicion, m.ubicacionid from sense.medicion m
         where m.nodoid = ms.nodoid and m.metricaid = ms.metricaid and m.tipoid = ms.tipoid
         order by m.fecha desc limit 1) last
    on conflict (nodoid, tipoid, metricaid) do update
      set medicionid = excluded.medicionid, fecha = excluded.fecha, medicion = excluded.medicion,
          ubicacionid = excluded.ubicacionid
      where excluded.fecha > sense.ultimamedicion.fecha`;
}

/**
 * `medicionhora` counted from every reading, for a seed that wrote into an empty `medicion` with
 * the insert trigger off (one aggregate instead of an upsert per batch); the table was empty too.
 */
export function fillHourlyReadingsStatement(): SQL {
  return sql`
    insert into sense.medicionhora (nodoid, metricaid, hora, tipoid, ubicacionid, minimo, maximo, suma, cantidad, ultima)
    select nodoid, metricaid, date_bin('1 hour', fecha, 'epoch'::timestamptz), tipoid, ubicacionid,
           min(medicion), max(medicion), sum(medicion), count(*), max(fecha)
      from sense.medicion
     group by 1, 2, 3, 4, 5`;
}
