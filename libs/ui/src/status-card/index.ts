export { StatusCard } from './status-card';
export type { StatusCardProps, StatusFigures } from './status-card';
