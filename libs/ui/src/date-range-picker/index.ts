export { DateRangePicker } from './date-range-picker';
export type { DateRangePickerProps } from './date-range-picker';
export { QUICK_RANGES, DEFAULT_SEASON_START_MONTH, quickRange, activeQuickRange, seasonStart } from './quick-ranges';
export type { DateRangeValue, QuickRangeId } from './quick-ranges';
