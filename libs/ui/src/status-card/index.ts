export { StatusCard } from './status-card';
export { LiveIndicator } from './live-indicator';
