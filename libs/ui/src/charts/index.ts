export { SeriesChart } from './series-chart';
export type { SeriesChartProps, ChartThreshold, ChartEpisode, ChartTone } from './series-chart';
export type { ChartBucket } from './gaps';
export { gapBefore } from './gaps';
export { chartTimeFormats } from './time-locale';
export type { ChartTimeFormats } from './time-locale';
export type { ChartComparison } from './series-chart';
export type { ChartRange } from './zoom';
