export { SectionPlaceholder } from './section-placeholder';
export type { SectionPlaceholderProps } from './section-placeholder';
