/** What the demo farm's phases share: the transaction's type, id maps, and reading back ids. */
import type { SQL } from 'drizzle-orm';
import type { AppDb } from '../client';
import type { MetricKey } from './reference-data';

export type FarmTransaction = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** Who and when every farm row says created it. */
export interface AuditValues {
  datecreated: Date;
  datemodified: Date;
  usercreatedid: number | null;
}

/** One probe metric's simulated readings, with the ids its rows take. */
export interface ProbeMetricSeries {
  nodoid: number;
  tipoid: number;
  metricaid: number;
  ubicacionid: number;
  metric: MetricKey;
  label: string;
  values: Float64Array;
}

export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export function idMap<Key>(rows: ReadonlyArray<{ key: Key; id: number }>): Map<Key, number> {
  return new Map(rows.map((row) => [row.key, row.id]));
}

export function required<Key>(map: ReadonlyMap<Key, number>, key: Key, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo farm: no ${what} ${String(key)}`);
  return id;
}

/** A PostgreSQL array literal of numbers, passed as one text parameter (drizzle expands JS arrays). */
export function arrayLiteral(values: ArrayLike<number>): string {
  return `{${Array.prototype.join.call(values, ',')}}`;
}

export async function nextId(tx: FarmTransaction, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ id: number | string }>(await tx.execute(statement));
  return Number(row?.id ?? 1);
}


/**
 * Rows a database may already hold under the same unique key: `write` inserts them with ON
 * CONFLICT DO NOTHING, `find` reads back key → id of all of them, written now or found before.
 */
export async function writeOrFind<Key>(
  write: PromiseLike<unknown>,
  find: () => PromiseLike<ReadonlyArray<{ key: Key; id: number }>>,
): Promise<Map<Key, number>> {
  await write;
  return idMap(await find());
}

/**
 * The same one row at a time, for rows whose unique key includes a parent (a company in its
 * country) or that point at rows of the same batch (a profile at its boss): `ids` holds the
 * rows done so far.
 */
export async function writeOrFindEach<Item>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
  write: (item: Item, ids: ReadonlyMap<string, number>) => PromiseLike<unknown>,
  find: (item: Item) => PromiseLike<ReadonlyArray<{ id: number }>>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const item of items) {
    await write(item, ids);
    const [row] = await find(item);
    if (row) ids.set(keyOf(item), row.id);
  }
  return ids;
}
