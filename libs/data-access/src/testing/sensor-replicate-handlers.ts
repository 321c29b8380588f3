import type { ApiErrorBody, PaginatedRows, ReplicateResult, SensorPair, SensorReplicateRequest, TableRow } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import {
  replicateEntidadesFixture,
  replicateLocalizacionesFixture,
  replicateNodosFixture,
  replicateSensorsFixture,
  replicateTiposFixture,
  replicateUbicacionesFixture,
} from './sensor-replicate-fixtures';

const page = (rows: TableRow[]): PaginatedRows => ({ data: rows, pagination: { page: 1, pageSize: 1000, total: rows.length, totalPages: 1 } });

interface ReplicateState {
  nodos?: TableRow[];
  tipos?: TableRow[];
  entidades?: TableRow[];
  ubicaciones?: TableRow[];
  localizaciones?: TableRow[];
  sensors?: SensorPair[];
}

const TABLES = ['nodo', 'tipo', 'entidad', 'ubicacion', 'localizacion', 'sensor'] as const;

/** The lists, answered from `state` (which a replicate below changes, as the API would). */
function reads(state: Required<ReplicateState>) {
  return [
    http.get('/api/sense/nodo', () => HttpResponse.json<PaginatedRows>(page(state.nodos))),
    http.get('/api/sense/tipo', () => HttpResponse.json<PaginatedRows>(page(state.tipos))),
    http.get('/api/sense/entidad', () => HttpResponse.json<PaginatedRows>(page(state.entidades))),
    http.get('/api/sense/ubicacion', () => HttpResponse.json<PaginatedRows>(page(state.ubicaciones))),
    http.get('/api/sense/localizacion', () => HttpResponse.json<PaginatedRows>(page(state.localizaciones))),
    http.get('/api/sense/sensor', () => HttpResponse.json<PaginatedRows>(page(state.sensors.map((pair) => ({ ...pair, statusid: 1 }))))),
  ];
}

function stateOf(initial: ReplicateState = {}): Required<ReplicateState> {
  return {
    nodos: initial.nodos ?? replicateNodosFixture,
    tipos: initial.tipos ?? replicateTiposFixture,
    entidades: initial.entidades ?? replicateEntidadesFixture,
    ubicaciones: initial.ubicaciones ?? replicateUbicacionesFixture,
    localizaciones: initial.localizaciones ?? replicateLocalizacionesFixture,
    sensors: [...(initial.sensors ?? replicateSensorsFixture)],
  };
}

const internalError = () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 });

/**
 * MSW handlers of the sensor replicate form, typed against the API's shapes. List them before the
 * generic table handlers: they answer `nodo`, `tipo`, `entidad`, `ubicacion`, `localizacion` and `sensor`.
 */
export const sensorReplicateHandlers = {
  /** The lists answer; replicate succeeds, skips the pairs held and changes what `sensor` answers next. */
  working: (initial?: ReplicateState) => {
    const state = stateOf(initial);
    return [
      ...reads(state),
      http.post('/api/sense/sensor/replicate', async ({ request }) => {
        const { nodoids, tipoids } = (await request.json()) as SensorReplicateRequest;
        const result: ReplicateResult<SensorPair> = { created: [], skipped: [] };
        for (const nodoid of [...nodoids].sort((left, right) => left - right))
          for (const tipoid of [...tipoids].sort((left, right) => left - right)) {
            const pair = { nodoid, tipoid };
            if (state.sensors.some((held) => held.nodoid === nodoid && held.tipoid === tipoid)) result.skipped.push(pair);
            else result.created.push(pair);
          }
        state.sensors.push(...result.created);
        return HttpResponse.json<ReplicateResult<SensorPair>>(result);
      }),
    ];
  },
  /** 409 FOREIGN_KEY: a chosen node or type was deleted meanwhile; nothing is written. */
  conflict: (initial?: ReplicateState) => [
    ...reads(stateOf(initial)),
    http.post('/api/sense/sensor/replicate', () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'FOREIGN_KEY', message: 'Un registro referenciado no existe', details: [{ field: 'tipoid', rule: 'foreignKey' }] } },
        { status: 409 },
      ),
    ),
  ],
  /** The replicate call answers 500: the server's words are shown. */
  serverError: (initial?: ReplicateState) => [...reads(stateOf(initial)), http.post('/api/sense/sensor/replicate', internalError)],
  /** The replicate call never answers: the form stays busy. */
  pending: (initial?: ReplicateState) => [...reads(stateOf(initial)), http.post('/api/sense/sensor/replicate', () => delay('infinite'))],
  /** The lists fail. */
  error: () => TABLES.map((table) => http.get(`/api/sense/${table}`, internalError)),
  /** The lists never answer. */
  loading: () => TABLES.map((table) => http.get(`/api/sense/${table}`, () => delay('infinite'))),
};
