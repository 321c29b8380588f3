import type { Database } from '@camposense/db';
import { labelLookupColumns } from '@camposense/domain';
import type { LabelOption, LabelPage, TableDefinition } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ApiError } from '../../errors/api-error';
import { numberArray, textArray } from '@camposense/db';
import { columnRef, tableRef } from '../../sense/sql-names';
import { containsPattern } from './queries';

/*
 * The words that name a row: its label columns joined by a space (the company's name, a user's
 * first and last name), or by the table's separator (a profile's "nivel - perfil"). Foreign keys are shown and typed by label; these queries answer them a
 * page or a batch at a time, never a row at a time.
 */

const ROW = 'r';

/** Tables a label names: those with label columns and a single-column key. */
export function hasLabels(definition: TableDefinition): boolean {
  return definition.labelColumns.length > 0 && definition.key.length === 1;
}

function assertLabelled(definition: TableDefinition): void {
  if (!hasLabels(definition)) throw new ApiError(400, 'BAD_REQUEST', `La tabla ${definition.name} no tiene etiqueta: sus filas se nombran por su clave`);
}

/** `concat_ws(' ', r.c1, r.c2)` (the table's separator): the label as the status view shows it, as `rowLabel` builds it. */
export function labelExpression(definition: TableDefinition, alias = ROW): SQL {
  return sql`concat_ws(${definition.labelSeparator}::text, ${sql.join(
    definition.labelColumns.map((column) => columnRef(alias, column)),
    sql`, `,
  )})`;
}

const keyRef = (definition: TableDefinition, alias = ROW) => columnRef(alias, definition.key[0]!);

/** How a typed label is compared: case and surrounding spaces ignored. */
export const normaliseLabel = (label: string) => label.trim().toLowerCase();

/**
 * The ids each typed label names, by its label or any of the table's lookup columns (a node's
 * DevEUI, a metric's abbreviation). One query for all the labels; a label naming no row is absent
 * from the map, one naming several rows maps to all their ids (ambiguous).
 */
export async function resolveLabels(database: Database, definition: TableDefinition, labels: readonly string[]): Promise<Map<string, number[]>> {
  assertLabelled(definition);
  const wanted = [...new Set(labels.map(normaliseLabel))];
  const found = new Map<string, number[]>();
  if (wanted.length === 0) return found;
  const candidates = [labelExpression(definition), ...labelLookupColumns(definition).map((column) => sql`${columnRef(ROW, column)}::text`)];
  const unions = sql.join(
    candidates.map((expression) => sql`select ${keyRef(definition)} as id, lower(btrim(${expression})) as label from ${tableRef(definition.name)} ${sql.identifier(ROW)}`),
    sql` union `,
  );
  const rows = await database.query<{ id: number; label: string }>(
    sql`select distinct m.id, m.label from (${unions}) m where m.label = any(${textArray(wanted)}::text[])`,
  );
  for (const { id, label } of rows) {
    const ids = found.get(label) ?? [];
    if (!ids.includes(id)) ids.push(id);
    found.set(label, ids);
  }
  for (const ids of found.values()) ids.sort((a, b) => a - b);
  return found;
}

export interface LabelQuery {
  /** Only these ids (the foreign keys of one page of another table). */
  ids?: readonly number[] | undefined;
  /** Labels containing this text, ignoring case. */
  search?: string | undefined;
  page: number;
  pageSize: number;
  /** Column → value equality filters, already checked by the caller (a select's parent). */
  conditions?: readonly SQL[] | undefined;
}

/** A page of `{ id, label }` in label order: by ids (what a page of another table shows) or by search (a select). */
export async function labelPage(database: Database, definition: TableDefinition, query: LabelQuery): Promise<LabelPage> {
  assertLabelled(definition);
  const label = labelExpression(definition);
  const conditions: SQL[] = [...(query.conditions ?? [])];
  if (query.ids !== undefined) conditions.push(sql`${keyRef(definition)} = any(${numberArray(query.ids)}::int[])`);
  const search = query.search?.trim();
  if (search) {
    const lookups = labelLookupColumns(definition).map((column) => sql`${columnRef(ROW, column)}::text ilike ${containsPattern(search)}`);
    conditions.push(sql`(${sql.join([sql`${label} ilike ${containsPattern(search)}`, ...lookups], sql` or `)})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const from = sql`from ${tableRef(definition.name)} ${sql.identifier(ROW)} ${where}`;
  const offset = (query.page - 1) * query.pageSize;
  const [data, counted] = await Promise.all([
    database.query<LabelOption>(
      sql`select ${keyRef(definition)} as id, ${label} as label ${from} order by 2, 1 limit ${query.pageSize} offset ${offset}`,
    ),
    database.query<{ total: number }>(sql`select count(*)::int as total ${from}`),
  ]);
  const total = counted[0]?.total ?? 0;
  return { data, pagination: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.ceil(total / query.pageSize) } };
}

/** id → label of the given ids, in one query (a batch of an export names its foreign keys with it). */
export async function labelsOf(database: Database, definition: TableDefinition, ids: readonly number[]): Promise<Map<number, string>> {
  assertLabelled(definition);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await database.query<LabelOption>(
    sql`select ${keyRef(definition)} as id, ${labelExpression(definition)} as label from ${tableRef(definition.name)} ${sql.identifier(ROW)}
         where ${keyRef(definition)} = any(${numberArray(unique)}::int[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.label]));
}
