/**
 * The bucket arithmetic of the series call, kept pure so its rules can be tested without a
 * database: how wide a bucket is for a window and a point budget, and where buckets start.
 */

/** Default point budget: about the width in pixels of a dashboard chart. */
export const DEFAULT_MAX_POINTS = 800;
/** Never more buckets than this, whatever the caller asks: a chart is never wider. */
export const MAX_POINTS_CAP = 2000;
export const MIN_POINTS = 2;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Bucket widths a person reads easily on a time axis (1 s … 1 day); past a day, whole days. A
 * "nice" width also keeps bucket edges stable while a live window slides forward.
 */
export const NICE_BUCKET_SECONDS: readonly number[] = [
  1, 2, 5, 10, 15, 30,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY,
];

/** How many epoch-aligned buckets of `bucketSeconds` the window [start, end) touches. */
export function bucketsTouched(startMs: number, endMs: number, bucketSeconds: number): number {
  if (endMs <= startMs) return 0;
  const bucketMs = bucketSeconds * 1000;
  return Math.floor((endMs - 1) / bucketMs) - Math.floor(startMs / bucketMs) + 1;
}

/**
 * The narrowest nice bucket width (seconds) whose epoch-aligned buckets over [start, end) number
 * at most `maxPoints`. Buckets are aligned to the Unix epoch (floor(epoch / width) · width), so the
 * same reading falls in the same bucket whatever window asked for it.
 */
export function bucketSecondsFor(startMs: number, endMs: number, maxPoints: number): number {
  for (const width of NICE_BUCKET_SECONDS) {
    if (bucketsTouched(startMs, endMs, width) <= maxPoints) return width;
  }
  let days = Math.max(1, Math.ceil((endMs - startMs) / 1000 / DAY / maxPoints));
  while (bucketsTouched(startMs, endMs, days * DAY) > maxPoints) days += 1;
  return days * DAY;
}
