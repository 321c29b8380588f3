import { describe, expect, it } from 'vitest';
import { dayRangeInstants } from './day-range';

describe('dayRangeInstants', () => {
  it('asks from the first day’s midnight in the display zone to the last millisecond of the last day', () => {
    expect(dayRangeInstants({ desde: '2026-11-01', hasta: '2026-11-07' }, 'America/Lima')).toEqual({
      desde: '2026-11-01T05:00:00.000Z',
      hasta: '2026-11-08T04:59:59.999Z',
    });
    expect(dayRangeInstants({ desde: '2026-11-01', hasta: '2026-11-07' }, 'UTC')).toEqual({
      desde: '2026-11-01T00:00:00.000Z',
      hasta: '2026-11-07T23:59:59.999Z',
    });
  });

  it('covers Santiago’s 23-hour day when summer time starts (6 September 2026)', () => {
    const { desde, hasta } = dayRangeInstants({ desde: '2026-09-06', hasta: '2026-09-06' }, 'America/Santiago');
    expect(desde).toBe('2026-09-06T04:00:00.000Z');
    expect(hasta).toBe('2026-09-07T02:59:59.999Z');
  });

  it('leaves an open end open, across a month end too', () => {
    expect(dayRangeInstants({ desde: null, hasta: '2026-11-30' }, 'America/Lima')).toEqual({
      desde: null,
      hasta: '2026-12-01T04:59:59.999Z',
    });
    expect(dayRangeInstants({ desde: null, hasta: null }, 'America/Lima')).toEqual({ desde: null, hasta: null });
  });
});
