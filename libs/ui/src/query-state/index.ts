export { QueryState } from './query-state';
export type { QueryStateProps } from './query-state';
