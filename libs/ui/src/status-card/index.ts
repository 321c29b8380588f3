export { StatusCard } from './status-card';
export type { StatusCardProps, StatusFigures } from './status-card';
export { LiveIndicator } from './live-indicator';
export type { LiveIndicatorProps } from './live-indicator';
export { CONNECTION_LIGHT } from './connection-state';
export type { ConnectionState } from './connection-state';
