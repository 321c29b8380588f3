import type { ApiErrorBody, DetectResponse, EnCursoResponse, HealthResponse, PaginatedRows } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import type { EmpresaRow, FundoRow, PaisRow } from '../places/types';
import { empresasFixture, fundosFixture, paisesFixture } from './sense-fixtures';

function total(count: number): PaginatedRows<never> {
  return { data: [], pagination: { page: 1, pageSize: 1, total: count, totalPages: count } };
}

const internalError = () =>
  HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 });

/** MSW handlers for the shell's calls, typed against the API's shapes. */
export const senseHandlers = {
  hierarchy: () => [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/paises', () => HttpResponse.json<PaisRow[]>(paisesFixture)),
    http.get('/api/sense/empresas', ({ request }) => {
      const paisId = Number(new URL(request.url).searchParams.get('paisId'));
      return HttpResponse.json<EmpresaRow[]>(empresasFixture.filter((row) => row.paisid === paisId));
    }),
    http.get('/api/sense/fundos', ({ request }) => {
      const empresaId = Number(new URL(request.url).searchParams.get('empresaId'));
      return HttpResponse.json<FundoRow[]>(fundosFixture.filter((row) => row.empresaid === empresaId));
    }),
  ],
  /** The server has no sense schema: the lists fall back to empty. */
  senseUnavailable: () => [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: false, error: 'schema sense no encontrado' })),
  ],
  hierarchyEmpty: () => [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/paises', () => HttpResponse.json<PaisRow[]>([])),
    http.get('/api/sense/empresas', () => HttpResponse.json<EmpresaRow[]>([])),
    http.get('/api/sense/fundos', () => HttpResponse.json<FundoRow[]>([])),
  ],
  hierarchyPending: () => [
    http.get('/api/sense/detect', () => HttpResponse.json<DetectResponse>({ available: true })),
    http.get('/api/sense/paises', async () => {
      await delay('infinite');
      return HttpResponse.json<PaisRow[]>([]);
    }),
  ],
  status: ({ sensors = 60, activeAlerts = 128 }: { sensors?: number; activeAlerts?: number } = {}) => [
    http.get('/api/health', () => HttpResponse.json<HealthResponse>({ status: 'ok', database: 'pglite' })),
    http.get('/api/sense/nodo', () => HttpResponse.json(total(sensors))),
    // "Alertas en curso": episodes en curso (two of them silent nodes), as GET /api/sense/en-curso answers.
    http.get('/api/sense/en-curso', () =>
      HttpResponse.json<EnCursoResponse>({ episodios: activeAlerts, umbral: Math.max(0, activeAlerts - 2), sinDatos: Math.min(2, activeAlerts), alertas: activeAlerts * 3 }),
    ),
  ],
  statusOffline: () => [
    http.get('/api/health', internalError),
    http.get('/api/sense/nodo', internalError),
    http.get('/api/sense/en-curso', internalError),
  ],
  /** The API cannot be reached at all: every call fails at the network (no answer, no status). */
  unreachable: () => [http.all('/api/*', () => HttpResponse.error())],
};
