import { Box, Button, ButtonGroup, Grid, Stack } from '@chakra-ui/react';
import { useConnectionStatus, useDashboardFilters, useMetricas, useNodosConLocalizacion, useOpenEpisodes, useOptionalGlobalFilters } from '@camposense/data-access';
import type { DashboardFilters, SeriesRequest } from '@camposense/data-access';
import type { NodoConLocalizacion } from '@camposense/domain';
import { useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { EmptyState, LiveIndicator, QueryState, TimeZoneNote } from '@camposense/ui';
import { Activity, ChartLine, Map as MapIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NodeHealthPanel, NodeMapView } from '../node-map';
import type { NodeMapRenderer } from '../node-map';
import { effectiveRange, rangeInstants } from './date-range';
import { AnalysisPanel, episodesOfMetric, MetricChartCard } from './metric-series';
import { NodeSelector } from './node-selector';
import { nodesInScope } from './node-scope';
import { SilentNodeNotice } from './silent-node-notice';

/** The API's cap on buckets; the budget is otherwise about one bucket per pixel of chart. */
const MAX_POINTS = 2000;

/** The charts column's width in pixels, rounded down to 100 so small resizes keep the same request. */
function useMaxPoints() {
  const ref = useRef<HTMLDivElement>(null);
  const [points, setPoints] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number) => setPoints(Math.min(MAX_POINTS, Math.max(200, Math.floor(width / 100) * 100)));
    update(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => update(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, points] as const;
}

/** Its own component: the last-heard time changes every second, the dashboard around it does not. */
function DashboardLiveIndicator() {
  const connection = useConnectionStatus();
  return <LiveIndicator state={connection.state} lastEventAt={connection.lastEventAt} />;
}

export interface DashboardViewProps {
  /** Which view shows first. @default 'charts' */
  initialView?: 'charts' | 'map';
  /** The map's renderer (stories pin the fallback). @default 'auto' */
  mapRenderer?: NodeMapRenderer;
}

/**
 * The dashboard's content under the filter bar: the charts (the node selector, one chart per
 * metric, the analysis) or the map of the scope's nodes (issue 33), one toggle between them.
 */
export default function DashboardView({ initialView = 'charts', mapRenderer = 'auto' }: DashboardViewProps) {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const nodes = useNodosConLocalizacion();
  const metricas = useMetricas();
  const global = useOptionalGlobalFilters();
  const { nodoId: selected, setNodo: setSelected } = filters;
  const [view, setView] = useState(initialView);
  // Here, not in the charts column: it stays open over a visit to the map.
  const [healthShown, setHealthShown] = useState(false);

  const paisId = global?.paisId ?? null;
  const empresaId = global?.empresaId ?? null;
  const fundoId = global?.fundoId ?? null;
  const globalScope = useMemo(() => ({ paisId, empresaId, fundoId }), [paisId, empresaId, fundoId]);
  const inScope = useMemo(
    () =>
      nodesInScope(nodes.data ?? [], globalScope, {
        fundoId: filters.fundoId,
        entidadId: filters.entidadId,
        ubicacionId: filters.ubicacionId,
      }),
    [nodes.data, globalScope, filters.fundoId, filters.entidadId, filters.ubicacionId],
  );
  // A node the filters no longer show is no longer chosen.
  useEffect(() => {
    if (selected !== null && nodes.data && !inScope.some((node) => node.nodoid === selected)) setSelected(null);
  }, [inScope, nodes.data, selected, setSelected]);

  const selectedNode = selected === null ? undefined : inScope.find((node) => node.nodoid === selected);
  // A chosen node's charts can draw another node of the scope beside it.
  const compareCandidates = useMemo(() => (selected === null ? [] : inScope.filter((node) => node.nodoid !== selected)), [inScope, selected]);

  const { startDate, endDate } = filters;
  const dateRange = useMemo(() => ({ startDate, endDate }), [startDate, endDate]);

  const mapScope = useMemo(
    () => ({ paisId, empresaId, fundoId: filters.fundoId ?? fundoId, ubicacionId: filters.ubicacionId }),
    [paisId, empresaId, fundoId, filters.fundoId, filters.ubicacionId],
  );
  const openCharts = (nodoid: number) => {
    setSelected(nodoid);
    setView('charts');
  };

  return (
    <Stack gap="3">
      <ButtonGroup size="xs" variant="outline" attached role="group" aria-label={t('nodeMap.viewLabel')} alignSelf="start">
        <Button aria-pressed={view === 'charts'} variant={view === 'charts' ? 'solid' : 'outline'} onClick={() => setView('charts')}>
          <ChartLine aria-hidden />
          {t('nodeMap.charts')}
        </Button>
        <Button aria-pressed={view === 'map'} variant={view === 'map' ? 'solid' : 'outline'} onClick={() => setView('map')}>
          <MapIcon aria-hidden />
          {t('nodeMap.map')}
        </Button>
      </ButtonGroup>
      {view === 'map' ? (
        <NodeMapView scope={mapScope} onOpenCharts={openCharts} renderer={mapRenderer} />
      ) : (
        <Grid templateColumns={{ base: '1fr', md: '18rem minmax(0, 1fr)' }} gap="3" alignItems="start">
          <NodeSelector
            nodes={inScope}
            selectedId={selected}
            onSelect={setSelected}
            loading={nodes.isLoading}
            error={Boolean(nodes.error) && !nodes.data}
            onRetry={() => void nodes.mutate()}
          />
          <ChartsColumn
            selected={selected}
            ubicacionId={filters.ubicacionId}
            umbralId={filters.umbralId}
            dateRange={dateRange}
            selectedNode={selectedNode}
            compareCandidates={compareCandidates}
            metricas={metricas}
            healthShown={healthShown}
            onHealthShown={setHealthShown}
          />
        </Grid>
      )}
    </Stack>
  );
}

interface ChartsColumnProps {
  /** The chosen node's id (the filters' nodoId), shown or not. */
  selected: number | null;
  /** The chosen location, whose series show when no node is chosen. */
  ubicacionId: number | null;
  /** The threshold picked out on the chosen node's charts (opened from an alert). */
  umbralId: number | null;
  /** The filters' days; null ends today, or starts the default range before the end. */
  dateRange: Pick<DashboardFilters, 'startDate' | 'endDate'>;
  /** The chosen node, when the scope shows it. */
  selectedNode: NodoConLocalizacion | undefined;
  compareCandidates: readonly NodoConLocalizacion[];
  metricas: ReturnType<typeof useMetricas>;
  /** Whether the chosen node's radio health is open. */
  healthShown: boolean;
  onHealthShown: (shown: boolean) => void;
}

/**
 * The charts beside the node list: its own component because it measures its width before the
 * first paint (the charts' point budget), and the re-render that measure causes must redraw this
 * column only, not the node list and the toggles (issue 30, Lighthouse TBT).
 */
function ChartsColumn({
  selected,
  ubicacionId,
  umbralId,
  dateRange,
  selectedNode,
  compareCandidates,
  metricas,
  healthShown,
  onHealthShown: setHealthShown,
}: ChartsColumnProps) {
  const { t } = useTranslation();
  const [chartsRef, maxPoints] = useMaxPoints();
  const { timeZone } = useDisplayTimeZone();
  const range = effectiveRange(dateRange, timeZone);
  const { startDate, endDate } = rangeInstants(range, timeZone);
  const request = useMemo<Omit<SeriesRequest, 'metricaId'> | null>(() => {
    if (maxPoints === 0) return null;
    if (selected !== null) return { nodoId: selected, startDate, endDate, maxPoints };
    if (ubicacionId !== null) return { ubicacionId, startDate, endDate, maxPoints };
    return null;
  }, [selected, ubicacionId, startDate, endDate, maxPoints]);
  // The charts' scope's open episodes; a failed call leaves the charts unmarked, not broken.
  const openEpisodes = useOpenEpisodes(request && (request.nodoId != null ? { nodoId: request.nodoId } : { ubicacionId: request.ubicacionId ?? null }));
  const episodes = openEpisodes.data?.episodes ?? [];
  const metrics = useMemo(
    () => (metricas.data ?? []).filter((metrica) => metrica.statusid === 1).sort((a, b) => a.metricaid - b.metricaid),
    [metricas.data],
  );

  const content = !request ? (
    <EmptyState title={t('dashboard.chooseScope')} icon={<ChartLine aria-hidden />} />
  ) : (
    <QueryState query={metricas} loadingLabel={t('dashboard.loadingSeries')} errorMessage={t('dashboard.seriesError')}>
      {() => (
        <Stack gap="3">
          {selectedNode && <SilentNodeNotice node={selectedNode} />}
          {selectedNode && (
            <Button size="xs" variant="outline" alignSelf="start" aria-expanded={healthShown} onClick={() => setHealthShown(!healthShown)}>
              <Activity aria-hidden />
              {healthShown ? t('nodeHealth.hide') : t('nodeHealth.show')}
            </Button>
          )}
          {selectedNode && healthShown && <NodeHealthPanel nodoId={selectedNode.nodoid} onClose={() => setHealthShown(false)} />}
          {/* The zone of the charts' times and of every date below, named once (issue 16). */}
          <TimeZoneNote />
          {metrics.map((metric) => (
            <MetricChartCard
              key={metric.metricaid}
              metric={metric}
              request={request}
              episodes={episodesOfMetric(episodes, metric.metricaid)}
              compareCandidates={compareCandidates}
              seriesLabel={selectedNode?.nodo}
              highlightUmbralId={selected === null ? null : umbralId}
            />
          ))}
          <AnalysisPanel metrics={metrics} request={request} />
          {/* The console's one connection state: what the header and the banner say too. */}
          <DashboardLiveIndicator />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Box ref={chartsRef} minW="0">
      {content}
    </Box>
  );
}
