import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import type { MetricaRow } from '../places/types';
import { metricKeys, metricPaths } from './keys';

export function useMetricas() {
  return useSWR<MetricaRow[]>(metricKeys.list(), () => apiFetcher(metricPaths.list()));
}
