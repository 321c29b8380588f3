export { NodeMapView } from './node-map-view';
export type { NodeMapRenderer } from './node-map-view';
export { NodeHealthPanel } from './node-health-panel';
