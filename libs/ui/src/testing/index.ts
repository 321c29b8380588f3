export { render } from './render';
export type { ProvidersOptions } from './render';
