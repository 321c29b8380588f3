import type { ApiErrorBody } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { NodeHealthResponse, NodeMapResponse } from '../node-map/types';
import { nodeHealthFixture, nodeMapFixture } from './node-map-fixtures';

const internalError = () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 });

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

/**
 * MSW handlers of issue 33's map and node health (contract-33), typed against their answers. The
 * map's answer ignores the scope's query: a story picks the answer it shows.
 */
export const nodeMapHandlers = {
  map: (answer: NodeMapResponse = nodeMapFixture) => [http.get('/api/sense/mapa', () => HttpResponse.json<NodeMapResponse>(answer))],
  mapPending: () => [http.get('/api/sense/mapa', never)],
  mapError: () => [http.get('/api/sense/mapa', internalError)],
  /** Each node's health is `answer` with that node's id and name from the map fixture. */
  health: (answer: NodeHealthResponse = nodeHealthFixture) => [
    http.get<{ nodoid: string }>('/api/sense/nodos/:nodoid/salud', ({ params }) => {
      const nodoid = Number(params.nodoid);
      const node = nodeMapFixture.nodos.find((candidate) => candidate.nodoid === nodoid);
      return HttpResponse.json<NodeHealthResponse>({ ...answer, nodoid, nodo: node?.nodo ?? answer.nodo, deveui: node?.deveui ?? answer.deveui });
    }),
  ],
  healthPending: () => [http.get('/api/sense/nodos/:nodoid/salud', never)],
  healthError: () => [http.get('/api/sense/nodos/:nodoid/salud', internalError)],
};
