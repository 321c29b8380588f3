export { ScreenBoundary } from './screen-boundary';
export type { ScreenBoundaryProps } from './screen-boundary';
