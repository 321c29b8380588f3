import { describe, expect, it } from 'vitest';
import type { CatalogueColumn } from './catalogue';
import { checkFilterValue, checkJsonValue, isIsoDate } from './row-values';
import { containsPattern } from '../modules/tables/queries';
import { isoTimestamp } from './timestamps';

const column = (overrides: Partial<CatalogueColumn>): CatalogueColumn => ({
  column_name: 'c',
  data_type: 'text',
  is_nullable: 'YES',
  column_default: null,
  max_length: null,
  numeric_precision: null,
  numeric_scale: null,
  is_identity: false,
  ...overrides,
});

describe('checkJsonValue', () => {
  it('counts characters, not UTF-16 units, against varchar(n)', () => {
    const abrev = column({ column_name: 'paisabrev', data_type: 'character varying', max_length: 2 });
    expect(checkJsonValue(abrev, 'Ñ😀')).toEqual({ ok: true, value: 'Ñ😀' });
    expect(checkJsonValue(abrev, 'PER')).toEqual({ ok: false, detail: { field: 'paisabrev', rule: 'maxLength', limit: 2 } });
  });

  it('keeps integers within their column type', () => {
    const id = column({ column_name: 'id', data_type: 'integer' });
    expect(checkJsonValue(id, 2_147_483_647).ok).toBe(true);
    expect(checkJsonValue(id, 2_147_483_648)).toEqual({ ok: false, detail: { field: 'id', rule: 'maximum', limit: 2_147_483_647 } });
    expect(checkJsonValue(id, 1.5)).toEqual({ ok: false, detail: { field: 'id', rule: 'type', limit: 'integer' } });
    expect(checkJsonValue(id, '1')).toEqual({ ok: false, detail: { field: 'id', rule: 'type', limit: 'integer' } });
  });

  it('bounds numeric(p, s) and refuses non-finite numbers', () => {
    const latitud = column({ column_name: 'latitud', data_type: 'numeric', numeric_precision: 10, numeric_scale: 6 });
    expect(checkJsonValue(latitud, -8.123456).ok).toBe(true);
    expect(checkJsonValue(latitud, -10_000)).toEqual({ ok: false, detail: { field: 'latitud', rule: 'minimum', limit: -10_000 } });
    expect(checkJsonValue(column({ data_type: 'double precision' }), Number.NaN).ok).toBe(false);
  });

  it('answers required for null in a not-null column, and refuses NUL in text', () => {
    expect(checkJsonValue(column({ is_nullable: 'NO' }), null)).toEqual({ ok: false, detail: { field: 'c', rule: 'required' } });
    expect(checkJsonValue(column({}), null)).toEqual({ ok: true, value: null });
    expect(checkJsonValue(column({}), 'a\u0000b').ok).toBe(false);
  });

  it('takes ISO 8601 dates only', () => {
    const fecha = column({ column_name: 'fecha', data_type: 'timestamp with time zone' });
    expect(checkJsonValue(fecha, '2026-11-01T12:00:00-05:00').ok).toBe(true);
    expect(checkJsonValue(fecha, 'March 7').ok).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
  });
});

describe('checkFilterValue', () => {
  it('converts query text to the column type or names the rule', () => {
    expect(checkFilterValue(column({ data_type: 'integer' }), '42')).toEqual({ ok: true, value: 42 });
    expect(checkFilterValue(column({ data_type: 'integer' }), '4 or 1=1').ok).toBe(false);
    expect(checkFilterValue(column({ data_type: 'boolean' }), 'true')).toEqual({ ok: true, value: true });
    expect(checkFilterValue(column({ data_type: 'numeric' }), '')).toEqual({ ok: false, detail: { field: 'c', rule: 'type', limit: 'number' } });
    expect(checkFilterValue(column({}), ['a', 'b']).ok).toBe(false);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('isoTimestamp', () => {
  it('turns PostgreSQL timestamp text into ISO 8601 UTC', () => {
    expect(isoTimestamp('2026-11-01 12:00:00+00')).toBe('2026-11-01T12:00:00.000Z');
    expect(isoTimestamp('2026-11-01 07:00:00.25-05')).toBe('2026-11-01T12:00:00.250Z');
    expect(isoTimestamp('2026-11-01 17:30:00+05:30')).toBe('2026-11-01T12:00:00.000Z');
    expect(isoTimestamp(new Date('2026-11-01T12:00:00Z'))).toBe('2026-11-01T12:00:00.000Z');
    expect(isoTimestamp('not a date')).toBe('not a date');
    expect(isoTimestamp(null)).toBeNull();
  });
});
