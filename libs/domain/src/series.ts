/**
 * `GET /api/sense/series`: one metric of a node or a location over a window, downsampled by the
 * API. The types are `Static<>` of the contract (contracts/series.ts): the route registers its
 * schemas, data-access reads these types and the MSW mocks answer them.
 */

import type { Static } from 'typebox';
import type {
  SeriesBucketSchema,
  SeriesResponseSchema,
  SeriesThresholdSchema,
} from './contracts/series';

/** One bucket: the readings of [t, t + bucketSeconds). */
export type SeriesBucket = Static<typeof SeriesBucketSchema>;
/** A threshold drawn as a band; `grado` 1 is the most severe. */
export type SeriesThreshold = Static<typeof SeriesThresholdSchema>;
/** The window actually drawn (its end brought back to now when it lies ahead; `end` exclusive), the buckets, thresholds and figures. */
export type SeriesResponse = Static<typeof SeriesResponseSchema>;

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
