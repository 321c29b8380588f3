export { render } from './render';
export { toastShown } from './toast-shown';
export { brushAcrossChart } from './brush';
