export { ErrorState } from './error-state';
export { ErrorBox } from './error-box';
