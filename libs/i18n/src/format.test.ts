import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatLongDate, formatNumber } from './format';

const instant = '2026-03-07T18:05:00Z';
const lima = { timeZone: 'America/Lima' };

describe('date formatting by language', () => {
  it('writes day/month/year hour:minute in es-ES', () => {
    expect(formatDateTime(instant, 'es', lima)).toBe('07/03/2026, 13:05');
  });

  it('writes month/day/year in en-US, on a 24-hour clock', () => {
    expect(formatDateTime(instant, 'en', lima)).toBe('03/07/2026, 13:05');
  });

  it('follows the time zone it is given', () => {
    expect(formatDateTime(instant, 'es', { timeZone: 'UTC' })).toBe('07/03/2026, 18:05');
  });

  it('answers null for a missing or invalid date, so the screen shows N/A', () => {
    expect(formatDateTime(null, 'es', lima)).toBeNull();
    expect(formatDateTime(undefined, 'es', lima)).toBeNull();
    expect(formatDateTime('', 'es', lima)).toBeNull();
    expect(formatDateTime('not a date', 'es', lima)).toBeNull();
  });

  it('formats dates, day/month and long dates', () => {
    expect(formatDate(instant, 'es', lima)).toBe('07/03/2026');
    expect(formatDayMonth(instant, lima)).toBe('07/03');
    expect(formatLongDate(instant, 'es', lima)).toBe('sábado, 7 de marzo de 2026');
    expect(formatLongDate(instant, 'en', lima)).toBe('Saturday, March 7, 2026');
  });
});

describe('number formatting by language', () => {
  it('writes a decimal comma in Spanish and a decimal point in English', () => {
    expect(formatNumber(26.5, 'es')).toBe('26,5');
    expect(formatNumber(26.5, 'en')).toBe('26.5');
    expect(formatNumber(-0.125, 'es')).toBe('-0,125');
  });

  it('groups thousands as each language does and adds no decimals', () => {
    expect(formatNumber(12000.75, 'es')).toBe('12.000,75');
    expect(formatNumber(12000.75, 'en')).toBe('12,000.75');
    expect(formatNumber(25, 'es')).toBe('25');
  });

  it('rounds to the decimals asked, and answers null for no number', () => {
    expect(formatNumber(1.23456, 'es')).toBe('1,235');
    expect(formatNumber(1.23456, 'en', 2)).toBe('1.23');
    expect(formatNumber(null, 'es')).toBeNull();
    expect(formatNumber(Number.NaN, 'en')).toBeNull();
  });
});
