import type { ChartBucket } from './gaps';

/** Deterministic series for the chart's stories (the UI kit cannot use data-access fixtures). */
export function storySeries({
  end,
  days,
  points,
  gap,
}: {
  end: Date;
  days: number;
  points: number;
  /** Share of the window left without readings, as [from, to). */
  gap?: [number, number];
}): { buckets: ChartBucket[]; bucketSeconds: number; start: Date; end: Date } {
  const start = new Date(end.getTime() - days * 86_400_000);
  const bucketSeconds = Math.max(60, Math.ceil((days * 86_400) / points / 60) * 60);
  const buckets: ChartBucket[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += bucketSeconds * 1000) {
    const share = (t - start.getTime()) / (end.getTime() - start.getTime());
    if (gap && share >= gap[0] && share < gap[1]) continue;
    const daily = bucketSeconds >= 86_400 ? 0 : Math.sin((t / 86_400_000) * 2 * Math.PI - 1.9) * 5;
    const yearly = Math.sin((t / (365 * 86_400_000)) * 2 * Math.PI) * 3;
    // Day to day, the weather: a slow wobble (an hourly one would alias into a zigzag across days).
    const weather = bucketSeconds >= 86_400 ? Math.sin(t / (9 * 86_400_000)) * 0.8 : Math.sin(t / 3_700_000) * 0.4;
    const avg = 22 + daily + yearly + weather;
    const spread = 0.6 + (bucketSeconds >= 3600 ? 5 * Math.min(1, bucketSeconds / 86_400) : 0);
    buckets.push({ t: new Date(t), min: avg - spread, max: avg + spread, avg, count: Math.max(1, Math.round(bucketSeconds / 900)) });
  }
  return { buckets, bucketSeconds, start, end };
}

