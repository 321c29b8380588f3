export { ScopeChip, scopePath } from './scope-chip';
export type { ScopeChipProps } from './scope-chip';
