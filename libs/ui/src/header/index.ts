export { AppHeader, HEADER_HEIGHT } from './app-header';
export type { Crumb } from './app-header';
