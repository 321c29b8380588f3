export { StatusBadge } from './status-badge';
export type { StatusBadgeProps } from './status-badge';
