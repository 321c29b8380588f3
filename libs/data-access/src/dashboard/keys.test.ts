import { describe, expect, it } from 'vitest';
import { dashboardKeys } from './keys';
import { toSeriesQuery } from './types';

describe('dashboardKeys.series', () => {
  const window = { metricaId: 3, startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-02T00:00:00.000Z', maxPoints: 800 };

  it('asks the series of a node, else of a location, with the zone as the contract names it (tz)', () => {
    expect(dashboardKeys.series({ ...window, nodoId: 7, ubicacionId: 2, timeZone: 'America/Lima' })).toBe(
      '/sense/series?metricaId=3&nodoId=7&startDate=2026-11-01T00%3A00%3A00.000Z&endDate=2026-11-02T00%3A00%3A00.000Z&maxPoints=800&tz=America%2FLima',
    );
    expect(dashboardKeys.series({ ...window, nodoId: null, ubicacionId: 2 })).toBe(
      '/sense/series?metricaId=3&ubicacionId=2&startDate=2026-11-01T00%3A00%3A00.000Z&endDate=2026-11-02T00%3A00%3A00.000Z&maxPoints=800',
    );
  });

  it('has no key while neither a node nor a location is chosen', () => {
    expect(dashboardKeys.series({ ...window, nodoId: null, ubicacionId: null })).toBeNull();
    expect(dashboardKeys.series(null)).toBeNull();
  });

  it('maps a chart request onto the wire query', () => {
    expect(toSeriesQuery({ ...window, nodoId: 7, timeZone: 'UTC' })).toEqual({ ...window, nodoId: 7, tz: 'UTC' });
  });
});
