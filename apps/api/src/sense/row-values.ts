import { canonicalTimeZone, type ApiErrorDetail } from '@camposense/domain';
import type { CatalogueColumn, CatalogueTable } from './catalogue';

/*
 * Values for SQL parameters, checked against the catalogue's column types before they reach the
 * database, so a wrong value answers 400 naming its field instead of a driver error.
 */

const INTEGER_RANGES: Record<string, number> = {
  smallint: 32_767,
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
};
const NUMBER_TYPES = new Set(['numeric', 'double precision', 'real']);
const TEXT_TYPES = new Set(['text', 'character varying', 'character']);
const DATE_TYPES = new Set(['timestamp with time zone', 'timestamp without time zone', 'date']);
const JSON_TYPES = new Set(['json', 'jsonb']);
// ISO 8601 date or date-time; Date.parse alone accepts too much ("1", "March 7", "2026-02-30").
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export type CheckResult = { ok: true; value: unknown } | { ok: false; detail: ApiErrorDetail };

const fail = (field: string, rule: string, limit?: number | string): CheckResult => ({
  ok: false,
  detail: limit === undefined ? { field, rule } : { field, rule, limit },
});

/**
 * The last instant a date may name: before year 9999 in UTC. A window's end is widened by up to a
 * day, and JavaScript writes a year past 9999 as `+010000-…`, which PostgreSQL refuses (SQLSTATE
 * 22009): `endDate=9999-12-31` was a 500. Dates up to 9998-12-31 leave that day of room.
 */
export const LATEST_DATE_TIME = Date.UTC(9999, 0, 1) - 1;

/** Whether `value` is an ISO 8601 date or date-time that exists (PostgreSQL refuses Feb 30) and is before year 9999 (UTC). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    !Number.isNaN(Date.parse(value)) &&
    Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) <= LATEST_DATE_TIME
  );
}

/** A JSON value for `column`: its JS type must match the column's type, and fit it. */
export function checkJsonValue(column: CatalogueColumn, value: unknown): CheckResult {
  const field = column.column_name;
  if (value === null) {
    return column.is_nullable === 'YES' ? { ok: true, value: null } : fail(field, 'required');
  }
  const type = column.data_type;
  const integerMax = INTEGER_RANGES[type];
  if (integerMax !== undefined) {
    if (typeof value !== 'number' || !Number.isInteger(value)) return fail(field, 'type', 'integer');
    if (value > integerMax) return fail(field, 'maximum', integerMax);
    if (value < -integerMax) return fail(field, 'minimum', -integerMax);
    return { ok: true, value };
  }
  if (NUMBER_TYPES.has(type)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(field, 'type', 'number');
    if (column.numeric_precision !== null && type === 'numeric') {
      // numeric(p, s) holds fewer than 10^(p - s) in absolute value.
      const bound = 10 ** (column.numeric_precision - (column.numeric_scale ?? 0));
      if (Math.abs(value) >= bound) return fail(field, value > 0 ? 'maximum' : 'minimum', value > 0 ? bound : -bound);
    }
    return { ok: true, value };
  }
  if (type === 'boolean') {
    return typeof value === 'boolean' ? { ok: true, value } : fail(field, 'type', 'boolean');
  }
  if (DATE_TYPES.has(type)) {
    if (typeof value !== 'string' || !isIsoDate(value)) return fail(field, 'format', 'date-time');
    return { ok: true, value };
  }
  if (JSON_TYPES.has(type)) return { ok: true, value: JSON.stringify(value) };
  if (typeof value !== 'string') return fail(field, 'type', 'string');
  // PostgreSQL text cannot hold NUL.
  if (value.includes('\u0000')) return fail(field, 'format', 'text');
  if (TEXT_TYPES.has(type) && column.max_length !== null && [...value].length > column.max_length) {
    return fail(field, 'maxLength', column.max_length);
  }
  return { ok: true, value };
}

/** A query-string value (text) for an equality filter on `column`, converted to the column's type. */
export function checkFilterValue(column: CatalogueColumn, raw: unknown): CheckResult {
  const field = column.column_name;
  if (typeof raw !== 'string') return fail(field, 'type', 'string');
  const type = column.data_type;
  if (INTEGER_RANGES[type] !== undefined) {
    if (!/^-?\d{1,16}$/.test(raw)) return fail(field, 'type', 'integer');
    return checkJsonValue({ ...column, is_nullable: 'NO' }, Number(raw));
  }
  if (NUMBER_TYPES.has(type)) {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) return fail(field, 'type', 'number');
    return { ok: true, value };
  }
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') return fail(field, 'type', 'boolean');
    return { ok: true, value: raw === 'true' };
  }
  if (DATE_TYPES.has(type)) {
    return isIsoDate(raw) ? { ok: true, value: raw } : fail(field, 'format', 'date-time');
  }
  if (JSON_TYPES.has(type)) return fail(field, 'filter');
  if (raw.includes('\u0000')) return fail(field, 'format', 'text');
  return { ok: true, value: raw };
}

export interface RowValues {
  /** Column → parameter value, in body order. */
  values: Map<string, unknown>;
  errors: ApiErrorDetail[];
}

export interface CheckBodyOptions {
  mode: 'insert' | 'update';
  /** Body keys that are not columns but handled by the caller (usuario's `password`). */
  extraFields?: ReadonlySet<string>;
  /** Columns the caller fills itself, so an insert does not require them from the body. */
  filledColumns?: ReadonlySet<string>;
}

/**
 * Checks a request body against the table's catalogue: every key must be a writable column, of
 * its column's type and size; an insert must give every not-null column without a default.
 * Read-only columns (identity, audit, secrets) are refused with rule `readOnly`, not dropped.
 */
export function checkBody(table: CatalogueTable, body: Record<string, unknown>, options: CheckBodyOptions): RowValues {
  const readOnly = new Set(table.definition.readOnlyColumns);
  const values = new Map<string, unknown>();
  const errors: ApiErrorDetail[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (options.extraFields?.has(field)) continue;
    const column = table.columns.get(field);
    if (!column) {
      errors.push({ field, rule: 'unknown' });
    } else if (readOnly.has(field) || column.is_identity) {
      errors.push({ field, rule: 'readOnly' });
    } else {
      const checked = checkJsonValue(column, value);
      const input = table.definition.fields[field]?.input;
      if (!checked.ok) errors.push(checked.detail);
      else if (input === 'timeZone' && typeof checked.value === 'string') {
        // A name the time-zone database knows (issue 16), kept in its canonical spelling.
        const zone = canonicalTimeZone(checked.value);
        if (zone) values.set(field, zone);
        else errors.push({ field, rule: 'format', limit: 'timeZone' });
      } else values.set(field, checked.value);
    }
  }
  if (options.mode === 'insert') {
    for (const column of table.columns.values()) {
      const name = column.column_name;
      const required = column.is_nullable === 'NO' && column.column_default === null && !column.is_identity;
      if (required && !Object.hasOwn(body, name) && !options.filledColumns?.has(name)) {
        errors.push({ field: name, rule: 'required' });
      }
    }
  }
  return { values, errors };
}
