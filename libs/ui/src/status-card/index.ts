export { StatusCard } from './status-card';
export type { StatusFigures } from './status-card';
export { LiveIndicator } from './live-indicator';
