/**
 * Issue 32, the levels of writes: a granted user writes only inside the companies where their level
 * allows it (tableWriteLevel in the domain: thresholds need operacion, a company's reference data
 * gestion), and only a platform admin writes the rest. Outside the grant a row answers 404, as if
 * it did not exist; inside with too low a level, 403 saying which level is needed. A write may not
 * carry a row out of the grant either: the companies its references name are checked before it,
 * and the row as written after it, in its transaction.
 */
import { isTableName, referencedTable, tableDefinition, TUNE_THRESHOLDS_LEVEL } from '@camposense/domain';
import type { AccessLevel, TableDefinition, TableName } from '@camposense/domain';
import { numberArray } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ApiError, notFound } from '../errors/api-error';
import { GLOBAL_TABLES, grantConditions } from '../sense/scope-condition';
import { columnRef, tableRef } from '../sense/sql-names';
import type { FastifyRequest } from 'fastify';
import { allows, grantAt, grantOf } from './tenancy';
import type { Grant } from './tenancy';

/** A write's grant and the level it needs on the company of each row it touches. */
export interface WriteAccess {
  grant: Grant;
  level: AccessLevel;
}

/** One statement inside the write's transaction. */
type Run = (statement: SQL) => Promise<Record<string, unknown>[]>;

/** 403 for a grant below `level` where the write lands, saying what the level would allow. */
export function cannotWriteAt(level: AccessLevel): ApiError {
  return new ApiError(
    403,
    'FORBIDDEN',
    level === TUNE_THRESHOLDS_LEVEL
      ? 'Su acceso a esta empresa es de solo lectura: ajustar umbrales requiere el nivel operación o gestión'
      : 'Su acceso a esta empresa no incluye la gestión: modificar sus datos de referencia y los accesos de sus usuarios requiere el nivel gestión',
  );
}

/** 403 for a write only a platform admin makes (a catalogue shared by every company, a new company or node). */
export function adminOnlyWrite(table: string): ApiError {
  return new ApiError(403, 'FORBIDDEN', `Solo un administrador de la plataforma modifica ${table}: no pertenece a una sola de sus empresas`);
}

/** 403 for a write whose row would leave the companies where the level allows it. */
const leavesGrant = () => new ApiError(403, 'FORBIDDEN', 'La fila quedaría fuera de las empresas donde su acceso permite escribirla');

/** The request's grant for a write that needs `level`; undefined for a platform admin, who writes everything. */
export async function writeAccessAt(request: FastifyRequest, level: AccessLevel): Promise<WriteAccess | undefined> {
  const grant = await grantOf(request);
  return grant.all ? undefined : { grant, level };
}

/** Whether the grant allows `level` in at least one company (an admin: always). */
export function allowsAnywhere(grant: Grant, level: AccessLevel): boolean {
  return grant.all || grant.empresas.some((empresaid) => allows(grant, empresaid, level));
}

/** A table whose rows belong to a company (not a catalogue, a person, or a country). */
const isCompanyTable = (table: TableName) => GLOBAL_TABLES[table] === undefined && table !== 'pais';

const condition = (conditions: SQL[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

/** Where the row `where` selects (alias `t`) stands: absent, outside the grant, below the level, or writable. */
async function standing(run: Run, table: TableName, where: SQL, { grant, level }: WriteAccess): Promise<'absent' | 'hidden' | 'below' | 'writable'> {
  const [row] = await run(sql`
    select ${condition(grantConditions(table, 't', grant))} as visible,
           ${condition(grantConditions(table, 't', grantAt(grant, level)))} as writable
      from ${tableRef(table)} t where ${where}`);
  if (!row) return 'absent';
  if (row['visible'] !== true) return 'hidden';
  return row['writable'] === true ? 'writable' : 'below';
}

/** Before an update or a delete: 404 unless the row is in the grant, 403 below the level. */
export async function assertRowWritable(run: Run, table: TableName, where: SQL, access: WriteAccess): Promise<void> {
  if (access.grant.all) return;
  const found = await standing(run, table, where, access);
  if (found === 'absent' || found === 'hidden') throw notFound('No existe un registro con esa clave');
  if (found === 'below') throw cannotWriteAt(access.level);
}

/**
 * Before an insert or an update: each company-bound row the written values name (a fundo's
 * empresaid, a location's fundoid, a placement's node) must be in the grant (404 otherwise) at the
 * level (403 otherwise), so a row cannot be moved into, or point at, another company.
 */
export async function assertReferencesWritable(run: Run, definition: TableDefinition, values: ReadonlyMap<string, unknown>, access: WriteAccess): Promise<void> {
  if (access.grant.all) return;
  for (const [column, value] of values) {
    const referenced = referencedTable(definition, column);
    if (!referenced || !isCompanyTable(referenced) || value === null || value === undefined) continue;
    const key = tableDefinition(referenced).key[0]!;
    const found = await standing(run, referenced, sql`${columnRef('t', key)} = ${value}`, access);
    if (found === 'absent' || found === 'hidden') throw notFound(`No existe un registro de ${referenced} con ese ${column}`);
    if (found === 'below') throw cannotWriteAt(access.level);
  }
}

/**
 * Before a write that names many rows of `table` by id (the nodes of a replicated probe set, the
 * locations of a massive threshold save): 404 unless every one is in the grant, 403 unless every
 * one is at the level. One query; none for an admin.
 */
export async function assertIdsWritable(database: Database, table: TableName, ids: readonly number[], access: WriteAccess | undefined): Promise<void> {
  if (!access || access.grant.all || ids.length === 0) return;
  const key = tableDefinition(table).key[0]!;
  const [row] = await database.query<{ hidden: number; below: number }>(sql`
    select count(*) filter (where not coalesce(${condition(grantConditions(table, 't', access.grant))}, false))::int as hidden,
           count(*) filter (where not coalesce(${condition(grantConditions(table, 't', grantAt(access.grant, access.level)))}, false))::int as below
      from unnest(${numberArray([...new Set(ids)])}::int[]) as i(id)
      left join ${tableRef(table)} t on ${columnRef('t', key)} = i.id`);
  if ((row?.hidden ?? 0) > 0) throw notFound(`No existe un registro de ${table} con ese ${key}`);
  if ((row?.below ?? 0) > 0) throw cannotWriteAt(access.level);
}

/**
 * "The referenced row (alias `alias`) of table `table` is writable to the grant", for a check that
 * reads many references at once (a massive import): null when the table belongs to no company or
 * the grant is an admin's. A row outside the grant or below the level reads as missing.
 */
export function writableReference(table: string, alias: string, access: WriteAccess | undefined): SQL | null {
  if (!access || access.grant.all || !isTableName(table) || !isCompanyTable(table)) return null;
  return condition(grantConditions(table, alias, grantAt(access.grant, access.level)));
}

/** After an insert or an update, in its transaction: 403 (and the write rolls back) unless the row is still writable to the grant. */
export async function assertRowStaysWritable(run: Run, table: TableName, where: SQL, access: WriteAccess): Promise<void> {
  if (access.grant.all) return;
  if ((await standing(run, table, where, access)) !== 'writable') throw leavesGrant();
}
