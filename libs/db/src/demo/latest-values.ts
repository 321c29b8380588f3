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
