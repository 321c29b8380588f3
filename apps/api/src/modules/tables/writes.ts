import { appDb, hashPassword, sqlState } from '@camposense/db';
import type { Database } from '@camposense/db';
import type { ApiErrorDetail, ReferencingRows, TableDefinition, TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { passwordProblems } from '../auth/password-policy';
import { ApiError, notFound } from '../../errors/api-error';
import type { Catalogue, CatalogueTable } from '../../sense/catalogue';
import { assertIfMatch, rowEtag } from './row-etag';
import { checkBody, checkFilterValue } from '../../sense/row-values';
import { SENSE_SCHEMA, tableRef } from '../../sense/sql-names';
import { normaliseTimestamps } from '../../sense/timestamps';
import { validationError } from './queries';
import { assertReferencesWritable, assertRowStaysWritable, assertRowWritable } from '../../security/write-access';
import type { WriteAccess } from '../../security/write-access';

/** The signed-in user a write is recorded against (usercreatedid, usermodifiedid, the umbral audit log). */
export interface WriteActor {
  id: number;
  /** The actor's own session: kept open when they change their own role, status or password. */
  sessionId?: string | null | undefined;
}

/** Open episodes a committed write ended because it changed what they watch, and their nodes. */
export interface EpisodesClosedByChange {
  episodes: number[];
  nodes: number[];
}

export interface TableWritesOptions {
  /** A user's row changed or went (role, status, password…): caches of their standing are stale. */
  onUserChanged?: (usuarioid: number) => void;
  /**
   * After the commit of an update or delete that ended open episodes (deactivating, deleting or
   * repointing a threshold, node, probe, probe metric or placement: migration 0016's triggers), so
   * open consoles can be told at once (the live stream's `alerts` event).
   */
  onEpisodesClosed?: (closed: EpisodesClosedByChange) => void;
}

/** A key given by the client: column → raw value (text from a URL, or a number). */
export type KeyValues = Readonly<Record<string, unknown>>;

/*
 * usuario's credentials: the body carries `password`, stored as an argon2id `password_hash` that
 * no answer shows; `login` is the e-mail, stored lower-case. Recognised by the columns, so the
 * rule follows the schema rather than a table name.
 */
const PASSWORD_FIELD = 'password';
const PASSWORD_HASH_COLUMN = 'password_hash';
const LOGIN_COLUMN = 'login';
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** A change of any of these ends the user's sessions (issue 10, item 4). */
const ROLE_COLUMN = 'rol';
const STATUS_COLUMN = 'statusid';

const hasCredentials = (table: CatalogueTable) =>
  table.columns.has(PASSWORD_HASH_COLUMN) && table.definition.hiddenColumns.includes(PASSWORD_HASH_COLUMN);

function normaliseLogin(body: Record<string, unknown>, table: CatalogueTable): Record<string, unknown> {
  const login = body[LOGIN_COLUMN];
  if (!table.columns.has(LOGIN_COLUMN) || typeof login !== 'string') return body;
  return { ...body, [LOGIN_COLUMN]: login.trim().toLowerCase() };
}

/** Conditions of a write: the If-Match tags, when the request sent any; the grant of a user who is no platform admin. */
export interface WritePreconditions {
  ifMatch?: readonly string[] | undefined;
  /** Checked in the write's transaction: the row before, what it references, and the row after (issue 32). */
  access?: WriteAccess | undefined;
}

export interface TableWrites {
  insert(definition: TableDefinition, body: Record<string, unknown>, actor: WriteActor, preconditions?: WritePreconditions): Promise<TableRow>;
  /** 404 when no row has that key; 412 when If-Match names another version of the row. */
  update(
    definition: TableDefinition,
    key: KeyValues,
    body: Record<string, unknown>,
    actor: WriteActor,
    preconditions?: WritePreconditions,
  ): Promise<TableRow>;
  /** 404 when no row has that key; 412 on a stale If-Match; 409 FOREIGN_KEY (from the database) while others reference it. */
  remove(definition: TableDefinition, key: KeyValues, actor: WriteActor, preconditions?: WritePreconditions): Promise<void>;
  /** The key's columns checked against the registry and their types: the where clause of one row. */
  keyCondition(definition: TableDefinition, key: KeyValues): Promise<SQL>;
}

/** A foreign key of another table onto this one that refuses deletes (no action, restrict). */
interface IncomingForeignKey {
  table: string;
  columns: string[];
  referenced: string[];
}

/** `3 de empresa, 1 de umbral`: who still points at a row. */
function referencingText(references: readonly ReferencingRows[]): string {
  return references.map((reference) => `${reference.count} ${reference.count === 1 ? 'registro' : 'registros'} de ${reference.table}`).join(', ');
}

export function createTableWrites(database: Database, catalogue: Catalogue, options: TableWritesOptions = {}): TableWrites {
  /**
   * Runs `work` in one transaction that first tells the database who writes: the umbral audit
   * trigger reads `camposense.usuarioid` (the only way a DELETE can record its author).
   */
  async function asActor<T>(
    actor: WriteActor,
    work: (run: (statement: SQL) => Promise<TableRow[]>) => Promise<T>,
    { mayCloseEpisodes = false }: { mayCloseEpisodes?: boolean } = {},
  ) {
    const { result, closed } = await appDb(database).transaction(async (tx) => {
      const run = async (statement: SQL) => ((await tx.execute(statement)) as unknown as { rows: TableRow[] }).rows;
      await run(sql`select set_config('camposense.usuarioid', ${String(actor.id)}, true)`);
      const result = await work(run);
      // The episodes this transaction's triggers ended: they name them in a transaction-local
      // setting (migration 0018), so no scan of episodio is needed to find them. Read before the
      // commit (the setting ends with it), told after it (only what committed is told).
      const closed = mayCloseEpisodes
        ? await run(sql`
            select e.episodioid, e.nodoid from sense.episodio e
             where e.episodioid = any(string_to_array(nullif(current_setting('camposense.episodioscerrados', true), ''), ',')::bigint[])
             order by e.episodioid`)
        : [];
      return { result, closed };
    });
    if (closed.length > 0) {
      options.onEpisodesClosed?.({
        episodes: closed.map((row) => Number(row['episodioid'])),
        nodes: [...new Set(closed.map((row) => Number(row['nodoid'])))],
      });
    }
    return result;
  }

  function returning(table: CatalogueTable): SQL {
    return sql`returning ${sql.join(
      table.visible.map((column) => sql.identifier(column.column_name)),
      sql`, `,
    )}`;
  }

  /** The key's columns and values, checked against the registry's key and the column types. */
  function keyCondition(table: CatalogueTable, key: KeyValues): SQL {
    const errors: ApiErrorDetail[] = [];
    const terms: SQL[] = [];
    for (const name of table.definition.key) {
      const column = table.columns.get(name);
      const raw = key[name];
      if (!column || raw === undefined || raw === '') {
        errors.push({ field: name, rule: 'required' });
        continue;
      }
      const checked = checkFilterValue(column, typeof raw === 'number' ? String(raw) : raw);
      if (checked.ok) terms.push(sql`${sql.identifier(name)} = ${checked.value}`);
      else errors.push(checked.detail);
    }
    for (const name of Object.keys(key)) {
      if (!table.definition.key.includes(name)) errors.push({ field: name, rule: 'unknown' });
    }
    if (errors.length > 0) throw validationError(errors);
    return sql.join(terms, sql` and `);
  }

  /** The key of a row the database answered. */
  const keyOf = (table: CatalogueTable, row: TableRow): KeyValues => Object.fromEntries(table.definition.key.map((column) => [column, row[column]]));

  /** Body → checked column values, with usuario's password hashed and the audit columns filled. */
  async function rowValues(
    table: CatalogueTable,
    rawBody: Record<string, unknown>,
    mode: 'insert' | 'update',
    currentLogin: () => Promise<string | undefined>,
  ): Promise<Map<string, unknown>> {
    const credentials = hasCredentials(table);
    const body = normaliseLogin(rawBody, table);
    const filled = new Set<string>();
    if (credentials) filled.add(PASSWORD_HASH_COLUMN);
    const { values, errors } = checkBody(table, body, {
      mode,
      extraFields: credentials ? new Set([PASSWORD_FIELD]) : undefined,
      filledColumns: filled,
    });
    if (mode === 'update' && Object.keys(body).length === 0) errors.push({ field: 'body', rule: 'minProperties', limit: 1 });
    const login = values.get(LOGIN_COLUMN);
    if (typeof login === 'string' && !EMAIL.test(login)) errors.push({ field: LOGIN_COLUMN, rule: 'format', limit: 'email' });
    if (credentials && Object.hasOwn(body, PASSWORD_FIELD)) {
      const against = typeof login === 'string' ? login : await currentLogin();
      const names = ['firstname', 'lastname', 'usuarioabrev'].map((name) => (typeof body[name] === 'string' ? (body[name] as string) : undefined));
      errors.push(...passwordProblems(PASSWORD_FIELD, body[PASSWORD_FIELD], [against, ...names]));
    } else if (credentials && mode === 'insert') {
      errors.push({ field: PASSWORD_FIELD, rule: 'required' });
    }
    if (errors.length > 0) throw validationError(errors);
    if (credentials && typeof body[PASSWORD_FIELD] === 'string') {
      values.set(PASSWORD_HASH_COLUMN, await hashPassword(body[PASSWORD_FIELD]));
    }
    return values;
  }

  /**
   * Inside the write's transaction: locks the row (FOR UPDATE, so no other write slips in between
   * the check and the write) and throws 412 unless its current tag is one of If-Match's.
   */
  async function checkPreconditions(
    run: (statement: SQL) => Promise<TableRow[]>,
    table: CatalogueTable,
    where: SQL,
    preconditions: WritePreconditions | undefined,
  ): Promise<void> {
    const tags = preconditions?.ifMatch;
    if (tags === undefined) return;
    const columns = sql.join(
      table.visible.map((column) => sql.identifier(column.column_name)),
      sql`, `,
    );
    const rows = await run(sql`select ${columns} from ${tableRef(table.definition.name)} where ${where} for update`);
    const current = normaliseTimestamps(rows, table.timestamps)[0];
    if (!current) throw notFound('No existe un registro con esa clave');
    assertIfMatch(tags, rowEtag(table, current));
  }

  /**
   * A user whose role, status or password changes loses every open session (their refresh tokens
   * stop working; their access tokens stop writing, see require-role.ts), except the session of an
   * actor who changes their own row. In the write's transaction: both happen or neither.
   */
  async function revokeSessionsOnCredentialChange(
    run: (statement: SQL) => Promise<TableRow[]>,
    table: CatalogueTable,
    where: SQL,
    values: ReadonlyMap<string, unknown>,
    actor: WriteActor,
  ): Promise<() => Promise<void>> {
    if (!hasCredentials(table)) return async () => undefined;
    const idColumn = table.definition.key[0]!;
    const [before] = await run(
      sql`select ${sql.identifier(idColumn)} as id, ${sql.identifier(ROLE_COLUMN)} as rol, ${sql.identifier(STATUS_COLUMN)} as statusid
            from ${tableRef(table.definition.name)} where ${where} for update`,
    );
    return async () => {
      if (!before) return;
      const changed =
        values.has(PASSWORD_HASH_COLUMN) ||
        (values.has(ROLE_COLUMN) && values.get(ROLE_COLUMN) !== before['rol']) ||
        (values.has(STATUS_COLUMN) && values.get(STATUS_COLUMN) !== before['statusid']);
      if (!changed) return;
      const id = Number(before['id']);
      const keep = id === actor.id && actor.sessionId ? sql` and familia <> ${actor.sessionId}` : sql``;
      await run(sql`update sense.sesion set revoked_at = now() where usuarioid = ${id} and revoked_at is null${keep}`);
      options.onUserChanged?.(id);
    };
  }

  function auditValues(table: CatalogueTable, mode: 'insert' | 'update', actor: WriteActor): Map<string, SQL> {
    const audit = new Map<string, SQL>();
    const set = (column: string, value: SQL) => {
      if (table.columns.has(column)) audit.set(column, value);
    };
    if (mode === 'insert') set('usercreatedid', sql`${actor.id}`);
    set('usermodifiedid', sql`${actor.id}`);
    if (mode === 'update') set('datemodified', sql`now()`);
    return audit;
  }

  const incomingCache = new Map<string, Promise<IncomingForeignKey[]>>();
  /** Foreign keys of the sense tables onto `table` that refuse a delete (cascades and set-null do not). */
  function incomingForeignKeys(table: string): Promise<IncomingForeignKey[]> {
    let entry = incomingCache.get(table);
    if (!entry) {
      entry = database.query<IncomingForeignKey>(sql`
        select c.relname::text as table,
               json_agg(a.attname::text order by k.position) as columns,
               json_agg(fa.attname::text order by k.position) as referenced
          from pg_catalog.pg_constraint con
          join pg_catalog.pg_class c on c.oid = con.conrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          join pg_catalog.pg_class ft on ft.oid = con.confrelid
          join pg_catalog.pg_namespace fn on fn.oid = ft.relnamespace
          cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(attnum, fattnum, position)
          join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
          join pg_catalog.pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = k.fattnum
         where con.contype = 'f' and con.confdeltype in ('a', 'r')
           and fn.nspname = ${SENSE_SCHEMA} and ft.relname = ${table} and n.nspname = ${SENSE_SCHEMA}
         group by con.oid, c.relname
         order by c.relname, con.oid`);
      incomingCache.set(table, entry);
      entry.catch(() => incomingCache.delete(table));
    }
    return entry;
  }

  /** The tables whose rows still point at the row `where` selects, with how many (the foreign keys that block its delete). */
  async function referencingRows(definition: TableDefinition, where: SQL): Promise<ReferencingRows[]> {
    const incoming = await incomingForeignKeys(definition.name);
    const counted: ReferencingRows[] = [];
    for (const foreignKey of incoming) {
      const matches = foreignKey.columns.map(
        (column, position) => sql`r.${sql.identifier(column)} = t.${sql.identifier(foreignKey.referenced[position]!)}`,
      );
      const [row] = await database.query<{ count: number }>(sql`
        select count(*)::int as count from ${tableRef(foreignKey.table)} r
         where exists (select 1 from ${tableRef(definition.name)} t where ${where} and ${sql.join(matches, sql` and `)})`);
      if (row && row.count > 0) counted.push({ table: foreignKey.table, columns: foreignKey.columns, count: row.count });
    }
    return counted;
  }

  return {
    async insert(definition, body, actor, preconditions) {
      const table = await catalogue.table(definition);
      const values = await rowValues(table, body, 'insert', async () => undefined);
      const columns = [...values.keys()];
      const audit = auditValues(table, 'insert', actor);
      const names = [...columns, ...audit.keys()].map((name) => sql.identifier(name));
      const params = [...columns.map((name) => sql`${values.get(name)}`), ...audit.values()];
      const statement =
        names.length === 0
          ? sql`insert into ${tableRef(definition.name)} default values ${returning(table)}`
          : sql`insert into ${tableRef(definition.name)} (${sql.join(names, sql`, `)}) values (${sql.join(params, sql`, `)}) ${returning(table)}`;
      const access = preconditions?.access;
      const rows = await asActor(actor, async (run) => {
        if (access) await assertReferencesWritable(run, definition, values, access);
        const inserted = await run(statement);
        if (access) await assertRowStaysWritable(run, definition.name, keyCondition(table, keyOf(table, inserted[0]!)), access);
        return inserted;
      });
      return normaliseTimestamps(rows, table.timestamps)[0]!;
    },

    async keyCondition(definition, key) {
      return keyCondition(await catalogue.table(definition), key);
    },

    async update(definition, key, body, actor, preconditions) {
      const table = await catalogue.table(definition);
      const where = keyCondition(table, key);
      const values = await rowValues(table, body, 'update', async () => {
        const rows = await database.query<{ login: string }>(
          sql`select ${sql.identifier(LOGIN_COLUMN)} as login from ${tableRef(definition.name)} where ${where}`,
        );
        return rows[0]?.login;
      });
      const assignments = [
        ...[...values].map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
        ...[...auditValues(table, 'update', actor)].map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
      ];
      const access = preconditions?.access;
      const rows = await asActor(actor, async (run) => {
        if (access) {
          await assertRowWritable(run, definition.name, where, access);
          await assertReferencesWritable(run, definition, values, access);
        }
        await checkPreconditions(run, table, where, preconditions);
        const afterUpdate = await revokeSessionsOnCredentialChange(run, table, where, values, actor);
        const updated = await run(sql`update ${tableRef(definition.name)} set ${sql.join(assignments, sql`, `)} where ${where} ${returning(table)}`);
        if (updated.length > 0) await afterUpdate();
        // The row's key as written: a link row's key may be what the update changed.
        if (access && updated[0]) await assertRowStaysWritable(run, definition.name, keyCondition(table, keyOf(table, updated[0])), access);
        return updated;
      }, { mayCloseEpisodes: true });
      if (rows.length === 0) throw notFound('No existe un registro con esa clave');
      return normaliseTimestamps(rows, table.timestamps)[0]!;
    },

    async remove(definition, key, actor, preconditions) {
      const table = await catalogue.table(definition);
      const where = keyCondition(table, key);
      let rows: TableRow[];
      try {
        rows = await asActor(actor, async (run) => {
          if (preconditions?.access) await assertRowWritable(run, definition.name, where, preconditions.access);
          await checkPreconditions(run, table, where, preconditions);
          const idColumn = hasCredentials(table) ? sql.identifier(table.definition.key[0]!) : sql`1`;
          return run(sql`delete from ${tableRef(definition.name)} where ${where} returning ${idColumn} as deleted`);
        }, { mayCloseEpisodes: true });
      } catch (error) {
        if (sqlState(error) !== '23503') throw error;
        // Still referenced: say by whom and how many, so the person knows what to change first.
        const references = await referencingRows(definition, where);
        if (references.length === 0) throw error;
        throw new ApiError(
          409,
          'FOREIGN_KEY',
          `No se puede borrar: lo referencian ${referencingText(references)}. Desactívelo (statusid 0) o cambie esos registros primero.`,
          references.map((reference) => ({
            field: reference.table,
            rule: 'referencedBy',
            limit: reference.count,
            message: reference.columns.join(', '),
          })),
        );
      }
      // A deleted user's sessions went with them (on delete cascade); their cached standing goes too.
      if (hasCredentials(table)) for (const row of rows) options.onUserChanged?.(Number(row['deleted']));
      if (rows.length === 0) throw notFound('No existe un registro con esa clave');
    },
  };
}
