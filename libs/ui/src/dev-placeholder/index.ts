export { DevPlaceholder } from './dev-placeholder';
export type { DevPlaceholderProps } from './dev-placeholder';
