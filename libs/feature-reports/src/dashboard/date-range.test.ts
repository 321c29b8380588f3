import { describe, expect, it } from 'vitest';
import { addDays, effectiveRange, formatDayRange, rangeInstants } from './date-range';

describe('dashboard date range', () => {
  it('defaults to the week ending today', () => {
    expect(effectiveRange({ startDate: null, endDate: null }, new Date(2026, 10, 21, 10))).toEqual({
      startDay: '2026-11-15',
      endDay: '2026-11-21',
    });
  });

  it('keeps a chosen range and covers whole days', () => {
    const range = effectiveRange({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(range).toEqual({ startDay: '2026-10-01', endDay: '2026-10-31' });
    const { startDate, endDate } = rangeInstants(range);
    expect(new Date(endDate).getTime() - new Date(startDate).getTime()).toBeGreaterThanOrEqual(30 * 86_400_000);
  });

  it('moves across months and writes dd/mm - dd/mm', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(formatDayRange({ startDay: '2026-03-07', endDay: '2026-11-21' })).toBe('07/03 - 21/11');
  });
});
