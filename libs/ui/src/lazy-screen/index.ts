export { ScreenBoundary } from './screen-boundary';
