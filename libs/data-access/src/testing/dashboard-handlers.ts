import type { AcknowledgeEpisodeResult, ApiErrorBody, DetectResponse, NodoConLocalizacion, OpenEpisode, OpenEpisodesResponse, SeriesResponse } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { EmpresaRow, FundoRow, PaisRow } from '../places/types';
import { empresasFixture, paisesFixture } from './sense-fixtures';
import type { EntidadRow, LocalizacionRow, MetricaRow, UbicacionRow } from '../places/types';
import { dashboardFundosFixture, dashboardUbicacionesFixture, entidadesFixture, localizacionesFixture, metricasFixture, nodosFixture, openEpisodesFixture, seriesFixture } from './dashboard-fixtures';
import type { SeriesFixtureOptions } from './dashboard-fixtures';

const internalError = () =>
  HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 });

const never = async () => {
  await delay('infinite');
  return HttpResponse.json([]);
};

/**
 * MSW handlers of the dashboard's calls, typed against the API's shapes. Handlers given to one
 * `msw.use` call match in order: put an override (`seriesPending`) before `loaded()`.
 */
export const dashboardHandlers = {
  /**
   * POST /api/episodes/{id}/acknowledge answers, each request's episode and note told to `onRequest`
   * (a story checks what was sent); `pending` never answers, `error` answers 500.
   */
  acknowledgeEpisode: (onRequest: (episodioid: number, body: { nota?: string }) => void = () => undefined) => [
    http.post<{ episodioid: string }, { nota?: string }>('/api/episodes/:episodioid/acknowledge', async ({ params, request }) => {
      const episodioid = Number(params.episodioid);
      const body = await request.json();
      onRequest(episodioid, body);
      return HttpResponse.json<AcknowledgeEpisodeResult>({
        episodioid,
        tipo: 'sindatos',
        acknowledged: 0,
        reconocidopor: 1,
        fechareconocido: '2026-11-20T12:00:00.000Z',
        notareconocido: body.nota ?? null,
      });
    }),
  ],
  acknowledgeEpisodePending: () => [http.post('/api/episodes/:episodioid/acknowledge', never)],
  acknowledgeEpisodeError: () => [http.post('/api/episodes/:episodioid/acknowledge', internalError)],
  loaded: (series: Pick<SeriesFixtureOptions, 'gap' | 'withoutThresholds'> = {}) => [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/fundos', ({ request }) => {
      const empresaId = new URL(request.url).searchParams.get('empresaId');
      const rows = empresaId === null ? dashboardFundosFixture : dashboardFundosFixture.filter((row) => row.empresaid === Number(empresaId));
      return HttpResponse.json<FundoRow[]>(rows);
    }),
    http.get('/api/sense/ubicaciones', ({ request }) => {
      const fundoId = Number(new URL(request.url).searchParams.get('fundoId'));
      return HttpResponse.json<UbicacionRow[]>(dashboardUbicacionesFixture.filter((row) => row.fundoid === fundoId));
    }),
    http.get('/api/sense/entidades', () => HttpResponse.json<EntidadRow[]>(entidadesFixture)),
    http.get('/api/sense/localizaciones', () => HttpResponse.json<LocalizacionRow[]>(localizacionesFixture)),
    http.get('/api/sense/metricas', () => HttpResponse.json<MetricaRow[]>(metricasFixture)),
    http.get('/api/sense/nodos-con-localizacion', () => HttpResponse.json<NodoConLocalizacion[]>(nodosFixture)),
    // No open episode unless a story puts `episodes()` first: the charts draw no mark.
    http.get('/api/episodes', () => HttpResponse.json<OpenEpisodesResponse>({ episodes: [] })),
    http.get('/api/sense/series', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json<SeriesResponse>(
        seriesFixture({
          metricaId: Number(query.get('metricaId')),
          start: new Date(query.get('startDate') ?? 0),
          end: new Date(query.get('endDate') ?? 0),
          maxPoints: Number(query.get('maxPoints') ?? 800),
          nodoId: query.has('nodoId') ? Number(query.get('nodoId')) : null,
          ...series,
        }),
      );
    }),
  ],
  /** The lists behind entities and locations never answer: CARGANDO ENTIDADES... / CARGANDO UBICACIONES... */
  placesPending: () => [http.get('/api/sense/localizaciones', never), http.get('/api/sense/ubicaciones', never)],
  placesError: () => [http.get('/api/sense/localizaciones', internalError)],
  nodesPending: () => [http.get('/api/sense/nodos-con-localizacion', never)],
  nodesEmpty: () => [http.get('/api/sense/nodos-con-localizacion', () => HttpResponse.json<NodoConLocalizacion[]>([]))],
  nodesError: () => [http.get('/api/sense/nodos-con-localizacion', internalError)],
  /** GET /api/episodes answers the open episodes of the asked node, or of the nodes of the asked location. */
  episodes: (rows: OpenEpisode[] = openEpisodesFixture) => [
    http.get('/api/episodes', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const nodoId = query.get('nodoId');
      const ubicacionId = query.get('ubicacionId');
      const nodes = new Set(
        nodosFixture.filter((node) => (nodoId !== null ? node.nodoid === Number(nodoId) : node.ubicacionid === Number(ubicacionId))).map((node) => node.nodoid),
      );
      return HttpResponse.json<OpenEpisodesResponse>({ episodes: rows.filter((row) => nodes.has(row.nodoid)) });
    }),
  ],
  /**
   * The countries with their zones (Peru Lima, Chile Santiago) and every company: what the dashboard
   * reads to give a farm chosen in its FUNDO filter its country's zone (issue 28, item 8).
   */
  zones: () => [
    http.get('/api/sense/paises', () =>
      HttpResponse.json<PaisRow[]>(paisesFixture.map((row) => ({ ...row, zonahoraria: row.paisabrev === 'CL' ? 'America/Santiago' : 'America/Lima' }))),
    ),
    http.get('/api/sense/empresas', () => HttpResponse.json<EmpresaRow[]>(empresasFixture)),
  ],
  seriesPending: () => [http.get('/api/sense/series', never)],
  seriesError: () => [http.get('/api/sense/series', internalError)],
};
