import { describe, expect, it } from 'vitest';
import { dayRangeInstants } from './day-range';

describe('dayRangeInstants', () => {
  it('asks from the first day’s local midnight to the last millisecond of the last day', () => {
    // The unit project runs in the machine's zone: compare with local dates built the same way.
    expect(dayRangeInstants({ desde: '2026-11-01', hasta: '2026-11-07' })).toEqual({
      desde: new Date(2026, 10, 1).toISOString(),
      hasta: new Date(new Date(2026, 10, 8).getTime() - 1).toISOString(),
    });
  });

  it('leaves an open end open, across a month end too', () => {
    expect(dayRangeInstants({ desde: null, hasta: '2026-11-30' })).toEqual({
      desde: null,
      hasta: new Date(new Date(2026, 11, 1).getTime() - 1).toISOString(),
    });
    expect(dayRangeInstants({ desde: null, hasta: null })).toEqual({ desde: null, hasta: null });
  });
});
