import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useThresholdPreview, useThresholdSeries } from '@camposense/data-access';
import type { ChartThreshold } from '@camposense/ui';
import { ErrorBox, SeriesChart } from '@camposense/ui';
import { useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import type { UmbralPreviewCount } from '@camposense/domain';
import { UMBRAL_PREVIEW_DEFAULT_DAYS } from '@camposense/domain';
import { useEffect, useMemo, useState } from 'react';
import type { ThresholdPlace } from './threshold-place';

const DAY_MS = 86_400_000;
/** About the panel's chart width in pixels: the API downsamples to it. */
const PREVIEW_POINTS = 360;
/** Typing a limit asks again only after this pause. */
const PREVIEW_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface ThresholdPreviewProps {
  place: ThresholdPlace;
  /** The saved threshold; absent while creating one. */
  current?: { umbralid: number; minimo: number; maximo: number; grado: number; criticidad: string } | undefined;
  /** The band as edited; null while a limit is missing or the band is inverted. */
  edited: { minimo: number; maximo: number } | null;
  /** The grado the edited band would have. @default 3 */
  editedSeverity?: number;
}

function Count({ label, count, total, tone }: { label: string; count: UmbralPreviewCount; total: number; tone: string }) {
  const { t } = useTranslation();
  const figures = { readings: t('thresholds.preview.readings', { count: count.readings }), episodes: t('thresholds.preview.episodes', { count: count.episodes }) };
  return (
    <Stack gap="0" flex="1" borderLeftWidth="3px" borderColor={tone} ps="3" aria-label={t('thresholds.preview.countsAria', { band: label, ...figures })} role="group">
      <Text fontSize="xs" color="fg.muted" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="semibold" data-testid="preview-count">
        {t('thresholds.preview.counts', figures)}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {t('thresholds.preview.of', { count: total })}
      </Text>
    </Stack>
  );
}

/**
 * The last 7 days of the threshold's metric with the saved band and the edited one drawn over it,
 * and how many readings and episodes each band would have alerted (counted by the API in SQL).
 */
export function ThresholdPreview({ place, current, edited, editedSeverity = 3 }: ThresholdPreviewProps) {
  const { t } = useTranslation();
  // The farm's zone (or the browser's, by the setting), named under the axis like the dashboard's charts.
  const { timeZone } = useDisplayTimeZone();
  const days = UMBRAL_PREVIEW_DEFAULT_DAYS;
  // One window per panel: a fixed end keeps the chart's key, and so its cache, stable.
  const window = useMemo(() => {
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    return { start: new Date(end.getTime() - days * DAY_MS), end };
  }, [days]);
  const series = useThresholdSeries({
    nodoId: place.nodoid,
    tipoId: place.tipoid,
    metricaId: place.metricaid,
    startDate: window.start.toISOString(),
    endDate: window.end.toISOString(),
    maxPoints: PREVIEW_POINTS,
  });
  const band = useDebounced(edited, PREVIEW_DEBOUNCE_MS);
  const preview = useThresholdPreview(current && band ? { umbralId: current.umbralid, minimo: band.minimo, maximo: band.maximo, days } : null);

  const bands: ChartThreshold[] = [];
  if (current) bands.push({ minimo: current.minimo, maximo: current.maximo, label: t('thresholds.preview.legendCurrent'), severity: current.grado });
  if (edited) bands.push({ minimo: edited.minimo, maximo: edited.maximo, label: t('thresholds.preview.legendEdited'), severity: editedSeverity, variant: 'edited' });

  const chartLabel = t('thresholds.preview.chartLabel', { metrica: place.metrica, nodo: place.nodo, count: days });
  const busy = series.isLoading || preview.isLoading || preview.isValidating;

  return (
    <Stack gap="3" aria-busy={busy}>
      <Text fontWeight="semibold" fontSize="sm">
        {t('thresholds.preview.title', { count: days })}
      </Text>
      {series.error ? (
        <ErrorBox message={t('thresholds.preview.error')} />
      ) : series.data ? (
        <SeriesChart
          label={chartLabel}
          unit={place.unidad}
          buckets={series.data.buckets.map((bucket) => ({ ...bucket, t: new Date(bucket.t) }))}
          bucketSeconds={series.data.bucketSeconds}
          start={new Date(series.data.start)}
          end={new Date(series.data.end)}
          thresholds={bands}
          height={180}
          tone="teal"
          timeZone={timeZone}
        />
      ) : (
        <Skeleton height="180px" borderRadius="md" role="status" aria-label={t('thresholds.preview.loading')} />
      )}
      {current ? (
        preview.error ? (
          <ErrorBox message={t('thresholds.preview.error')} />
        ) : preview.data ? (
          <HStack align="stretch" gap="4">
            <Count label={t('thresholds.preview.current')} count={preview.data.current} total={preview.data.total} tone="orange.solid" />
            <Count label={t('thresholds.preview.edited')} count={preview.data.edited} total={preview.data.total} tone="blue.solid" />
          </HStack>
        ) : (
          <Box role="status">
            <Text fontSize="sm" color="fg.muted">
              {t('thresholds.preview.loading')}
            </Text>
          </Box>
        )
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('thresholds.preview.createNote')}
        </Text>
      )}
    </Stack>
  );
}
