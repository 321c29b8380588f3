/**
 * `GET /api/sense/series`: one metric of a node or a location over a window, downsampled by the
 * API. The route declares these types as its reply, data-access reads them and the MSW mocks
 * answer them, so a mock that drifts from the API fails the type check.
 */

/** One bucket: the readings of [t, t + bucketSeconds). */
export interface SeriesBucket {
  /** The bucket's start, ISO 8601. */
  t: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface SeriesThreshold {
  umbralid: number;
  minimo: number;
  maximo: number;
  criticidad: string;
  /** 1 is the most severe. */
  grado: number;
  tipoid: number;
}

export interface SeriesStats {
  count: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  /** The newest reading in the window. */
  latest: string | null;
  /** Probes (node × type) of the scope with a reading of this metric in the day before the window's end. */
  activeSensors: number;
}

export interface SeriesMetric {
  metricaid: number;
  metrica: string;
  unidad: string | null;
}

export interface SeriesResponse {
  metric: SeriesMetric | null;
  /** The window actually drawn: the asked one, its end brought back to now when it lies ahead. */
  start: string;
  /** Exclusive. */
  end: string;
  bucketSeconds: number;
  buckets: SeriesBucket[];
  thresholds: SeriesThreshold[];
  stats: SeriesStats;
}

/*
 * The bucket arithmetic of the series call, pure and shared: the API sizes its buckets with it and
 * the MSW fixtures answer the same widths, so a story draws what the API would send.
 */

const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 60 * MINUTE_SECONDS;
/** A whole day: the bucket of a long range. */
export const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * Bucket widths a person reads easily on a time axis (1 s … 1 h); past an hour, whole days. A
 * "nice" width also keeps bucket edges stable while a live window slides forward.
 *
 * Why nothing between an hour and a day: once hourly buckets no longer fit the point budget (about
 * one per pixel), a day gets fewer than 24 pixels, and 2-, 3-, 6- or 12-hour buckets sample the
 * daily cycle a few times per day. Their averages then alternate day and night from one bucket to
 * the next and the mean line zigzags through the min–max band: a year of one node drew as a solid
 * band. Daily buckets instead give each day's min–max (a light band) and its mean (a calm line on
 * top). With the dashboard's budget (its chart width) that is from about 34 days on a 800-pixel
 * chart, 12 days on a phone.
 */
export const NICE_BUCKET_SECONDS: readonly number[] = [
  1, 2, 5, 10, 15, 30,
  MINUTE_SECONDS, 2 * MINUTE_SECONDS, 5 * MINUTE_SECONDS, 10 * MINUTE_SECONDS, 15 * MINUTE_SECONDS, 30 * MINUTE_SECONDS,
  HOUR_SECONDS,
];

/** How many epoch-aligned buckets of `bucketSeconds` the window [start, end) touches. */
export function bucketsTouched(startMs: number, endMs: number, bucketSeconds: number): number {
  if (endMs <= startMs) return 0;
  const bucketMs = bucketSeconds * 1000;
  return Math.floor((endMs - 1) / bucketMs) - Math.floor(startMs / bucketMs) + 1;
}

/**
 * The narrowest nice bucket width (seconds) whose epoch-aligned buckets over [start, end) number
 * at most `maxPoints`: up to an hour, else whole days (one, or as many as the budget needs).
 * Buckets are aligned to the Unix epoch (floor(epoch / width) · width), so the same reading falls
 * in the same bucket whatever window asked for it; a day is therefore a UTC day.
 */
export function bucketSecondsFor(startMs: number, endMs: number, maxPoints: number): number {
  for (const width of NICE_BUCKET_SECONDS) {
    if (bucketsTouched(startMs, endMs, width) <= maxPoints) return width;
  }
  let days = Math.max(1, Math.ceil((endMs - startMs) / 1000 / DAY_SECONDS / maxPoints));
  while (bucketsTouched(startMs, endMs, days * DAY_SECONDS) > maxPoints) days += 1;
  return days * DAY_SECONDS;
}

/** True when the buckets are whole days: the chart reads them as daily min–max and mean. */
export function isDailyBucket(bucketSeconds: number): boolean {
  return bucketSeconds >= DAY_SECONDS;
}
