/**
 * The point budget of the series call. The bucket arithmetic itself (how wide a bucket is for a
 * window and a budget, where buckets start) lives in @camposense/domain, shared with the fixtures.
 */
export { bucketSecondsFor, bucketsTouched, NICE_BUCKET_SECONDS } from '@camposense/domain';

/** Default point budget: about the width in pixels of a dashboard chart. */
export const DEFAULT_MAX_POINTS = 800;
/** Never more buckets than this, whatever the caller asks: a chart is never wider. */
export const MAX_POINTS_CAP = 2000;
export const MIN_POINTS = 2;
