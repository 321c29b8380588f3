import { Badge, Box, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useSeries } from '@camposense/data-access';
import type { MetricaRow, SeriesRequest } from '@camposense/data-access';
import type { OpenEpisode, SeriesResponse } from '@camposense/domain';
import { formatDateTime, localeOf, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import type { Translate } from '@camposense/i18n';
import { Panel, QueryState, SeriesChart } from '@camposense/ui';
import type { ChartBucket, ChartComparison, ChartEpisode, ChartRange, ChartThreshold, ChartTone } from '@camposense/ui';
import { useEffect, useMemo, useState } from 'react';
import { FilterSelect } from '../shared/filter-select';

/** Colour of each demo metric's chart; another metric gets teal. */
export function toneOf(metric: Pick<MetricaRow, 'metrica'>): ChartTone {
  const name = metric.metrica
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (name.startsWith('temp')) return 'orange';
  if (name.startsWith('hum')) return 'blue';
  if (name.startsWith('electro')) return 'purple';
  return 'teal';
}

/** What one chart needs from a series answer. */
function chartProps(series: SeriesResponse, highlightUmbralId: number | null = null) {
  const buckets = bucketsOf(series);
  const thresholds: ChartThreshold[] = series.thresholds.map((threshold) => ({
    minimo: threshold.minimo,
    maximo: threshold.maximo,
    label: threshold.criticidad,
    severity: threshold.grado,
    // The chart's accent band (solid edges over the others) picks out the alert's threshold.
    ...(threshold.umbralid === highlightUmbralId ? { variant: 'edited' as const } : {}),
  }));
  return { buckets, thresholds, start: new Date(series.start), end: new Date(series.end), bucketSeconds: series.bucketSeconds };
}

export interface MetricChartCardProps {
  metric: MetricaRow;
  /** The series to draw; the card asks for it and keeps it fresh. */
  request: Omit<SeriesRequest, 'metricaId'>;
  /**
   * The scope's open episodes of this metric, and its no-data episodes: marked on the chart from
   * their start and listed above it. @default []
   */
  episodes?: readonly OpenEpisode[];
  /** Nodes whose same metric can be drawn beside the chosen node's; none: no compare select. @default [] */
  compareCandidates?: readonly { nodoid: number; nodo: string }[];
  /** The chosen node's name, for the legend when comparing. @default the metric's name */
  seriesLabel?: string;
  /** IANA zone the chart's times are written in. @default the console's display zone (the farm's, or the browser's by the setting) */
  timeZone?: string;
  /** A threshold to pick out among the chart's bands (an alert's). @default null */
  highlightUmbralId?: number | null;
}

/** The request of a zoomed range: the same scope and budget over the brushed span, so its buckets are finer. */
function zoomedRequest(request: SeriesRequest, zoom: ChartRange | null): SeriesRequest | null {
  return zoom ? { ...request, startDate: zoom.start.toISOString(), endDate: zoom.end.toISOString() } : null;
}

/** The same request for another node. */
function compareRequest(request: SeriesRequest | null, nodoId: number | null): SeriesRequest | null {
  return request && nodoId !== null ? { ...request, nodoId, ubicacionId: null } : null;
}

/** Just the buckets of an answer, as a chart draws them. */
function bucketsOf(series: SeriesResponse): ChartBucket[] {
  return series.buckets.map((bucket) => ({ ...bucket, t: new Date(bucket.t) }));
}

/** The episodes of a chart: its metric's threshold episodes, and every no-data one of the scope. */
export function episodesOfMetric(episodes: readonly OpenEpisode[], metricaid: number): OpenEpisode[] {
  return episodes.filter((episode) => episode.tipo === 'sindatos' || episode.metricaid === metricaid);
}

/** One metric's chart card: title with unit, the d3 chart, its loading and error states. */
export function MetricChartCard({ metric, request, episodes = [], compareCandidates = [], seriesLabel, timeZone: timeZoneProp, highlightUmbralId = null }: MetricChartCardProps) {
  const { t, i18n } = useTranslation();
  const display = useDisplayTimeZone();
  const timeZone = timeZoneProp ?? display.timeZone;
  // The zone in the request too: a long range's daily buckets start at its midnights, under the axis's days.
  const full = useMemo(() => ({ ...request, metricaId: metric.metricaid, timeZone }), [request, metric.metricaid, timeZone]);
  const { data, error, isLoading, mutate } = useSeries(full);
  // Zoomed into a span, the card asks for that span: a year zoomed into a week reads hour by hour.
  // Until the finer answer comes, the chart rescales what it has.
  const [zoom, setZoom] = useState<ChartRange | null>(null);
  const rangeKey = `${request.nodoId ?? `u${request.ubicacionId}`}|${request.startDate}|${request.endDate}`;
  useEffect(() => setZoom(null), [rangeKey]);
  const detailRequest = useMemo(() => zoomedRequest(full, zoom), [full, zoom]);
  const detail = useSeries(detailRequest);
  const [compareId, setCompareId] = useState<number | null>(null);
  const compared = compareCandidates.find((node) => node.nodoid === compareId) ?? null;
  const compareWhole = useSeries(useMemo(() => compareRequest(full, compared?.nodoid ?? null), [full, compared]));
  const compareDetail = useSeries(useMemo(() => compareRequest(detailRequest, compared?.nodoid ?? null), [detailRequest, compared]));
  const props = useMemo(() => {
    if (!data) return null;
    const whole = chartProps(data, highlightUmbralId);
    const finer = zoom && detail.data ? detail.data : null;
    return finer ? { ...whole, buckets: bucketsOf(finer), bucketSeconds: finer.bucketSeconds } : whole;
  }, [data, zoom, detail.data, highlightUmbralId]);
  const comparison = useMemo<ChartComparison | null>(() => {
    const answer = (zoom && compareDetail.data) || compareWhole.data;
    if (!compared || !answer) return null;
    return { label: compared.nodo, buckets: bucketsOf(answer), bucketSeconds: answer.bucketSeconds };
  }, [compared, zoom, compareDetail.data, compareWhole.data]);
  const marks = useMemo<ChartEpisode[]>(
    () =>
      episodes.map((episode) => {
        const since = formatDateTime(episode.fechainicio, i18n.language, { timeZone }) ?? '';
        return {
          start: new Date(episode.fechainicio),
          label: episode.tipo === 'sindatos' ? t('dashboard.chartSilent', { since }) : t('dashboard.chartEpisode', { criticidad: episode.criticidad, since }),
          acknowledged: episode.statusid === -1,
          minimo: episode.minimo,
          maximo: episode.maximo,
        };
      }),
    [episodes, t, i18n.language, timeZone],
  );
  const seriesKey = `${request.nodoId ?? `u${request.ubicacionId}`}|${request.startDate}|${request.endDate}`;

  return (
    <Panel asChild>
      <Stack as="section" aria-label={metric.metrica} gap="1">
        <Flex justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">
            {metric.metrica}
            {metric.unidad ? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                ({metric.unidad})
              </Text>
            ) : null}
          </Heading>
          {compareCandidates.length > 0 && (
            <FilterSelect
              label={t('dashboard.compareWith')}
              allLabel={t('dashboard.compareNone')}
              value={compared?.nodoid ?? null}
              options={compareCandidates.map((node) => ({ value: node.nodoid, label: node.nodo }))}
              onChange={setCompareId}
              maxW="14rem"
            />
          )}
        </Flex>
        {episodes.length > 0 && (
          <HStack as="ul" aria-label={t('dashboard.episodesLabel')} gap="1" wrap="wrap" listStyleType="none">
            {episodes.map((episode) => (
              <Badge as="li" key={episode.episodioid} size="sm" colorPalette={episode.statusid === 1 ? 'red' : 'gray'} variant="subtle">
                {episodeText(episode, t, i18n.language, timeZone)}
              </Badge>
            ))}
          </HStack>
        )}
        {/* Stale data stays on show through a failed refresh; a first answer that fails is the error. */}
        <QueryState
          query={{ data: isLoading ? undefined : (props ?? undefined), error: data ? undefined : error, isValidating: isLoading, mutate }}
          loadingLabel={t('dashboard.loadingSeries')}
          errorMessage={t('dashboard.seriesError')}
          minH="220px"
        >
          {(loaded) => (
            <SeriesChart
              key={rangeKey}
              label={metric.metrica}
              unit={metric.unidad}
              tone={toneOf(metric)}
              seriesKey={seriesKey}
              episodes={marks}
              seriesLabel={seriesLabel}
              comparison={comparison}
              timeZone={timeZone}
              onZoomChange={setZoom}
              {...loaded}
            />
          )}
        </QueryState>
      </Stack>
    </Panel>
  );
}

/** An episode in words: active or acknowledged, its criticality and start; a silence since when. */
function episodeText(episode: OpenEpisode, t: Translate, language: string, timeZone: string): string {
  const since = formatDateTime(episode.fechainicio, language, { timeZone }) ?? '';
  if (episode.tipo === 'sindatos') return t('dashboard.episodeSilent', { since });
  return t(episode.statusid === 1 ? 'dashboard.episodeActive' : 'dashboard.episodeAcknowledged', { criticidad: episode.criticidad, since });
}

export interface AnalysisPanelProps {
  metrics: readonly MetricaRow[];
  request: Omit<SeriesRequest, 'metricaId'>;
}

/**
 * The detailed analysis per metric: total readings, average, min, max, latest date and active
 * sensors, all computed by the API (the same cached series calls as the charts).
 */
export function AnalysisPanel({ metrics, request }: AnalysisPanelProps) {
  const { t } = useTranslation();
  return (
    <Panel asChild>
      <Stack as="section" aria-label={t('dashboard.analysis')} gap="2">
        <Heading as="h3" size="sm" letterSpacing="wide">
          {t('dashboard.analysis')}
        </Heading>
        <Box overflowX="auto">
          <Table.Root size="sm" variant="line">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('dashboard.metric')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.totalReadings')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.average')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.min')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.max')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.latest')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('dashboard.activeSensors')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {metrics.map((metric) => (
                <AnalysisRow key={metric.metricaid} metric={metric} request={request} />
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </Panel>
  );
}

function AnalysisRow({ metric, request }: { metric: MetricaRow; request: Omit<SeriesRequest, 'metricaId'> }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  // The chart card's request (the same key, so one call serves both).
  const full = useMemo(() => ({ ...request, metricaId: metric.metricaid, timeZone }), [request, metric.metricaid, timeZone]);
  const { data, error } = useSeries(full);
  const number = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const unit = metric.unidad ? ` ${metric.unidad}` : '';
  const none = error ? t('dashboard.notAvailable') : '…';
  const value = (figure: number | null | undefined) =>
    figure === null ? t('dashboard.notAvailable') : figure === undefined ? none : `${number.format(figure)}${unit}`;
  const stats = data?.stats;
  return (
    <Table.Row>
      <Table.Cell fontWeight="semibold">{metric.metrica}</Table.Cell>
      <Table.Cell textAlign="end">{stats ? number.format(stats.count) : none}</Table.Cell>
      <Table.Cell textAlign="end">{value(stats?.avg)}</Table.Cell>
      <Table.Cell textAlign="end">{value(stats?.min)}</Table.Cell>
      <Table.Cell textAlign="end">{value(stats?.max)}</Table.Cell>
      <Table.Cell>{stats ? (formatDateTime(stats.latest, i18n.language, { timeZone }) ?? t('dashboard.notAvailable')) : none}</Table.Cell>
      <Table.Cell textAlign="end">{stats ? number.format(stats.activeSensors) : none}</Table.Cell>
    </Table.Row>
  );
}
