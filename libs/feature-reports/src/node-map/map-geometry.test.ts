import { describe, expect, it } from 'vitest';
import { boundsOf, clusterPoints, fitProjection, formatDistance, metresBetween, MIN_SPAN_DEGREES, scaleBar, scaleBounds } from './map-geometry';

const points = [
  { nodoid: 1, latitud: -8.414021, longitud: -78.752113 },
  { nodoid: 2, latitud: -8.41733, longitud: -78.748402 },
  { nodoid: 5, latitud: -8.42121, longitud: -78.74712 },
  { nodoid: 6, latitud: -8.42124, longitud: -78.74709 },
];

describe('the fallback map geometry', () => {
  it('widens a single node to the narrowest view around it', () => {
    const [west, south, east, north] = boundsOf([points[0]!]);
    expect(east - west).toBeCloseTo(MIN_SPAN_DEGREES, 9);
    expect(north - south).toBeCloseTo(MIN_SPAN_DEGREES, 9);
    expect((west + east) / 2).toBeCloseTo(-78.752113, 9);
  });

  it('fits every node inside the padded box', () => {
    const projection = fitProjection(boundsOf(points), 800, 500, 40);
    for (const point of points) {
      const [x, y] = projection([point.longitud, point.latitud])!;
      expect(x).toBeGreaterThanOrEqual(39.9);
      expect(x).toBeLessThanOrEqual(760.1);
      expect(y).toBeGreaterThanOrEqual(39.9);
      expect(y).toBeLessThanOrEqual(460.1);
    }
  });

  it('clusters nodes a few metres apart and keeps the others alone, the same way every time', () => {
    const projection = fitProjection(boundsOf(points), 800, 500, 40);
    const position = (point: (typeof points)[number]) => projection([point.longitud, point.latitud]) as [number, number];
    const clusters = clusterPoints(points, position);
    expect(clusters.map((cluster) => cluster.members.map((member) => member.nodoid))).toEqual([[1], [2], [5, 6]]);
    // Zoomed onto the pair, they separate.
    const close = fitProjection(boundsOf(points.slice(2)), 800, 500, 40);
    expect(clusterPoints(points.slice(2), (point) => close([point.longitud, point.latitud]) as [number, number])).toHaveLength(2);
  });

  it('zooms by halving the bounds, never below the narrowest view', () => {
    const bounds = boundsOf(points);
    const [west, , east] = scaleBounds(bounds, 0.5);
    expect(east - west).toBeCloseTo((bounds[2] - bounds[0]) / 2, 9);
    const tiny = scaleBounds(boundsOf([points[0]!]), 0.5);
    expect(tiny[2] - tiny[0]).toBeCloseTo(MIN_SPAN_DEGREES, 9);
  });

  it('measures the ground and picks a round scale bar that fits', () => {
    const projection = fitProjection(boundsOf(points), 800, 500, 40);
    const metresPerPixel = metresBetween(projection, [0, 250], [100, 250]) / 100;
    // About 1.1 km of longitude over 720 px.
    expect(metresPerPixel).toBeGreaterThan(0.5);
    expect(metresPerPixel).toBeLessThan(3);
    expect(scaleBar(1.5, 120)).toEqual({ metres: 100, pixels: 100 / 1.5 });
    expect(scaleBar(30, 120)).toEqual({ metres: 2000, pixels: 2000 / 30 });
    expect(scaleBar(0)).toBeNull();
    expect(formatDistance(2000, 'es-ES')).toBe('2 km');
    expect(formatDistance(500, 'en-US')).toBe('500 m');
  });
});
