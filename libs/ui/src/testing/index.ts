export { render } from './render';
export { toastShown } from './toast-shown';
export { brushAcrossChart } from './brush';
export { writesLocked, WRITES_LOCKED_REASON } from './writes-locked';
export { holdToasts } from '../toast/toast';
export { stubResizeObserver } from './resize-observer';
