import { sql } from 'drizzle-orm';
import type { Database } from '../client';

/**
 * The hours where `medicionhora` disagrees with `medicion` (a missing, extra or different row),
 * recounted from the readings: 0 when the triggers kept it exact. Sums compare within a relative
 * 1e-9: they add in a different order.
 */
export async function hourlyTableMismatches(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`
    with expected as (
      select nodoid, metricaid, date_bin('1 hour', fecha, 'epoch'::timestamptz) as hora, tipoid, ubicacionid,
             min(medicion) as minimo, max(medicion) as maximo, sum(medicion) as suma, count(*)::int as cantidad, max(fecha) as ultima
        from sense.medicion group by 1, 2, 3, 4, 5)
    select count(*)::int as n
      from expected e full join sense.medicionhora h using (nodoid, metricaid, hora, tipoid, ubicacionid)
     where e.cantidad is distinct from h.cantidad or e.minimo is distinct from h.minimo or e.maximo is distinct from h.maximo
        or e.ultima is distinct from h.ultima or abs(e.suma - h.suma) > 1e-9 * greatest(abs(e.suma), 1)`);
  return row?.n ?? -1;
}
