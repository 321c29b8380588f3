export { LoadingState } from './loading-state';
export type { LoadingStateProps } from './loading-state';
