import type { NodoConLocalizacion } from '@camposense/domain';
import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { nodeKeys, nodePaths } from './keys';

/** Every node with its location, asked again when a reading or an alert arrives. */
export function useNodosConLocalizacion() {
  return useSWR<NodoConLocalizacion[]>(nodeKeys.located(), () => apiFetcher(nodePaths.located()));
}
