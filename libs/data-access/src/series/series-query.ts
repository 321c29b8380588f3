import type { SeriesQuery, SeriesResponse } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { seriesKeys, seriesPath } from './keys';
import type { ThresholdSeriesRequest } from './keys';
import type { SeriesRequest } from './types';

const fetchSeries = ([, query]: readonly [string, SeriesQuery]) => apiFetcher<SeriesResponse>(seriesPath(query));

/** One metric's downsampled series (a dashboard chart), asked again when the live stream brings a reading. */
export function useSeries(request: SeriesRequest | null) {
  return useSWR<SeriesResponse>(seriesKeys.chart(request), fetchSeries);
}

/** The metric of a threshold's place over a window, for the threshold preview's chart. */
export function useThresholdSeries(request: ThresholdSeriesRequest | null) {
  return useSWR<SeriesResponse>(seriesKeys.threshold(request), fetchSeries);
}
