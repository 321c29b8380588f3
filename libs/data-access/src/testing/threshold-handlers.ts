import type {
  ApiErrorBody,
  MeResponse,
  UmbralAuditEntry,
  UmbralPerfilesBody,
  UmbralPerfilesResponse,
  UmbralPreviewResponse,
  UmbralScopeResponse,
  SeriesResponse,
} from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { seriesFixture } from './dashboard-fixtures';
import { adminUser, operatorUser } from './fixtures';
import type { CriticidadOption, PerfilOption } from '../thresholds/types';
import {
  thresholdChangesFixture,
  thresholdCriticidadesFixture,
  thresholdHistoryFixture,
  thresholdPerfilesFixture,
  thresholdPreviewFixture,
  thresholdScopeFixture,
} from './threshold-fixtures';

const internalError = () =>
  HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 });

const preconditionFailed = () =>
  HttpResponse.json<ApiErrorBody>(
    { error: { code: 'PRECONDITION_FAILED', message: 'La fila cambió desde que la leyó: vuelva a cargarla antes de guardar' } },
    { status: 412 },
  );

/** The stored version of a threshold in the stories: one tag until a save changes it. */
const STORY_ETAG = '"story-v1"';

function storedUmbral(scope: UmbralScopeResponse, umbralId: number) {
  for (const location of scope.ubicaciones)
    for (const node of location.nodos)
      for (const probe of node.sondas)
        for (const metric of probe.metricas) {
          const found = metric.umbrales.find((umbral) => umbral.umbralid === umbralId);
          if (found) return { umbralid: found.umbralid, umbral: found.umbral, minimo: found.minimo, maximo: found.maximo, criticidadid: found.criticidadid, statusid: found.statusid };
        }
  return null;
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json([]);
};

/**
 * MSW handlers of the thresholds tab, typed against the API's shapes. Handlers given to one
 * `msw.use` call match in order: put an override (`scopeLoading`, `previewLoading`) before
 * `loaded()`.
 */
export const thresholdHandlers = {
  loaded: ({ rol = 'admin', scope = thresholdScopeFixture }: { rol?: 'admin' | 'user'; scope?: UmbralScopeResponse } = {}) => [
    http.get('/api/auth/me', () => HttpResponse.json<MeResponse>({ user: rol === 'admin' ? adminUser : operatorUser })),
    http.get('/api/sense/umbrales/cambios', () => HttpResponse.json<UmbralAuditEntry[]>(thresholdChangesFixture)),
    http.get('/api/sense/umbrales', () => HttpResponse.json<UmbralScopeResponse>(scope)),
    http.get('/api/sense/umbral/:id/historial', ({ params }) =>
      HttpResponse.json<UmbralAuditEntry[]>(thresholdHistoryFixture.filter((entry) => entry.umbralid === Number(params['id'])))),
    http.get('/api/sense/umbral/:id/preview', ({ params, request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json<UmbralPreviewResponse>(
        thresholdPreviewFixture(Number(params['id']), Number(query.get('minimo')), Number(query.get('maximo')), Number(query.get('days') ?? 7)),
      );
    }),
    http.get('/api/sense/series', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json<SeriesResponse>(
        seriesFixture({
          metricaId: Number(query.get('metricaId')),
          start: new Date(query.get('startDate')!),
          end: new Date(query.get('endDate')!),
          maxPoints: Number(query.get('maxPoints') ?? 800),
        }),
      );
    }),
    http.get('/api/sense/criticidad', () => HttpResponse.json<CriticidadOption[]>(thresholdCriticidadesFixture)),
    http.get('/api/sense/perfil', () => HttpResponse.json<PerfilOption[]>(thresholdPerfilesFixture)),
    http.put('/api/sense/umbral/:id/perfiles', async ({ params, request }) => {
      const body = (await request.json()) as UmbralPerfilesBody;
      return HttpResponse.json<UmbralPerfilesResponse>({
        umbralid: Number(params['id']),
        perfiles: thresholdPerfilesFixture
          .filter((row) => body.perfilids.includes(row.perfilid))
          .map((row) => ({ perfilid: row.perfilid, perfil: row.perfil })),
      });
    }),
    http.get('/api/sense/umbral/:id', ({ params }) => {
      const row = storedUmbral(scope, Number(params['id']));
      return row ? HttpResponse.json(row, { headers: { ETag: STORY_ETAG } }) : HttpResponse.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
    }),
    // As the API does: a write based on another version than the stored one is refused.
    http.put('/api/sense/umbral/:id', async ({ params, request }) => {
      const ifMatch = request.headers.get('If-Match');
      if (ifMatch !== null && ifMatch !== STORY_ETAG) return preconditionFailed();
      return HttpResponse.json({ umbralid: Number(params['id']), ...((await request.json()) as object) });
    }),
    http.post('/api/sense/umbral', async ({ request }) =>
      HttpResponse.json({ umbralid: 2001, ...((await request.json()) as object) }, { status: 201 })),
  ],
  scopeLoading: () => [http.get('/api/sense/umbrales', never)],
  scopeError: () => [http.get('/api/sense/umbrales', internalError)],
  /** Someone else saved the threshold after the panel read it. */
  staleWrite: () => [http.put('/api/sense/umbral/:id', preconditionFailed)],
  previewLoading: () => [http.get('/api/sense/umbral/:id/preview', never), http.get('/api/sense/series', never)],
};
