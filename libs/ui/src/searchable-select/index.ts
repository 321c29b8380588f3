export { SearchableSelect } from './searchable-select';
export type { SearchableSelectOption, SearchableSelectProps } from './searchable-select';
