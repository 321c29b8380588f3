export { DashboardScreen, DashboardLoading } from './dashboard-screen';
export type { DashboardScreenProps } from './dashboard-screen';
export { DashboardFilterBar } from './dashboard-filter-bar';
export { NodeSelector, NodeDetails, matchNodes } from './node-selector';
export type { NodeSelectorProps } from './node-selector';
export { effectiveRange, rangeInstants, formatDayRange, DEFAULT_RANGE_DAYS } from './date-range';
export type { DayRange } from './date-range';
