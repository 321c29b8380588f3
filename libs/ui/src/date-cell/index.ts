export { DateCell } from './date-cell';
