import { Box, Text } from '@chakra-ui/react';
import type { NodeMapNode } from '@camposense/data-access';
import { localeOf, useTranslation } from '@camposense/i18n';
import { useWidth } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { boundsOf, clusterPoints, fitProjection, formatDistance, metresBetween, scaleBar, scaleBounds } from './map-geometry';
import type { Bounds } from './map-geometry';
import { MapControls } from './map-controls';
import { NodeMarker } from './node-marker';

/** The map's height in pixels, both renderers. */
export const MAP_HEIGHT = 448;

export interface NodeMapRendererProps {
  /** The nodes to place (all have coordinates). */
  nodes: readonly NodeMapNode[];
  selectedId: number | null;
  onSelect: (nodoid: number) => void;
}

/**
 * The map without WebGL (a phone or browser that has none, and every story): the nodes placed by a
 * d3-geo Mercator projection on a plain background, with a scale bar, zoom buttons and the same
 * clustered, keyboard-reachable markers as the MapLibre map. It fetches nothing and animates
 * nothing, so it draws the same picture every time.
 */
export function FallbackNodeMap({ nodes, selectedId, onSelect }: NodeMapRendererProps) {
  const { t, i18n } = useTranslation();
  const [ref, width] = useWidth<HTMLDivElement>();
  const all = useMemo(() => boundsOf(nodes), [nodes]);
  // The view chosen by zooming, kept only for the nodes it was chosen on.
  const [view, setView] = useState<{ nodes: readonly NodeMapNode[]; bounds: Bounds } | null>(null);
  const bounds = view && view.nodes === nodes ? view.bounds : all;
  const zoomTo = (next: Bounds) => setView({ nodes, bounds: next });

  const projection = useMemo(() => (width > 0 ? fitProjection(bounds, width, MAP_HEIGHT) : null), [bounds, width]);
  const clusters = useMemo(() => {
    if (!projection) return [];
    const placed = nodes
      .map((node) => ({ node, at: projection([node.longitud, node.latitud]) ?? [Number.NaN, Number.NaN] }))
      .filter(({ at: [x, y] }) => x >= 0 && x <= width && y >= 0 && y <= MAP_HEIGHT);
    return clusterPoints(placed, ({ at }) => at);
  }, [nodes, projection, width]);
  const bar = projection ? scaleBar(metresBetween(projection, [0, MAP_HEIGHT / 2], [100, MAP_HEIGHT / 2]) / 100) : null;

  return (
    <Box ref={ref} position="relative" h={`${MAP_HEIGHT}px`} w="full" overflow="hidden" bg="bg.muted" rounded="l2" borderWidth="1px" role="group" aria-label={t('nodeMap.mapLabel')}>
      {clusters.map(({ members, x, y }) => (
        <Box key={members.map(({ node }) => node.nodoid).join('-')} position="absolute" left={`${x}px`} top={`${y}px`} transform="translate(-50%, -50%)">
          <NodeMarker
            nodes={members.map(({ node }) => node)}
            selected={members.length === 1 && members[0]?.node.nodoid === selectedId}
            onActivate={() => {
              const first = members[0];
              if (members.length === 1 && first) onSelect(first.node.nodoid);
              else zoomTo(boundsOf(members.map(({ node }) => node)));
            }}
          />
        </Box>
      ))}
      <MapControls onZoomIn={() => zoomTo(scaleBounds(bounds, 0.5))} onZoomOut={() => zoomTo(scaleBounds(bounds, 2))} onReset={() => setView(null)} />
      {bar && (
        <Box position="absolute" left="3" bottom="3" aria-label={t('nodeMap.scale', { distance: formatDistance(bar.metres, localeOf(i18n.language)) })} role="img">
          <Text fontSize="xs" color="fg.muted" mb="0.5" aria-hidden>
            {formatDistance(bar.metres, localeOf(i18n.language))}
          </Text>
          <Box w={`${bar.pixels}px`} h="1.5" borderWidth="0 2px 2px 2px" borderColor="fg.muted" />
        </Box>
      )}
    </Box>
  );
}
