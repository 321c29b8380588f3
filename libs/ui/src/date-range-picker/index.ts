export { DateRangePicker } from './date-range-picker';
export type { DateRangeValue } from './quick-ranges';
