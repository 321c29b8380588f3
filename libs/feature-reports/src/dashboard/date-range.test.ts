import { describe, expect, it } from 'vitest';
import { effectiveRange, formatDayRange, rangeInstants } from './date-range';

describe('dashboard date range', () => {
  it('defaults to the week ending today in the display zone', () => {
    // 03:30 UTC on the 21st is still the 20th in Lima.
    const now = new Date('2026-11-21T03:30:00Z');
    expect(effectiveRange({ startDate: null, endDate: null }, 'UTC', now)).toEqual({ startDay: '2026-11-15', endDay: '2026-11-21' });
    expect(effectiveRange({ startDate: null, endDate: null }, 'America/Lima', now)).toEqual({
      startDay: '2026-11-14',
      endDay: '2026-11-20',
    });
  });

  it('keeps a chosen range and covers whole days from the zone’s midnight', () => {
    const range = effectiveRange({ startDate: '2026-10-01', endDate: '2026-10-31' }, 'America/Lima');
    expect(range).toEqual({ startDay: '2026-10-01', endDay: '2026-10-31' });
    expect(rangeInstants(range, 'America/Lima')).toEqual({ startDate: '2026-10-01T05:00:00.000Z', endDate: '2026-11-01T05:00:00.000Z' });
    expect(rangeInstants(range, 'UTC')).toEqual({ startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-11-01T00:00:00.000Z' });
  });

  it('spans Santiago’s summer-time change: 25 hours in April, 23 in September', () => {
    const april = rangeInstants({ startDay: '2026-04-04', endDay: '2026-04-04' }, 'America/Santiago');
    expect(new Date(april.endDate).getTime() - new Date(april.startDate).getTime()).toBe(25 * 3_600_000);
    const september = rangeInstants({ startDay: '2026-09-06', endDay: '2026-09-06' }, 'America/Santiago');
    expect(september).toEqual({ startDate: '2026-09-06T04:00:00.000Z', endDate: '2026-09-07T03:00:00.000Z' });
  });

  it('writes dd/mm - dd/mm whatever the machine’s zone', () => {
    expect(formatDayRange({ startDay: '2026-03-07', endDay: '2026-11-21' })).toBe('07/03 - 21/11');
  });
});
