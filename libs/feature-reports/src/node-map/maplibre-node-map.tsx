import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Text } from '@chakra-ui/react';
import type { NodeMapNode } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import maplibre from 'maplibre-gl/dist/maplibre-gl-csp.js';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Map as MapLibreMap, Marker, ScaleControl } from 'react-map-gl/maplibre';
import type { Marker as MapLibreMarker } from 'maplibre-gl';
import type { MapRef, StyleSpecification } from 'react-map-gl/maplibre';
import { MAP_HEIGHT } from './fallback-node-map';
import type { NodeMapRendererProps } from './fallback-node-map';
import { boundsOf, clusterPoints } from './map-geometry';
import type { Bounds, Cluster } from './map-geometry';
import { MapControls } from './map-controls';
import { NodeMarker } from './node-marker';

// The worker is a file served from our own origin (Vite emits it), as the CSP requires.
maplibre.setWorkerUrl(workerUrl);

const FIT = { padding: 48, maxZoom: 18 } as const;

export interface MapLibreNodeMapProps extends NodeMapRendererProps {
  /** `MAP_STYLE_URL`, or a style object (stories: one with no sources); null: OpenStreetMap's raster tiles. */
  mapStyle: string | StyleSpecification | null;
}

function osmStyle(attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      osm: { type: 'raster', tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], tileSize: 256, maxzoom: 19, attribution },
    },
    // No background layer: where no tile arrives the container's themed background shows through.
    layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
  };
}

/**
 * MapLibre makes a marker's element a button named "Map marker" unless it already has a role and
 * a name: ours holds a real button, so the wrapper becomes a plain group (a button in a button
 * would be announced twice, in English). Runs before MapLibre adds the marker to the map.
 */
function unlabelMarker(marker: MapLibreMarker | null) {
  const element = marker?.getElement();
  if (!element || element.hasAttribute('role')) return;
  element.setAttribute('role', 'group');
  // Our button is already in it (the portal commits before refs are set): the group takes its name.
  element.setAttribute('aria-label', element.querySelector('button')?.getAttribute('aria-label') ?? '');
}

const toLngLatBounds = ([west, south, east, north]: Bounds): [[number, number], [number, number]] => [
  [west, south],
  [east, north],
];

/**
 * The MapLibre GL map (a browser with WebGL): the tiles of `MAP_STYLE_URL` or OpenStreetMap under
 * the same clustered, keyboard-reachable markers as the fallback. Clusters are regrouped when a
 * move ends, from the markers' screen positions. With no tiles reachable (offline, a CSP that
 * refuses the tile host) the map still shows the markers and the scale on the plain background.
 */
export default function MapLibreNodeMap({ nodes, selectedId, onSelect, mapStyle }: MapLibreNodeMapProps) {
  const { t } = useTranslation();
  const mapRef = useRef<MapRef>(null);
  const [clusters, setClusters] = useState<Cluster<NodeMapNode>[] | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const all = useMemo(() => boundsOf(nodes), [nodes]);
  const style = useMemo(() => mapStyle ?? osmStyle(t('nodeMap.attribution')), [mapStyle, t]);

  const regroup = useCallback(() => {
    const map = mapRef.current;
    if (!map) return;
    setClusters(
      clusterPoints(nodes, (node) => {
        const { x, y } = map.project([node.longitud, node.latitud]);
        return [x, y] as const;
      }),
    );
  }, [nodes]);

  // Before the first move ends every node is its own marker.
  const shown = clusters ?? nodes.map((node) => ({ members: [node], x: 0, y: 0 }));
  return (
    <Box position="relative" h={`${MAP_HEIGHT}px`} w="full" overflow="hidden" bg="bg.muted" rounded="l2" borderWidth="1px" role="group" aria-label={t('nodeMap.mapLabel')}>
      <MapLibreMap
        ref={mapRef}
        mapLib={maplibre}
        mapStyle={style}
        initialViewState={{ bounds: toLngLatBounds(all), fitBoundsOptions: FIT }}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        locale={{ 'AttributionControl.ToggleAttribution': t('nodeMap.attribution') }}
        onLoad={regroup}
        onMoveEnd={regroup}
        onError={(event) => {
          // A tile that cannot be fetched is expected offline; the markers do not need it.
          if ('sourceId' in event || 'tile' in event) setTilesFailed(true);
        }}
      >
        {shown.map(({ members }) => {
          const longitud = members.reduce((sum, node) => sum + node.longitud, 0) / members.length;
          const latitud = members.reduce((sum, node) => sum + node.latitud, 0) / members.length;
          const first = members[0];
          return (
            <Marker key={members.map((node) => node.nodoid).join('-')} ref={unlabelMarker} longitude={longitud} latitude={latitud} anchor="center">
              <NodeMarker
                nodes={members}
                selected={members.length === 1 && first?.nodoid === selectedId}
                onActivate={() => {
                  if (members.length === 1 && first) onSelect(first.nodoid);
                  else mapRef.current?.fitBounds(toLngLatBounds(boundsOf(members)), FIT);
                }}
              />
            </Marker>
          );
        })}
        <ScaleControl position="bottom-left" unit="metric" />
      </MapLibreMap>
      <MapControls
        onZoomIn={() => mapRef.current?.zoomIn()}
        onZoomOut={() => mapRef.current?.zoomOut()}
        onReset={() => mapRef.current?.fitBounds(toLngLatBounds(all), FIT)}
      />
      {tilesFailed && (
        <Text position="absolute" bottom="2" right="2" fontSize="xs" color="fg.muted" bg="bg" px="2" py="0.5" rounded="l1">
          {t('nodeMap.noTiles')}
        </Text>
      )}
    </Box>
  );
}
