import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/*
 * Raw statements (drizzle's `execute`) answer timestamps as PostgreSQL's text, "2026-11-01
 * 12:00:00.5+00", on both drivers. api.md wants ISO 8601 with an offset: these convert them.
 */

const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?(?::\d{2})?$/;

/** `value` as an ISO 8601 UTC string (`2026-11-01T12:00:00.500Z`); null and non-dates pass through. */
export function isoTimestamp(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return value;
  const match = PG_TIMESTAMP.exec(value);
  if (!match) return value;
  const [, day, time, hours, minutes] = match;
  const parsed = new Date(`${day}T${time}${hours}:${minutes ?? '00'}`);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

/** Converts, in place, the named timestamp columns of every row; answers the rows. */
export function normaliseTimestamps<Row extends Record<string, unknown>>(rows: Row[], columns: readonly string[]): Row[] {
  if (columns.length === 0) return rows;
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column];
      if (value !== null && value !== undefined) (row as Record<string, unknown>)[column] = isoTimestamp(value);
    }
  }
  return rows;
}

/**
 * A timestamptz column as PostgreSQL writes it in ISO 8601 UTC (`2026-11-01T12:00:00.000Z`,
 * Date.prototype.toISOString's form): for answers whose JSON the database builds, so Node does no
 * per-row Date → string work.
 */
export const isoUtc = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
