export { ScopeChip } from './scope-chip';
