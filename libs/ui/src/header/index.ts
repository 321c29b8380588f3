export { AppHeader, HEADER_HEIGHT } from './app-header';
export type { AppHeaderProps, Crumb } from './app-header';
