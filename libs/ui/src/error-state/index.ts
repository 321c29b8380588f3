export { ErrorState } from './error-state';
export type { ErrorStateProps } from './error-state';
export { ErrorBox } from './error-box';
export type { ErrorBoxProps } from './error-box';
