export { DevPlaceholder } from './dev-placeholder';
