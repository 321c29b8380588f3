import type { NodoConLocalizacion } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { loadingOnlyWithoutData } from '../client/loaded';
import { nodeKeys, nodePaths } from './keys';

/**
 * Every node with its location, asked again when a reading or an alert arrives; drawn at once when
 * the dashboard's read-ahead brought it (dashboard-read-ahead.ts).
 */
export function useNodosConLocalizacion() {
  return loadingOnlyWithoutData(useSWR<NodoConLocalizacion[]>(nodeKeys.located(), () => apiFetcher(nodePaths.located())));
}
