import { appDb } from '@camposense/db';
import type { Database } from '@camposense/db';
import { MAX_BULK_ERRORS, referencedTable, TABLE_REGISTRY, tableDefinition } from '@camposense/domain';
import type { ApiErrorDetail, BulkCreateError, BulkCreateResult, TableDefinition, TableName } from '@camposense/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Catalogue, CatalogueColumn, CatalogueTable } from '../../sense/catalogue';
import { hasLabels, normaliseLabel, resolveLabels } from './labels';
import { numberArray, textArray } from '@camposense/db';
import { namedCheck } from '../../errors/database-errors';
import { checkBody } from '../../sense/row-values';
import { columnRef, SENSE_SCHEMA, tableRef } from '../../sense/sql-names';
import type { WriteActor } from './writes';
import { writableReference } from '../../security/write-access';
import type { WriteAccess } from '../../security/write-access';

/*
 * A massive import: many rows of one table, all or none. Rows are checked in two passes, each over
 * the whole batch (never a query per row):
 *   1. in JavaScript, per row: the cell types against the catalogue (CSV cells arrive as text and
 *      are read as the column's type), foreign keys given by label resolved to ids with one query
 *      per referenced table;
 *   2. in the database, over a temporary copy of the table holding the rows that passed: one query
 *      per foreign key (does the row exist), per check constraint, and per unique index (against
 *      stored rows and earlier rows of the batch; partial indexes with their predicate).
 * Constraint names, columns, check expressions and index predicates come from the database's own
 * catalogue, never from the request. Only when nothing failed and it is no dry run are the rows
 * copied into the table.
 *
 * Every step works on BULK_CHUNK_ROWS rows and then yields (issue 27, item 8): 100,000 rows in one
 * statement held PGlite, which runs one statement at a time for the whole process, for 2 s (dry run)
 * to 9 s, readiness and sign-ins included. On PostgreSQL the whole import is still one transaction
 * on its own pooled connection, as before. On PGlite a transaction holds the only connection, so
 * there the staging and the checks run outside one (the temporary table is the session's, under a
 * name of its own), and the write is one transaction per chunk: an import of up to BULK_WRITE_ROWS
 * rows is still written in one transaction; a larger one becomes visible chunk by chunk during its
 * write, and if a chunk fails (another writer took a unique key since the checks) the chunks
 * already written are deleted again before the error is answered. docs/operations.md says so.
 */

/** Rows per step of an import (cells checked, staged, checked in the database): a few ms of the database's time each. */
export const BULK_CHUNK_ROWS = 1000;

/**
 * Rows per step of the write: each written row also runs the table's triggers (foreign keys, the
 * thresholds' audit), about ten times a staged row's cost (1,000 thresholds took 100-700 ms of PGlite).
 */
export const BULK_WRITE_ROWS = 250;

const BATCH = 'camposense_bulk';
/** Each PGlite import's staging table has a name of its own: they share the one session. */
let stagingSerial = 0;
const INDEX = '__index';
const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);
const NUMBER_TYPES = new Set(['numeric', 'double precision', 'real']);
const INTEGER_TEXT = /^[+-]?\d{1,16}$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const PLAIN_TYPE = /^[a-z][a-z ]*$/;

interface UniqueIndex {
  name: string;
  columns: string[];
  predicate: string | null;
}

interface CheckRule {
  name: string;
  columns: string[];
  expression: string;
}

interface ForeignKey {
  columns: string[];
  table: string;
  referenced: string[];
}

interface TableRules {
  uniques: UniqueIndex[];
  checks: CheckRule[];
  foreignKeys: ForeignKey[];
}

/** A row that passed the first pass: its checked values, by column. */
interface PreparedRow {
  index: number;
  values: Map<string, unknown>;
}

/** Runs one statement of an import; answers its rows. */
type Run = (statement: SQL) => Promise<Record<string, unknown>[]>;

/** Ends the transaction without writing (a dry run, or a batch with errors) and carries the answer out. */
class Rollback extends Error {
  constructor(readonly result: BulkCreateResult) {
    super('bulk create rolled back');
  }
}

export interface BulkCreate {
  /** Checks `rows` and, when none has an error and it is no dry run, writes them all. */
  /** `access`: a granted user's, whose rows may reference only rows of companies where the level allows it (others read as missing). */
  create(definition: TableDefinition, rows: readonly unknown[], actor: WriteActor, dryRun: boolean, access?: WriteAccess): Promise<BulkCreateResult>;
}

const quote = (value: unknown) => `«${String(value)}»`;

/** A person's sentence for a validation detail of one cell. */
function describe(detail: ApiErrorDetail, table: string): string {
  const field = quote(detail.field);
  switch (detail.rule) {
    case 'unknown':
      return `La columna ${field} no existe en ${table}`;
    case 'readOnly':
      return `La columna ${field} la rellena el servidor: quítela`;
    case 'required':
      return `Falta ${field}, que es obligatorio`;
    case 'type': {
      const kinds: Record<string, string> = { integer: 'un número entero', number: 'un número', boolean: 'true o false', string: 'texto' };
      return `${field} debe ser ${kinds[String(detail.limit)] ?? String(detail.limit)}`;
    }
    case 'maxLength':
      return `${field} admite como máximo ${String(detail.limit)} caracteres`;
    case 'maximum':
      return `${field} debe ser como máximo ${String(detail.limit)}`;
    case 'minimum':
      return `${field} debe ser como mínimo ${String(detail.limit)}`;
    case 'format':
      return `${field} no tiene el formato ${String(detail.limit ?? '')}`.trim();
    default:
      return `${field} no es válido (${detail.rule})`;
  }
}

/**
 * A number column's cell refused because it holds a comma (`25,5`, `1.234,5`): the import takes "." as
 * its decimal separator (the console reads a `;`-separated file's `25,5` as 25.5 before sending, docs/operations.md).
 */
function isDecimalComma(detail: ApiErrorDetail, cell: unknown): boolean {
  return detail.rule === 'type' && detail.limit === 'number' && typeof cell === 'string' && /^\s*[+-]?[\d.]*,[\d.,]*\s*$/.test(cell) && /\d/.test(cell);
}

/** A CSV cell (text) as the column's type where it reads as one; anything else is left for the type check to refuse. */
function readCell(column: CatalogueColumn, value: string): unknown {
  const text = value.trim();
  if (INTEGER_TYPES.has(column.data_type)) return INTEGER_TEXT.test(text) ? Number(text) : value;
  if (NUMBER_TYPES.has(column.data_type)) return NUMBER_TEXT.test(text) ? Number(text) : value;
  if (column.data_type === 'boolean') {
    const lower = text.toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : value;
  }
  return value;
}

/** A checked value as array-literal text for its column (`cast(… as type)` reads it back). */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function loadRules(database: Database, catalogue: Catalogue, definition: TableDefinition): Promise<TableRules> {
  const relation = sql`(select t.oid from pg_catalog.pg_class t join pg_catalog.pg_namespace n on n.oid = t.relnamespace
                         where n.nspname = ${SENSE_SCHEMA} and t.relname = ${definition.name})`;
  return Promise.all([
    database.query<UniqueIndex>(sql`
      select c.relname::text as name,
             (select json_agg(a.attname::text order by k.position)
                from unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
                join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns,
             pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_catalog.pg_index i
        join pg_catalog.pg_class c on c.oid = i.indexrelid
       where i.indrelid = ${relation} and i.indisunique and i.indexprs is null
       order by c.relname`),
    database.query<CheckRule>(sql`
      select con.conname::text as name,
             pg_get_expr(con.conbin, con.conrelid) as expression,
             coalesce((select json_agg(a.attname::text order by a.attnum)
                         from pg_catalog.pg_attribute a
                        where a.attrelid = con.conrelid and a.attnum = any(con.conkey)), '[]'::json) as columns
        from pg_catalog.pg_constraint con
       where con.conrelid = ${relation} and con.contype = 'c'
       order by con.conname`),
    catalogue.constraints(definition),
  ]).then(([uniques, checks, constraints]) => ({
    uniques,
    checks,
    foreignKeys: constraints
      .filter((constraint) => constraint.constraint_type === 'FOREIGN KEY' && constraint.references)
      .map((constraint) => ({ columns: constraint.columns, table: constraint.references!.table, referenced: constraint.references!.columns })),
  }));
}

export function createBulkCreate(database: Database, catalogue: Catalogue): BulkCreate {
  const rulesCache = new Map<string, Promise<TableRules>>();
  const rulesOf = (definition: TableDefinition) => {
    let rules = rulesCache.get(definition.name);
    if (!rules) {
      rules = loadRules(database, catalogue, definition);
      rulesCache.set(definition.name, rules);
      rules.catch(() => rulesCache.delete(definition.name));
    }
    return rules;
  };

  /** The labelled table a column points at (nodoid → nodo), where labels may stand for ids. */
  function labelledReference(definition: TableDefinition, table: CatalogueTable, column: string): TableDefinition | undefined {
    if (definition.readOnlyColumns.includes(column) || !table.columns.has(column)) return undefined;
    const name: TableName | undefined = referencedTable(definition, column);
    const target = name ? tableDefinition(name) : undefined;
    return target && hasLabels(target) ? target : undefined;
  }

  /**
   * An ambiguous label (a probe type's name repeats across entities) is narrowed by the row's other
   * keys through the link tables whose key lies within this table's columns: a threshold's
   * `tipoid: 'Sonda suelo 20 cm'` with its node names the node's own probe of that name (sensor),
   * and with its metric too, the probe that reports it (metricasensor). One query per link table;
   * `ids` of each cell shrink in place (to one: resolved; to none: stays ambiguous, all kept).
   */
  async function narrowAmbiguous(
    definition: TableDefinition,
    table: CatalogueTable,
    bodies: readonly (Record<string, unknown> | null)[],
    cells: { index: number; field: string; ids: number[] }[],
  ): Promise<void> {
    if (cells.length === 0) return;
    const links = TABLE_REGISTRY.filter(
      (link) => link.name !== definition.name && link.key.length > 1 && link.key.every((column) => table.columns.has(column)),
    );
    for (const link of links) {
      for (const field of new Set(cells.map((cell) => cell.field))) {
        if (!link.key.includes(field)) continue;
        const others = link.key.filter((column) => column !== field);
        const narrowing = cells.filter(
          (cell) => cell.field === field && cell.ids.length > 1 && others.every((column) => typeof bodies[cell.index]?.[column] === 'number'),
        );
        if (narrowing.length === 0) continue;
        const arrays = others.map((column) => sql`${numberArray(narrowing.map((cell) => bodies[cell.index]![column] as number))}::int[]`);
        const aliases = others.map((_column, position) => sql.identifier(`o${position}`));
        const matches = others.map((column, position) => sql`${columnRef('l', column)} = ${columnRef('u', `o${position}`)}`);
        const rows = await database.query<{ position: number; id: number }>(sql`
          select distinct u.position, ${columnRef('l', field)} as id
            from unnest(${numberArray(narrowing.map((_cell, position) => position))}::int[], ${sql.join(arrays, sql`, `)})
              as u(position, ${sql.join(aliases, sql`, `)})
            join ${tableRef(link.name)} l on ${sql.join(matches, sql` and `)}
           where ${columnRef('l', field)} = any(${numberArray([...new Set(narrowing.flatMap((cell) => cell.ids))])}::int[])`);
        const kept = new Map<number, Set<number>>();
        for (const row of rows) {
          const ids = kept.get(Number(row.position)) ?? new Set<number>();
          ids.add(Number(row.id));
          kept.set(Number(row.position), ids);
        }
        narrowing.forEach((cell, position) => {
          const ids = cell.ids.filter((id) => kept.get(position)?.has(id));
          if (ids.length > 0) cell.ids.splice(0, cell.ids.length, ...ids);
        });
      }
    }
  }

  /**
   * Pass 1 over one chunk (its first row is row `base` of the import): every row's cells read and
   * checked; labels resolved. Rows with errors are left out.
   */
  async function prepare(definition: TableDefinition, table: CatalogueTable, rows: readonly unknown[], errors: BulkCreateError[], base: number) {
    const bodies: (Record<string, unknown> | null)[] = [];
    const labels = new Map<TableName, { target: TableDefinition; cells: { index: number; field: string; label: string }[] }>();
    rows.forEach((row, index) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        errors.push({ index: base + index, code: 'VALIDATION', rule: 'type', limit: 'object', message: 'La fila no es un objeto { columna: valor }' });
        bodies.push(null);
        return;
      }
      const body: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(row as Record<string, unknown>)) {
        // An empty CSV cell is no value: the column's default, or `required` if it has none.
        if (typeof value === 'string' && value.trim() === '') continue;
        const column = table.columns.get(field);
        const target = labelledReference(definition, table, field);
        if (column && target && typeof value === 'string' && value.includes('\u0000')) {
          // No label holds a NUL (PostgreSQL text cannot): refused here, not sent to the lookup.
          body[field] = value;
        } else if (column && target && typeof value === 'string' && !INTEGER_TEXT.test(value.trim())) {
          const entry = labels.get(target.name) ?? { target, cells: [] };
          entry.cells.push({ index, field, label: value });
          labels.set(target.name, entry);
          body[field] = 0; // replaced by the resolved id below
        } else {
          body[field] = column && typeof value === 'string' ? readCell(column, value) : value;
        }
      }
      bodies.push(body);
    });

    const unresolved = new Set<number>();
    const labelErrors = new Set<string>();
    // First every label's candidates; then ambiguous ones narrowed by the row's other keys; then errors.
    const pending: { index: number; field: string; label: string; target: TableDefinition; ids: number[] }[] = [];
    for (const { target, cells } of labels.values()) {
      const found = await resolveLabels(database, target, cells.map((cell) => cell.label));
      for (const { index, field, label } of cells) {
        const ids = found.get(normaliseLabel(label)) ?? [];
        if (ids.length === 1) bodies[index]![field] = ids[0];
        else pending.push({ index, field, label, target, ids });
      }
    }
    await narrowAmbiguous(definition, table, bodies, pending.filter((cell) => cell.ids.length > 1));
    for (const { index, field, label, target, ids } of pending) {
      const body = bodies[index]!;
      if (ids.length === 1) {
        body[field] = ids[0];
        continue;
      }
      delete body[field];
      unresolved.add(index);
      labelErrors.add(`${index}:${field}`);
      errors.push(
        ids.length === 0
          ? { index: base + index, field, code: 'FOREIGN_KEY', rule: 'unknownLabel', message: `No existe ningún registro de ${target.name} llamado ${quote(label.trim())}` }
          : {
              index: base + index,
              field,
              code: 'FOREIGN_KEY',
              rule: 'ambiguousLabel',
              message: `${quote(label.trim())} nombra ${ids.length} registros de ${target.name} (ids ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? '…' : ''}): use el id`,
            },
      );
    }

    const prepared: PreparedRow[] = [];
    bodies.forEach((body, index) => {
      if (body === null) return;
      const { values, errors: details } = checkBody(table, body, { mode: 'insert' });
      for (const detail of details) {
        // A label that named no row was reported already; its column is not also "missing".
        if (detail.rule === 'required' && labelErrors.has(`${index}:${detail.field}`)) continue;
        if (isDecimalComma(detail, body[detail.field])) {
          errors.push({ index: base + index, field: detail.field, code: 'VALIDATION', rule: 'decimalComma', message: `${quote(detail.field)} debe usar «.» como separador decimal (25.5), no «,»` });
          continue;
        }
        errors.push({ index: base + index, field: detail.field, code: 'VALIDATION', rule: detail.rule, ...(detail.limit === undefined ? {} : { limit: detail.limit }), message: describe(detail, definition.name) });
      }
      if (details.length === 0 && !unresolved.has(index)) prepared.push({ index: base + index, values });
    });
    return prepared;
  }

  return {
    async create(definition, rows, actor, dryRun, access) {
      const table = await catalogue.table(definition);
      const rules = await rulesOf(definition);
      const errors: BulkCreateError[] = [];
      const prepared: PreparedRow[] = [];
      for (let base = 0; base < rows.length; base += BULK_CHUNK_ROWS) {
        prepared.push(...(await prepare(definition, table, rows.slice(base, base + BULK_CHUNK_ROWS), errors, base)));
        // Checking cells is JavaScript: the event loop would otherwise answer nothing meanwhile.
        await nextTurn();
      }

      const identity = [...table.columns.values()].filter((column) => column.is_identity).map((column) => column.column_name);
      const stored = [...table.columns.values()].filter((column) => !column.is_identity);
      for (const column of stored) {
        if (!PLAIN_TYPE.test(column.data_type)) throw new Error(`bulk create: column type ${column.data_type} of ${definition.name}.${column.column_name}`);
      }
      const pglite = database.kind === 'pglite';
      const batchRef = sql.identifier(pglite ? `${BATCH}_${(stagingSerial += 1)}` : BATCH);
      const indexRef = (alias: string) => columnRef(alias, INDEX);
      const audit = ['usercreatedid', 'usermodifiedid'].filter((name) => table.columns.has(name));
      const setActor = sql`select set_config('camposense.usuarioid', ${String(actor.id)}, true)`;
      /** The import's row indexes in chunks of `size`: [from, to). */
      const chunksOf = (size: number) =>
        Array.from({ length: Math.ceil(rows.length / size) }, (_chunk, position) => ({ from: position * size, to: Math.min(rows.length, (position + 1) * size) }));
      const chunks = chunksOf(BULK_CHUNK_ROWS);
      const inChunk = (alias: string, { from, to }: { from: number; to: number }) => sql`${indexRef(alias)} >= ${from} and ${indexRef(alias)} < ${to}`;

      /**
       * `run` runs one step on the import's connection; `write` runs the rows' write: on PostgreSQL in
       * the import's own transaction, on PGlite one transaction per chunk (see the comment at the top).
       */
      const work = async (run: Run, write: (chunk: { from: number; to: number }) => Promise<number>): Promise<BulkCreateResult> => {
        const step = async (statement: SQL) => {
          const found = await run(statement);
          await nextTurn();
          return found;
        };
        await step(sql`create temporary table ${batchRef} (like ${tableRef(definition.name)} including defaults, ${sql.identifier(INDEX)} integer primary key)${pglite ? sql`` : sql` on commit drop`}`);
        for (const column of identity) await step(sql`alter table ${batchRef} alter column ${sql.identifier(column)} drop not null`);

        // Rows giving the same columns go in together; each group's missing columns take their defaults.
        const groups = new Map<string, { columns: string[]; rows: PreparedRow[] }>();
        for (const row of prepared) {
          const columns = [...row.values.keys()].sort();
          const key = columns.join(',');
          const group = groups.get(key) ?? { columns, rows: [] };
          group.rows.push(row);
          groups.set(key, group);
        }
        for (const { columns, rows: grouped } of groups.values()) {
          for (let from = 0; from < grouped.length; from += BULK_CHUNK_ROWS) {
            const members = grouped.slice(from, from + BULK_CHUNK_ROWS);
            const arrays = columns.map((name) => sql`${textArray(members.map((row) => cellText(row.values.get(name))))}::text[]`);
            const aliases = columns.map((_name, position) => sql.identifier(`c${position}`));
            const casts = columns.map((name, position) => sql`cast(${columnRef('u', `c${position}`)} as ${sql.raw(table.columns.get(name)!.data_type)})`);
            const targets = [...columns, ...audit, INDEX].map((name) => sql.identifier(name));
            const values = [...casts, ...audit.map(() => sql`${actor.id}::int`), indexRef('u')];
            await step(sql`
              insert into ${batchRef} (${sql.join(targets, sql`, `)})
              select ${sql.join(values, sql`, `)}
                from unnest(${sql.join([...arrays, sql`${numberArray(members.map((row) => row.index))}::int[]`], sql`, `)})
                  as u(${sql.join([...aliases, sql.identifier(INDEX)], sql`, `)})`);
          }
        }
        // A temporary table has no statistics until analysed: without them each chunk's check below
        // was planned as a scan of the whole batch (100 chunks × 100,000 rows).
        await step(sql`analyze ${batchRef}`);

        const add = (found: Record<string, unknown>[], error: (row: Record<string, unknown>) => Omit<BulkCreateError, 'index'>) => {
          for (const row of found) errors.push({ index: Number(row['index']), ...error(row) });
        };
        const fieldOf = (columns: readonly string[]) => (columns.length === 1 ? { field: columns[0]! } : {});
        const notNull = (alias: string, columns: readonly string[]) => columns.map((name) => sql`${columnRef(alias, name)} is not null`);

        if (prepared.length > 0) {
          for (const chunk of chunks) {
            for (const foreignKey of rules.foreignKeys) {
              const matches = foreignKey.columns.map((name, position) => sql`${columnRef('r', foreignKey.referenced[position]!)} = ${columnRef('b', name)}`);
              // A granted user's row may name only rows of the companies it may write: another company's is as good as missing.
              const writable = writableReference(foreignKey.table, 'r', access);
              if (writable) matches.push(writable);
              const found = await step(sql`
                select ${indexRef('b')} as index from ${batchRef} b
                 where ${inChunk('b', chunk)} and ${sql.join(notNull('b', foreignKey.columns), sql` and `)}
                   and not exists (select 1 from ${tableRef(foreignKey.table)} r where ${sql.join(matches, sql` and `)})`);
              add(found, () => ({
                ...fieldOf(foreignKey.columns),
                code: 'FOREIGN_KEY' as const,
                rule: 'missing',
                message: `No existe ningún registro de ${foreignKey.table} con ${foreignKey.columns.join(', ')} así${writable ? ' en las empresas donde su acceso permite escribir' : ''}`,
              }));
            }
            for (const check of rules.checks) {
              const found = await step(sql`select ${indexRef('b')} as index from ${batchRef} b where ${inChunk('b', chunk)} and not coalesce((${sql.raw(check.expression)}), true)`);
              const named = namedCheck(check.name);
              add(found, () => ({
                ...(named?.field ? { field: named.field } : check.columns.length > 0 ? { field: check.columns.at(-1)! } : {}),
                code: 'CONSTRAINT' as const,
                rule: named?.rule ?? 'check',
                limit: check.name,
                message: named?.message ?? `No cumple la regla ${check.name} (${check.expression})`,
              }));
            }
            for (const unique of rules.uniques) {
              // Unqualified names of the predicate read the innermost table: `b` outside, `x` in the subquery.
              const predicate = unique.predicate === null ? [] : [sql`(${sql.raw(unique.predicate)})`];
              const equal = unique.columns.map((name) => sql`${columnRef('x', name)} = ${columnRef('b', name)}`);
              const existing = await step(sql`
                select ${indexRef('b')} as index from ${batchRef} b
                 where ${sql.join([inChunk('b', chunk), ...notNull('b', unique.columns), ...predicate], sql` and `)}
                   and exists (select 1 from ${tableRef(definition.name)} x where ${sql.join([...equal, ...predicate], sql` and `)})`);
              add(existing, () => ({
                ...fieldOf(unique.columns),
                code: 'DUPLICATE' as const,
                rule: 'exists',
                limit: unique.name,
                message: `Ya existe un registro de ${definition.name} con esos ${unique.columns.join(', ')}`,
              }));
            }
          }
          for (const unique of rules.uniques) {
            const predicate = unique.predicate === null ? [] : [sql`(${sql.raw(unique.predicate)})`];
            const partition = sql.join(unique.columns.map((name) => columnRef('b', name)), sql`, `);
            // One statement over the batch: a sort of its key columns alone, a small share of a step's time.
            const repeated = await step(sql`
              select s.index, s.first from (
                select ${indexRef('b')} as index, min(${indexRef('b')}) over (partition by ${partition}) as first
                  from ${batchRef} b where ${sql.join([...notNull('b', unique.columns), ...predicate], sql` and `)}) s
               where s.index <> s.first`);
            add(repeated, (row) => ({
              ...fieldOf(unique.columns),
              code: 'DUPLICATE' as const,
              rule: 'repeated',
              limit: Number(row['first']),
              message: `Repite ${unique.columns.join(', ')} de la fila ${Number(row['first']) + 1} del lote`,
            }));
          }
        }

        errors.sort((a, b) => a.index - b.index);
        const invalid = new Set(errors.map((error) => error.index)).size;
        const result: BulkCreateResult = {
          created: 0,
          dryRun,
          valid: rows.length - invalid,
          errors: errors.slice(0, MAX_BULK_ERRORS),
          errorCount: errors.length,
        };
        if (dryRun || errors.length > 0 || prepared.length === 0) throw new Rollback(result);
        let created = 0;
        for (const chunk of chunksOf(BULK_WRITE_ROWS)) {
          created += await write(chunk);
          await nextTurn();
        }
        return { ...result, created };
      };

      const names = sql.join(stored.map((column) => sql.identifier(column.column_name)), sql`, `);
      const keys = sql.join(definition.key.map((column) => sql.identifier(column)), sql`, `);
      /** Copies one chunk of the checked rows into the table; answers the keys written. */
      const insertChunk = (run: Run, chunk: { from: number; to: number }) =>
        run(sql`
          insert into ${tableRef(definition.name)} (${names})
          select ${names} from ${batchRef} b where ${inChunk('b', chunk)} order by ${sql.identifier(INDEX)}
          returning ${keys}`);
      const runIn = (tx: { execute(statement: SQL): Promise<unknown> }): Run => async (statement) =>
        ((await tx.execute(statement)) as { rows: Record<string, unknown>[] }).rows;

      try {
        if (!pglite) {
          return await appDb(database).transaction(async (tx) => {
            const run = runIn(tx);
            await run(setActor);
            return work(run, async (chunk) => (await insertChunk(run, chunk)).length);
          });
        }
        const written: Record<string, unknown>[][] = [];
        try {
          return await work(
            (statement) => database.query(statement),
            async (chunk) =>
              appDb(database).transaction(async (tx) => {
                const run = runIn(tx);
                await run(setActor);
                const keysWritten = await insertChunk(run, chunk);
                written.push(keysWritten);
                return keysWritten.length;
              }),
          );
        } catch (error) {
          if (written.length > 0) await removeWritten(definition, written, actor);
          throw error;
        } finally {
          await database.query(sql`drop table if exists ${batchRef}`);
        }
      } catch (error) {
        if (error instanceof Rollback) return error.result;
        throw error;
      }
    },
  };

  /** A PGlite import whose write failed part-way: the chunks it wrote are deleted again, newest first, a chunk per transaction. */
  async function removeWritten(definition: TableDefinition, written: readonly Record<string, unknown>[][], actor: WriteActor): Promise<void> {
    for (const keysWritten of [...written].reverse()) {
      const arrays = definition.key.map((column) => sql`${numberArray(keysWritten.map((row) => Number(row[column])))}::int[]`);
      const aliases = definition.key.map((column) => sql.identifier(column));
      const matches = definition.key.map((column) => sql`${columnRef('t', column)} = ${columnRef('k', column)}`);
      await appDb(database).transaction(async (tx) => {
        await tx.execute(sql`select set_config('camposense.usuarioid', ${String(actor.id)}, true)`);
        await tx.execute(sql`
          delete from ${tableRef(definition.name)} t
           using unnest(${sql.join(arrays, sql`, `)}) as k(${sql.join(aliases, sql`, `)})
           where ${sql.join(matches, sql` and `)}`);
      });
      await nextTurn();
    }
  }
}
