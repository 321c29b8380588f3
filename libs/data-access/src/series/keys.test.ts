import { describe, expect, it } from 'vitest';
import { seriesKeys, seriesPath } from './keys';
import { toSeriesQuery } from './types';

describe('seriesKeys', () => {
  const window = { metricaId: 3, startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-02T00:00:00.000Z', maxPoints: 800 };

  it('asks the series of a node, else of a location, with the zone as the contract names it (tz)', () => {
    const byNode = seriesKeys.chart({ ...window, nodoId: 7, ubicacionId: 2, timeZone: 'America/Lima' });
    expect(byNode).toEqual(['series', { metricaId: 3, nodoId: 7, startDate: window.startDate, endDate: window.endDate, maxPoints: 800, tz: 'America/Lima' }]);
    expect(seriesPath(byNode![1])).toBe(
      '/sense/series?metricaId=3&nodoId=7&startDate=2026-11-01T00%3A00%3A00.000Z&endDate=2026-11-02T00%3A00%3A00.000Z&maxPoints=800&tz=America%2FLima',
    );
    const byLocation = seriesKeys.chart({ ...window, nodoId: null, ubicacionId: 2 });
    expect(byLocation).toEqual(['series', { metricaId: 3, ubicacionId: 2, startDate: window.startDate, endDate: window.endDate, maxPoints: 800 }]);
    expect(seriesPath(byLocation![1])).toBe(
      '/sense/series?metricaId=3&ubicacionId=2&startDate=2026-11-01T00%3A00%3A00.000Z&endDate=2026-11-02T00%3A00%3A00.000Z&maxPoints=800',
    );
  });

  it('has no key while neither a node nor a location is chosen', () => {
    expect(seriesKeys.chart({ ...window, nodoId: null, ubicacionId: null })).toBeNull();
    expect(seriesKeys.chart(null)).toBeNull();
  });

  it('keys a threshold’s series under the same resource, its path in the order it always had', () => {
    const key = seriesKeys.threshold({ ...window, nodoId: 7, tipoId: 2 });
    expect(key?.[0]).toBe('series');
    expect(seriesPath(key![1])).toBe(
      '/sense/series?metricaId=3&nodoId=7&tipoId=2&startDate=2026-11-01T00%3A00%3A00.000Z&endDate=2026-11-02T00%3A00%3A00.000Z&maxPoints=800',
    );
    expect(seriesKeys.threshold(null)).toBeNull();
  });

  it('maps a chart request onto the wire query', () => {
    expect(toSeriesQuery({ ...window, nodoId: 7, timeZone: 'UTC' })).toEqual({ ...window, nodoId: 7, tz: 'UTC' });
  });
});
