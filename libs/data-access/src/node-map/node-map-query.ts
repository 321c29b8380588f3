import useSWR from 'swr';
import { apiFetcher } from '../client/api-client';
import { nodeMapKeys, nodeMapPaths } from './keys';
import type { NodeMapScope } from './keys';
import type { NodeHealthResponse, NodeMapResponse } from './types';

/** The scope's nodes with coordinates, their state and last values (GET /api/sense/mapa). */
export function useNodeMap(scope: NodeMapScope) {
  return useSWR<NodeMapResponse>(nodeMapKeys.map(scope), ([, , key]: readonly [string, string, NodeMapScope]) => apiFetcher(nodeMapPaths.map(key)));
}

/** A node's radio health over the last 7 days (GET /api/sense/nodos/:nodoid/salud); null asks nothing. */
export function useNodeHealth(nodoId: number | null) {
  return useSWR<NodeHealthResponse>(nodeMapKeys.health(nodoId), ([, , id]: readonly [string, string, number]) => apiFetcher(nodeMapPaths.health(id)));
}
