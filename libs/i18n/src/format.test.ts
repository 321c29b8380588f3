import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatLongDate } from './format';

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
