export { DateCell } from './date-cell';
export type { DateCellProps } from './date-cell';
