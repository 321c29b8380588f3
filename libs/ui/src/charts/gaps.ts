/** A bucket of a downsampled series: the readings of [t, t + bucketSeconds). */
export interface ChartBucket {
  t: Date;
  min: number;
  max: number;
  avg: number;
  count: number;
}

/**
 * Where the line must break: before bucket i when it starts much later than the previous one.
 * Empty buckets are absent from the series, but so are the buckets between readings when buckets
 * are narrower than the reading interval (a day of 15-minute readings in 2-minute buckets); so the
 * rule measures against the usual step between buckets, not only the bucket width.
 */
export function gapBefore(buckets: readonly ChartBucket[], bucketSeconds: number): boolean[] {
  const steps: number[] = [];
  for (let index = 1; index < buckets.length; index += 1) steps.push(buckets[index]!.t.getTime() - buckets[index - 1]!.t.getTime());
  const sorted = [...steps].sort((a, b) => a - b);
  const usual = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)]! : bucketSeconds * 1000;
  const limit = Math.max(2 * bucketSeconds * 1000, 3 * usual);
  return buckets.map((_, index) => index > 0 && steps[index - 1]! > limit);
}
