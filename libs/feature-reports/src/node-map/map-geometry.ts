import { geoDistance, geoMercator } from 'd3';
import type { GeoProjection } from 'd3';

/** A node's place: what the map needs of it. */
export interface GeoPoint {
  nodoid: number;
  latitud: number;
  longitud: number;
}

/** West, south, east, north in degrees. */
export type Bounds = readonly [number, number, number, number];

/** The narrowest view (about 30 m): zooming into a cluster of nodes a few metres apart still separates them. */
export const MIN_SPAN_DEGREES = 0.0003;

/** The nodes' bounding box, widened around its centre to at least `minSpan` degrees each way. */
export function boundsOf(points: readonly GeoPoint[], minSpan = MIN_SPAN_DEGREES): Bounds {
  const longitudes = points.map((point) => point.longitud);
  const latitudes = points.map((point) => point.latitud);
  return widen([Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)], minSpan);
}

function widen([west, south, east, north]: Bounds, minSpan: number): Bounds {
  const halfLon = Math.max(east - west, minSpan) / 2;
  const halfLat = Math.max(north - south, minSpan) / 2;
  const lon = (west + east) / 2;
  const lat = (south + north) / 2;
  return [lon - halfLon, lat - halfLat, lon + halfLon, lat + halfLat];
}

/** The bounds scaled by `factor` around their centre (0.5 zooms in twice), never narrower than the minimum. */
export function scaleBounds([west, south, east, north]: Bounds, factor: number): Bounds {
  const lon = (west + east) / 2;
  const lat = (south + north) / 2;
  const halfLon = ((east - west) * factor) / 2;
  const halfLat = ((north - south) * factor) / 2;
  return widen([lon - halfLon, lat - halfLat, lon + halfLon, lat + halfLat], MIN_SPAN_DEGREES);
}

/** A Mercator projection that fits `bounds` into a `width`×`height` box with `padding` pixels all round. */
export function fitProjection(bounds: Bounds, width: number, height: number, padding = 40): GeoProjection {
  const [west, south, east, north] = bounds;
  return geoMercator().fitExtent(
    [
      [padding, padding],
      [Math.max(padding + 1, width - padding), Math.max(padding + 1, height - padding)],
    ],
    { type: 'MultiPoint', coordinates: [[west, south], [east, north]] },
  );
}

/** A group of nodes drawn as one marker: one node, or several whose markers would overlap. */
export interface Cluster<P> {
  /** The members, in the order given. */
  members: P[];
  x: number;
  y: number;
}

/**
 * Groups points whose screen positions lie within `radius` pixels of a group's first point,
 * taking the points in the order given (so the same input always gives the same groups); a group
 * sits at its members' mean position.
 */
export function clusterPoints<P>(points: readonly P[], position: (point: P) => readonly [number, number], radius = 28): Cluster<P>[] {
  const groups: { anchor: readonly [number, number]; members: P[]; sum: [number, number] }[] = [];
  for (const point of points) {
    const [x, y] = position(point);
    const group = groups.find(({ anchor }) => Math.hypot(anchor[0] - x, anchor[1] - y) <= radius);
    if (group) {
      group.members.push(point);
      group.sum[0] += x;
      group.sum[1] += y;
    } else {
      groups.push({ anchor: [x, y], members: [point], sum: [x, y] });
    }
  }
  return groups.map(({ members, sum }) => ({ members, x: sum[0] / members.length, y: sum[1] / members.length }));
}

const EARTH_RADIUS_METRES = 6_371_008.8;

/** The ground distance in metres between two screen points of `projection`. */
export function metresBetween(projection: GeoProjection, a: readonly [number, number], b: readonly [number, number]): number {
  const from = projection.invert?.([a[0], a[1]]);
  const to = projection.invert?.([b[0], b[1]]);
  if (!from || !to) return 0;
  return geoDistance(from, to) * EARTH_RADIUS_METRES;
}

/** A scale bar: a round distance (1, 2 or 5 × 10ⁿ metres) and its length in pixels. */
export interface ScaleBar {
  metres: number;
  pixels: number;
}

/** The longest round distance whose bar fits in `maxPixels`, at `metresPerPixel`. */
export function scaleBar(metresPerPixel: number, maxPixels = 120): ScaleBar | null {
  if (!(metresPerPixel > 0) || !Number.isFinite(metresPerPixel)) return null;
  const longest = metresPerPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(longest));
  const step = [5, 2, 1].find((candidate) => candidate * power <= longest) ?? 1;
  const metres = step * power;
  return { metres, pixels: metres / metresPerPixel };
}

/** `850 m`, `1.2 km` in the reader's locale. */
export function formatDistance(metres: number, locale: string): string {
  if (metres >= 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(metres)} m`;
}
