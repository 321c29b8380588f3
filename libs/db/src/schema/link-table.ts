import { index, integer, primaryKey } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { sense } from './sense-schema';

/** A required key pointing at the table it links. */
function linkColumn<TName extends string>(name: TName, references: () => AnyPgColumn) {
  return integer(name).notNull().references(references);
}

type LinkColumns<TFirst extends string, TSecond extends string> = { [K in TFirst]: ReturnType<typeof linkColumn<K>> } & {
  [K in TSecond]: ReturnType<typeof linkColumn<K>>;
} & ReturnType<typeof auditColumns>;

/**
 * A table that links two others (a node's probe of a type, a user's profile): the two keys are
 * required and together its primary key, the second is indexed for lookups from its side (the
 * primary key serves the first), and it carries the audit columns. Constraint and index names
 * are the ones the migrations gave them (`{table}_pkey`, `{table}_{column}_idx`).
 */
export function linkTable<TTable extends string, TFirst extends string, TSecond extends string>(
  name: TTable,
  [first, firstReferences]: readonly [TFirst, () => AnyPgColumn],
  [second, secondReferences]: readonly [TSecond, () => AnyPgColumn],
) {
  // Computed keys widen to `string`: the cast restores the two column names drizzle infers rows from.
  const columns = {
    [first]: linkColumn(first, firstReferences),
    [second]: linkColumn(second, secondReferences),
    ...auditColumns(),
  } as LinkColumns<TFirst, TSecond>;
  return sense.table(name, columns, (table) => {
    const keys = table as unknown as Record<TFirst | TSecond, AnyPgColumn>;
    return [
      primaryKey({ name: `${name}_pkey`, columns: [keys[first], keys[second]] }),
      index(`${name}_${second}_idx`).on(keys[second]),
      statusCheck(name, table.statusid),
    ];
  });
}
