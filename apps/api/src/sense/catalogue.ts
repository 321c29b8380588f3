import type { Database } from '@camposense/db';
import type { TableColumn, TableConstraint, TableDefinition, TableInfo } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { notFound } from '../errors/api-error';
import { SENSE_SCHEMA } from './sql-names';

const TIMESTAMP_TYPES = new Set(['timestamp with time zone', 'timestamp without time zone', 'date']);

/** One column as information_schema describes it, with what write validation needs. */
export interface CatalogueColumn extends TableColumn {
  /** varchar(n)'s n, else null. */
  max_length: number | null;
  /** numeric(p, s)'s p and s, else null. */
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_identity: boolean;
}

/** A table's columns in the database, by name; `visible` leaves out the registry's hidden columns. */
export interface CatalogueTable {
  definition: TableDefinition;
  columns: ReadonlyMap<string, CatalogueColumn>;
  visible: readonly CatalogueColumn[];
  /** The visible timestamp and date columns, whose text answers are turned into ISO 8601. */
  timestamps: readonly string[];
}

export interface Catalogue {
  /** The table's columns; 404 when the registered table is not in the database (not migrated). */
  table(definition: TableDefinition): Promise<CatalogueTable>;
  info(definition: TableDefinition): Promise<TableInfo>;
  constraints(definition: TableDefinition): Promise<TableConstraint[]>;
}

/**
 * Reads the database's own catalogue. Columns are cached per table for the life of the app: the
 * schema changes only through migrations, which run before the app starts.
 */
export function createCatalogue(database: Database): Catalogue {
  const cache = new Map<string, Promise<CatalogueTable>>();

  async function load(definition: TableDefinition): Promise<CatalogueTable> {
    const rows = await database.query<CatalogueColumn>(sql`
      select column_name::text as column_name,
             data_type::text as data_type,
             is_nullable::text as is_nullable,
             -- An identity column has no default in information_schema; the console knows identity
             -- columns by a default that draws from a sequence (spec section 3), so give it that.
             coalesce(column_default::text, case when is_identity = 'YES' then format('nextval(%L::regclass)',
               pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name)) end) as column_default,
             character_maximum_length::int as max_length,
             numeric_precision::int as numeric_precision,
             numeric_scale::int as numeric_scale,
             (is_identity = 'YES') as is_identity
        from information_schema.columns
       where table_schema = ${SENSE_SCHEMA} and table_name = ${definition.name}
       order by ordinal_position`);
    if (rows.length === 0) throw notFound(`La tabla ${definition.name} no existe en la base de datos`);
    const hidden = new Set(definition.hiddenColumns);
    const visible = rows.filter((row) => !hidden.has(row.column_name));
    return {
      definition,
      columns: new Map(rows.map((row) => [row.column_name, row])),
      visible,
      timestamps: visible.filter((row) => TIMESTAMP_TYPES.has(row.data_type)).map((row) => row.column_name),
    };
  }

  return {
    table(definition) {
      let entry = cache.get(definition.name);
      if (!entry) {
        entry = load(definition);
        cache.set(definition.name, entry);
        // A table missing now may exist after a migration: do not remember failures.
        entry.catch(() => cache.delete(definition.name));
      }
      return entry;
    },

    async info(definition) {
      const { visible } = await this.table(definition);
      const primaryKey = await database.query<{ column_name: string }>(sql`
        select a.attname::text as column_name
          from pg_catalog.pg_constraint con
          join pg_catalog.pg_class t on t.oid = con.conrelid
          join pg_catalog.pg_namespace n on n.oid = t.relnamespace
          cross join lateral unnest(con.conkey) with ordinality as k(attnum, position)
          join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
         where n.nspname = ${SENSE_SCHEMA} and t.relname = ${definition.name} and con.contype = 'p'
         order by k.position`);
      return {
        table_name: definition.name,
        primary_key: primaryKey.map((row) => row.column_name),
        identity_columns: visible.filter((column) => column.is_identity).map((column) => column.column_name),
      };
    },

    async constraints(definition) {
      await this.table(definition);
      // contype 'n' (not-null, PostgreSQL 18) is left out: /columns tells nullability.
      return database.query<TableConstraint>(sql`
        select con.conname::text as constraint_name,
               case con.contype when 'p' then 'PRIMARY KEY' when 'u' then 'UNIQUE' when 'f' then 'FOREIGN KEY'
                                when 'c' then 'CHECK' else 'EXCLUDE' end as constraint_type,
               coalesce((select json_agg(a.attname::text order by k.position)
                           from unnest(con.conkey) with ordinality as k(attnum, position)
                           join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
                        '[]'::json) as columns,
               case when con.contype = 'f' then json_build_object(
                 'table', ft.relname::text,
                 'columns', (select json_agg(a.attname::text order by k.position)
                               from unnest(con.confkey) with ordinality as k(attnum, position)
                               join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum))
               end as "references"
          from pg_catalog.pg_constraint con
          join pg_catalog.pg_class t on t.oid = con.conrelid
          join pg_catalog.pg_namespace n on n.oid = t.relnamespace
          left join pg_catalog.pg_class ft on ft.oid = con.confrelid
         where n.nspname = ${SENSE_SCHEMA} and t.relname = ${definition.name} and con.contype in ('p', 'u', 'f', 'c', 'x')
         order by case con.contype when 'p' then 0 when 'u' then 1 when 'f' then 2 else 3 end, con.conname`);
    },
  };
}
