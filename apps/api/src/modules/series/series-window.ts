/**
 * The point budget of the series call. The bucket arithmetic itself (how wide a bucket is for a
 * window and a budget, where buckets start) lives in @camposense/domain, shared with the fixtures.
 */
export { bucketSecondsFor, bucketsTouched } from '@camposense/domain';
// The budget's bounds are the contract's (libs/domain/src/contracts/series.ts).
export {
  SERIES_DEFAULT_MAX_POINTS as DEFAULT_MAX_POINTS,
  SERIES_MAX_POINTS_CAP as MAX_POINTS_CAP,
} from '@camposense/domain';
