/** The demo farm's readings: written in batches, with the reading table's indexes built once after. */
import { sql } from 'drizzle-orm';
import { READING_INTERVAL_MS } from './readings';
import type { ReadingWindow } from './readings';
import { arrayLiteral, rowsOf } from './seed-support';
import type { FarmTransaction, ProbeMetricSeries } from './seed-support';

/** Rows per INSERT … SELECT FROM unnest(...) of readings. */
const READING_BATCH_ROWS = 20_000;

/**
 * Drops the secondary indexes and foreign keys of an empty `medicion` and answers the statements
 * that recreate them. Building an index once and checking a foreign key with one join is about
 * three times cheaper than maintaining them row by row over a million inserts (measured on PGlite).
 * The definitions come from the database's own catalogue, so they are exactly the migration's.
 */
export async function dropReadingIndexes(tx: FarmTransaction): Promise<string[]> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'sense.medicion'::regclass and not i.indisprimary
      order by c.relname`),
  );
  const foreignKeys = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
      where conrelid = 'sense.medicion'::regclass and contype = 'f'
      order by conname`),
  );
  for (const foreignKey of foreignKeys) {
    await tx.execute(sql`alter table sense.medicion drop constraint ${sql.identifier(foreignKey.name)}`);
  }
  for (const index of indexes) await tx.execute(sql`drop index sense.${sql.identifier(index.name)}`);
  return [
    // A partitioned medicion's index is defined `ON ONLY` the parent: rebuilt that way it would
    // cover no partition (and stay invalid). Rebuilt on the table, it is built on every partition.
    ...indexes.map((index) => index.definition.replace(' ON ONLY ', ' ON ')),
    ...foreignKeys.map(
      (foreignKey) =>
        `alter table sense.medicion add constraint "${foreignKey.name.replaceAll('"', '""')}" ${foreignKey.definition}`,
    ),
  ];
}

export function countReadings(values: Float64Array): number {
  let count = 0;
  for (const value of values) if (!Number.isNaN(value)) count += 1;
  return count;
}

/**
 * The readings, in time order (ids grow with time, as in a live system), through
 * INSERT … SELECT FROM unnest(...) in batches: one statement per 20,000 rows.
 */
export async function insertReadings(
  tx: FarmTransaction,
  series: readonly ProbeMetricSeries[],
  window: ReadingWindow,
  onRows: (rows: number) => void,
): Promise<void> {
  const epochSeconds = new Float64Array(READING_BATCH_ROWS);
  const values = new Float64Array(READING_BATCH_ROWS);
  const nodoids = new Int32Array(READING_BATCH_ROWS);
  const tipoids = new Int32Array(READING_BATCH_ROWS);
  const metricaids = new Int32Array(READING_BATCH_ROWS);
  const ubicacionids = new Int32Array(READING_BATCH_ROWS);
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const take = <T extends Float64Array | Int32Array>(array: T) => arrayLiteral(array.subarray(0, size));
    await tx.execute(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      select to_timestamp(r.epoch), r.medicion, r.nodoid, r.tipoid, r.metricaid, r.ubicacionid
      from unnest(
        ${take(epochSeconds)}::float8[], ${take(values)}::float8[], ${take(nodoids)}::int[],
        ${take(tipoids)}::int[], ${take(metricaids)}::int[], ${take(ubicacionids)}::int[]
      ) as r(epoch, medicion, nodoid, tipoid, metricaid, ubicacionid)`);
    onRows(size);
    size = 0;
  };
  for (let step = 0; step < window.steps; step += 1) {
    const epoch = (window.startMs + step * READING_INTERVAL_MS) / 1000;
    for (const entry of series) {
      const value = entry.values[step];
      if (value === undefined || Number.isNaN(value)) continue;
      epochSeconds[size] = epoch;
      values[size] = value;
      nodoids[size] = entry.nodoid;
      tipoids[size] = entry.tipoid;
      metricaids[size] = entry.metricaid;
      ubicacionids[size] = entry.ubicacionid;
      size += 1;
      if (size === READING_BATCH_ROWS) await flush();
    }
  }
  await flush();
}
