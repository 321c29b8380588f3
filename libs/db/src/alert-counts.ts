import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Rows of deltas beyond one per threshold and state that are left unfolded. */
export const ALERT_COUNT_SURPLUS_KEPT = 1000;

/**
 * Folds the deltas of `alerta_conteo` (migration 0014: appended by alerta's statement triggers,
 * one row per threshold and state each time) into one row per threshold and state, so summing
 * them stays a few thousand rows. Safe beside other writers and another instance doing the same:
 * a delta committed meanwhile is not in the statement's snapshot and stays for the next time, and
 * a row another compaction already took is skipped. Nothing is rewritten while the deltas beyond
 * one per key are fewer than `surplusKept` (summing those costs nothing; a quiet farm's table stays
 * as it is). Answers how many rows it folded.
 */
export async function compactAlertCounts(database: Database, { surplusKept = ALERT_COUNT_SURPLUS_KEPT }: { surplusKept?: number } = {}): Promise<number> {
  const [size] = await database.query<{ surplus: number }>(sql`
    select (count(*) - count(distinct (umbralid, statusid)))::int as surplus from sense.alerta_conteo`);
  const surplus = size?.surplus ?? 0;
  if (surplus === 0 || surplus < surplusKept) return 0;
  const [row] = await database.query<{ folded: number }>(sql`
    with gone as (delete from sense.alerta_conteo returning umbralid, statusid, n),
    kept as (
      insert into sense.alerta_conteo (umbralid, statusid, n)
      select umbralid, statusid, sum(n) from gone group by umbralid, statusid having sum(n) <> 0
      returning 1)
    select (select count(*) from gone)::int as folded`);
  return row?.folded ?? 0;
}
