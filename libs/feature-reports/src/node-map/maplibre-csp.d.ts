// MapLibre's CSP build: the same API as 'maplibre-gl', with its worker in a file of its own (below)
// instead of a blob: URL, which the console's Content-Security-Policy (script-src 'self') refuses.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  import * as maplibre from 'maplibre-gl';
  export default maplibre;
}
