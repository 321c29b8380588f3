import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMapStyleUrl, useNodeMap } from '@camposense/data-access';
import type { NodeMapResponse, NodeMapScope } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { EmptyState, QueryState } from '@camposense/ui';
import { List, Map as MapIcon, MapPinOff } from 'lucide-react';
import { Component, lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import type { StyleSpecification } from 'react-map-gl/maplibre';
import { FallbackNodeMap } from './fallback-node-map';
import type { NodeMapRendererProps } from './fallback-node-map';
import { NodeCard } from './node-card';
import { NodeHealthPanel } from './node-health-panel';
import { NodeList } from './node-list';
import { NODE_STATES, STATE_LOOK } from './node-state-badge';
import { supportsWebGL } from './webgl';

// MapLibre and its worker are their own chunk: the fallback map and the list never load them.
const MapLibreNodeMap = lazy(() => import('./maplibre-node-map'));

/** Which map draws: `auto` picks MapLibre where WebGL works, else the fallback. */
export type NodeMapRenderer = 'auto' | 'webgl' | 'fallback';

export interface NodeMapViewProps {
  scope: NodeMapScope;
  /** Opens a node's charts (the dashboard's node view). */
  onOpenCharts: (nodoid: number) => void;
  /** @default 'auto' */
  renderer?: NodeMapRenderer;
  /** A style instead of `MAP_STYLE_URL` / OpenStreetMap (stories: one with no sources, so nothing is fetched). @default none */
  mapStyle?: StyleSpecification;
  /** Starts on the list instead of the map. @default false */
  initialList?: boolean;
  /** A node whose card is open at the start (stories). @default none */
  initialSelectedId?: number | null;
}

/** A MapLibre map that cannot start (a WebGL context refused after all) gives way to the fallback. */
class WebGLBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function MapRenderer({ renderer, mapStyle, ...props }: NodeMapRendererProps & { renderer: NodeMapRenderer; mapStyle: StyleSpecification | undefined }) {
  const styleUrl = useMapStyleUrl();
  const webgl = renderer === 'webgl' || (renderer === 'auto' && supportsWebGL());
  const fallback = <FallbackNodeMap {...props} />;
  if (!webgl) return fallback;
  return (
    <WebGLBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <MapLibreNodeMap {...props} mapStyle={mapStyle ?? styleUrl} />
      </Suspense>
    </WebGLBoundary>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <HStack gap="3" wrap="wrap" fontSize="xs" aria-label={t('nodeMap.legend')} role="list">
      {NODE_STATES.map((state) => (
        <HStack key={state} gap="1" role="listitem" color={`${STATE_LOOK[state].palette}.fg`}>
          {STATE_LOOK[state].icon()}
          <Text>{t(`nodeMap.state.${state}`)}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

/**
 * The dashboard's map (issue 33, item 1): the scope's nodes as markers coloured by state, clustered
 * when dense; a marker opens the node's card (last values, ways to its charts and its health); a
 * toggle shows the same nodes as a table; nodes without coordinates are counted, not hidden.
 */
export function NodeMapView({ scope, onOpenCharts, renderer = 'auto', mapStyle, initialList = false, initialSelectedId = null }: NodeMapViewProps) {
  const { t } = useTranslation();
  const map = useNodeMap(scope);
  const [list, setList] = useState(initialList);
  const [selectedId, setSelectedId] = useState<number | null>(initialSelectedId);
  const [healthId, setHealthId] = useState<number | null>(null);

  const content = (data: NodeMapResponse) => {
    if (data.nodos.length === 0) {
      return (
        <EmptyState
          title={t('nodeMap.allUnplaced', { count: data.sinCoordenadas })}
          description={t('nodeMap.allUnplacedDescription')}
          icon={<MapPinOff aria-hidden />}
        />
      );
    }
    const selected = data.nodos.find((node) => node.nodoid === selectedId);
    return (
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Legend />
          <Button size="xs" variant="outline" onClick={() => setList(!list)} aria-pressed={list}>
            {list ? <MapIcon aria-hidden /> : <List aria-hidden />}
            {list ? t('nodeMap.showMap') : t('nodeMap.showList')}
          </Button>
        </HStack>
        {data.sinCoordenadas > 0 && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator>
              <MapPinOff aria-hidden />
            </Alert.Indicator>
            <Alert.Description>{t('nodeMap.unplaced', { count: data.sinCoordenadas })}</Alert.Description>
          </Alert.Root>
        )}
        <Box position="relative">
          {list ? (
            <NodeList nodes={data.nodos} selectedId={selectedId} onSelect={setSelectedId} />
          ) : (
            <MapRenderer renderer={renderer} mapStyle={mapStyle} nodes={data.nodos} selectedId={selectedId} onSelect={setSelectedId} />
          )}
          {selected && (
            <Box position={list ? 'static' : 'absolute'} top="2" left="2" zIndex="2" mt={list ? '3' : undefined}>
              <NodeCard node={selected} onOpenCharts={onOpenCharts} onOpenHealth={setHealthId} onClose={() => setSelectedId(null)} />
            </Box>
          )}
        </Box>
        {healthId !== null && <NodeHealthPanel nodoId={healthId} onClose={() => setHealthId(null)} />}
      </Stack>
    );
  };

  return (
    <QueryState
      query={map}
      loadingLabel={t('nodeMap.loading')}
      errorMessage={t('nodeMap.error')}
      empty={{ when: (data) => data.nodos.length === 0 && data.sinCoordenadas === 0, title: t('nodeMap.empty'), description: t('nodeMap.emptyDescription'), icon: <MapIcon aria-hidden /> }}
    >
      {content}
    </QueryState>
  );
}
