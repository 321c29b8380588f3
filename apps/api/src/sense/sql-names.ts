import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/** The PostgreSQL schema of every table the API serves (data-model.md). */
export const SENSE_SCHEMA = 'sense';

/*
 * Identifiers reach SQL only through these helpers, and only with names that came from the table
 * registry or the database's catalogue (never straight from a request): sql.identifier quotes them.
 */

/** `"sense"."<table>"` for a registered table. */
export function tableRef(table: string): SQL {
  return sql`${sql.identifier(SENSE_SCHEMA)}.${sql.identifier(table)}`;
}

/** `"<alias>"."<column>"`. */
export function columnRef(alias: string, column: string): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
}
