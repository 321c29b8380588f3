import type { ApiErrorBody, PaginatedRows, TableRow, UmbralMassiveRequest, UmbralMassiveResult, UmbralScopeResponse } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { PathParams } from 'msw';
import {
  umbralMassiveCriticidadesFixture,
  umbralMassiveEntidadesFixture,
  umbralMassiveFundosFixture,
  umbralMassiveScopeFixture,
  umbralMassiveTiposFixture,
} from './umbral-massive-fixtures';

const page = (rows: TableRow[]): PaginatedRows => ({ data: rows, pagination: { page: 1, pageSize: 1000, total: rows.length, totalPages: 1 } });
const internalError = () => HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 });
const LISTS = ['fundo', 'tipo', 'entidad', 'criticidad'];
const MASSIVE = '/api/sense/umbral/massive';

function lists() {
  return [
    http.get('/api/sense/fundo', () => HttpResponse.json<PaginatedRows>(page(umbralMassiveFundosFixture))),
    http.get('/api/sense/tipo', () => HttpResponse.json<PaginatedRows>(page(umbralMassiveTiposFixture))),
    http.get('/api/sense/entidad', () => HttpResponse.json<PaginatedRows>(page(umbralMassiveEntidadesFixture))),
    http.get('/api/sense/criticidad', () => HttpResponse.json<PaginatedRows>(page(umbralMassiveCriticidadesFixture))),
  ];
}

/** Fundo San José answers the fixture's scope (as saved so far); any other farm has no probes. */
function scopeReads(scope: UmbralScopeResponse) {
  return [
    http.get('/api/sense/umbrales', ({ request }) =>
      HttpResponse.json<UmbralScopeResponse>(
        new URL(request.url).searchParams.get('fundoId') === '1' ? scope : { ubicaciones: [], totals: { umbrales: 0, sinUmbral: 0 } },
      ),
    ),
  ];
}

/** A massive save as the API does it: each row replaces the active band of its place and level, or creates one. */
function saveInto(scope: UmbralScopeResponse, request: UmbralMassiveRequest): UmbralMassiveResult {
  const result: UmbralMassiveResult = { created: 0, replaced: 0, dryRun: request.dryRun ?? false };
  let nextId = 5000;
  for (const row of request.rows) {
    const metric = scope.ubicaciones
      .find((location) => location.ubicacionid === row.ubicacionid)
      ?.nodos.find((node) => node.nodoid === row.nodoid)
      ?.sondas.find((probe) => probe.tipoid === row.tipoid)
      ?.metricas.find((candidate) => candidate.metricaid === row.metricaid);
    if (!metric) continue;
    const held = metric.umbrales.find((umbral) => umbral.statusid === 1 && umbral.criticidadid === row.criticidadid);
    if (held) result.replaced += 1;
    else result.created += 1;
    if (result.dryRun) continue;
    if (held) Object.assign(held, { minimo: row.minimo, maximo: row.maximo });
    else {
      const level = umbralMassiveCriticidadesFixture.find((candidate) => candidate['criticidadid'] === row.criticidadid)!;
      metric.umbrales.push({
        umbralid: (nextId += 1),
        umbral: `${metric.metrica} · ${String(level['criticidad'])}`,
        minimo: row.minimo,
        maximo: row.maximo,
        criticidadid: row.criticidadid,
        criticidad: String(level['criticidad']),
        grado: Number(level['grado']),
        statusid: 1,
        perfiles: [],
      });
    }
  }
  return result;
}

/**
 * MSW handlers of the threshold massive form (umbral massive), typed against the API's shapes.
 * List them before the generic table handlers: they answer the four lists it reads.
 */
export const umbralMassiveHandlers = {
  /** The lists and scope answer; a save writes into this story's copy of the scope, which the grid reads next. */
  working: () => {
    const scope = structuredClone(umbralMassiveScopeFixture);
    return [
      ...lists(),
      ...scopeReads(scope),
      http.post<PathParams, UmbralMassiveRequest, UmbralMassiveResult>(MASSIVE, async ({ request }) =>
        HttpResponse.json<UmbralMassiveResult>(saveInto(scope, await request.json())),
      ),
    ];
  },
  /** The save fails on the server (500): nothing is written. */
  failing: () => [...lists(), ...scopeReads(umbralMassiveScopeFixture), http.post(MASSIVE, internalError)],
  /** 409 FOREIGN_KEY: a place or level went away meanwhile; nothing is written. */
  conflict: () => [
    ...lists(),
    ...scopeReads(umbralMassiveScopeFixture),
    http.post(MASSIVE, () =>
      HttpResponse.json<ApiErrorBody>(
        { error: { code: 'FOREIGN_KEY', message: 'Un registro referenciado no existe', details: [{ field: 'rows/0/nodoid', rule: 'foreignKey' }] } },
        { status: 409 },
      ),
    ),
  ],
  /** The save never answers: the form stays busy. */
  slow: () => [...lists(), ...scopeReads(umbralMassiveScopeFixture), http.post(MASSIVE, () => delay('infinite'))],
  /** The farm's probes never answer. */
  scopeLoading: () => [...lists(), http.get('/api/sense/umbrales', () => delay('infinite'))],
  /** The farm's probes fail. */
  scopeError: () => [...lists(), http.get('/api/sense/umbrales', internalError)],
  /** No active farm exists yet: nothing to set thresholds on. */
  noFundos: () => [http.get('/api/sense/fundo', () => HttpResponse.json<PaginatedRows>(page([]))), ...lists()],
  /** The lists fail. */
  error: () => LISTS.map((table) => http.get(`/api/sense/${table}`, internalError)),
  /** The lists never answer. */
  loading: () => LISTS.map((table) => http.get(`/api/sense/${table}`, () => delay('infinite'))),
};
