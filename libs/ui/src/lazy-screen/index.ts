export { ScreenBoundary } from './screen-boundary';
export { ScreenDrawnContext, useScreenDrawn } from './screen-drawn';
