import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { loadingOnlyWithoutData } from '../client/loaded';
import type { MetricaRow } from '../places/types';
import { metricKeys, metricPaths } from './keys';

/** The metrics; drawn at once when the dashboard's read-ahead brought them (nodes/dashboard-read-ahead.ts). */
export function useMetricas() {
  return loadingOnlyWithoutData(useSWR<MetricaRow[]>(metricKeys.list(), () => apiFetcher(metricPaths.list())));
}
