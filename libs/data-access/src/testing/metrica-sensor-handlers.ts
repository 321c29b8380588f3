import type { ApiErrorBody, MetricaSensorReplicateRequest, MetricaSensorTriple, PaginatedRows, ReplicateResult, TableRow } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { PathParams } from 'msw';
import {
  metricaSensorEntidadesFixture,
  metricaSensorMetricasFixture,
  metricaSensorNodosFixture,
  metricaSensorSensoresFixture,
  metricaSensorTiposFixture,
  metricaSensorTriplesFixture,
} from './metrica-sensor-fixtures';

const page = (rows: TableRow[]): PaginatedRows => ({ data: rows, pagination: { page: 1, pageSize: 1000, total: rows.length, totalPages: 1 } });

export interface MetricaSensorState {
  nodos?: TableRow[];
  sensores?: TableRow[];
  tipos?: TableRow[];
  entidades?: TableRow[];
  metricas?: TableRow[];
  triples?: MetricaSensorTriple[];
}

const TABLES = ['nodo', 'sensor', 'tipo', 'entidad', 'metrica', 'metricasensor'];

function stateOf(initial: MetricaSensorState = {}): Required<MetricaSensorState> {
  return {
    nodos: initial.nodos ?? metricaSensorNodosFixture,
    sensores: initial.sensores ?? metricaSensorSensoresFixture,
    tipos: initial.tipos ?? metricaSensorTiposFixture,
    entidades: initial.entidades ?? metricaSensorEntidadesFixture,
    metricas: initial.metricas ?? metricaSensorMetricasFixture,
    triples: [...(initial.triples ?? metricaSensorTriplesFixture)],
  };
}

/** The six lists, answered from `state` (which the write below changes, as the API would). */
function reads(state: Required<MetricaSensorState>) {
  return [
    http.get('/api/sense/nodo', () => HttpResponse.json<PaginatedRows>(page(state.nodos))),
    http.get('/api/sense/sensor', () => HttpResponse.json<PaginatedRows>(page(state.sensores))),
    http.get('/api/sense/tipo', () => HttpResponse.json<PaginatedRows>(page(state.tipos))),
    http.get('/api/sense/entidad', () => HttpResponse.json<PaginatedRows>(page(state.entidades))),
    http.get('/api/sense/metrica', () => HttpResponse.json<PaginatedRows>(page(state.metricas))),
    http.get('/api/sense/metricasensor', () => HttpResponse.json<PaginatedRows>(page(state.triples.map((triple) => ({ ...triple, statusid: 1 }))))),
  ];
}

const REPLICATE = '/api/sense/metricasensor/replicate';

/**
 * MSW handlers of the metric-sensor form (metricasensor insert and massive), typed against the
 * API's shapes. List them before the generic table handlers: they answer the six tables it reads.
 */
export const metricaSensorHandlers = {
  /** The lists answer; the replicate call writes like the API (all or none) and changes what the lists answer next. */
  working: (initial?: MetricaSensorState) => {
    const state = stateOf(initial);
    return [
      ...reads(state),
      http.post<PathParams, MetricaSensorReplicateRequest, ReplicateResult<MetricaSensorTriple> | ApiErrorBody>(REPLICATE, async ({ request }) => {
        const { nodoids, tipoid, metricaids } = await request.json();
        if (nodoids.some((nodoid) => !state.sensores.some((row) => row['nodoid'] === nodoid && row['tipoid'] === tipoid)))
          return HttpResponse.json<ApiErrorBody>(
            { error: { code: 'FOREIGN_KEY', message: 'Un registro referenciado no existe', details: [{ field: 'nodoid', rule: 'foreignKey' }] } },
            { status: 409 },
          );
        const result: ReplicateResult<MetricaSensorTriple> = { created: [], skipped: [] };
        for (const nodoid of nodoids)
          for (const metricaid of metricaids) {
            const triple = { nodoid, tipoid, metricaid };
            const held = state.triples.some((row) => row.nodoid === nodoid && row.tipoid === tipoid && row.metricaid === metricaid);
            (held ? result.skipped : result.created).push(triple);
          }
        state.triples.push(...result.created);
        return HttpResponse.json<ReplicateResult<MetricaSensorTriple>>(result);
      }),
    ];
  },
  /** The replicate call fails on the server (500): nothing is written. */
  failing: (initial?: MetricaSensorState) => [
    ...reads(stateOf(initial)),
    http.post(REPLICATE, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 })),
  ],
  /** 409 FOREIGN_KEY: a chosen node lost its probe meanwhile; nothing is written. */
  conflict: (initial?: MetricaSensorState) => [
    ...reads(stateOf(initial)),
    http.post(REPLICATE, () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'FOREIGN_KEY', message: 'Un registro referenciado no existe', details: [{ field: 'nodoid', rule: 'foreignKey' }] } },
        { status: 409 },
      ),
    ),
  ],
  /** The replicate call never answers: the form stays busy. */
  slow: (initial?: MetricaSensorState) => [...reads(stateOf(initial)), http.post(REPLICATE, () => delay('infinite'))],
  /** The lists fail. */
  error: () =>
    TABLES.map((table) =>
      http.get(`/api/sense/${table}`, () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 })),
    ),
  /** The lists never answer. */
  loading: () => TABLES.map((table) => http.get(`/api/sense/${table}`, () => delay('infinite'))),
};
