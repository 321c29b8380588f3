import { describe, expect, it } from 'vitest';
import { activeQuickRange, quickRange, seasonStart } from './quick-ranges';

describe('quick ranges', () => {
  it('end today and count today in', () => {
    expect(quickRange('last24h', '2026-11-21')).toEqual({ desde: '2026-11-20', hasta: '2026-11-21' });
    expect(quickRange('last7d', '2026-11-21')).toEqual({ desde: '2026-11-15', hasta: '2026-11-21' });
    expect(quickRange('last30d', '2026-03-01')).toEqual({ desde: '2026-01-31', hasta: '2026-03-01' });
  });

  it('start the season on the 1st of the latest start month, August by default', () => {
    expect(seasonStart('2026-11-21')).toBe('2026-08-01');
    expect(seasonStart('2026-08-01')).toBe('2026-08-01');
    expect(seasonStart('2026-07-31')).toBe('2025-08-01');
    expect(quickRange('season', '2026-02-10', 3)).toEqual({ desde: '2025-03-01', hasta: '2026-02-10' });
    expect(quickRange('season', '2026-11-21', 10)).toEqual({ desde: '2026-10-01', hasta: '2026-11-21' });
  });

  it('mark the quick range a value is exactly, and none for another range or an open end', () => {
    expect(activeQuickRange({ desde: '2026-11-15', hasta: '2026-11-21' }, '2026-11-21')).toBe('last7d');
    expect(activeQuickRange({ desde: '2026-08-01', hasta: '2026-11-21' }, '2026-11-21')).toBe('season');
    expect(activeQuickRange({ desde: '2026-11-14', hasta: '2026-11-21' }, '2026-11-21')).toBeNull();
    expect(activeQuickRange({ desde: '2026-11-15', hasta: null }, '2026-11-21')).toBeNull();
    // Yesterday's week is not this week's.
    expect(activeQuickRange({ desde: '2026-11-15', hasta: '2026-11-21' }, '2026-11-22')).toBeNull();
  });
});
