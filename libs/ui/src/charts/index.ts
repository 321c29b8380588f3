export { SeriesChart } from './series-chart';
export type { ChartThreshold, ChartEpisode, ChartTone } from './series-chart';
export type { ChartBucket } from './gaps';
export type { ChartComparison } from './series-chart';
export type { ChartRange } from './zoom';
export { useWidth } from './use-width';
