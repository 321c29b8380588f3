import type {
  AcknowledgeAnswer,
  AcknowledgeMatchingResult,
  AlertaFilterOptions,
  AlertaReportPage,
  AlertaReportRow,
  ApiErrorBody,
  MensajeFilterOptions,
  MensajeReportPage,
  MensajeReportRow,
  ReportDownloadToken,
} from '@camposense/domain';
import { REPORT_MAX_PAGE_OFFSET, REPORT_PAGE_SIZE } from '@camposense/domain';
import type { ReportPage } from '@camposense/domain';
import { delay, http, HttpResponse } from 'msw';
import { empresasFixture, fundosFixture } from './sense-fixtures';
import {
  alertasFixture,
  criticidadesFixture,
  mensajesFixture,
  reportContactosFixture,
  reportMediosFixture,
  reportNodosFixture,
  reportUbicacionesFixture,
} from './report-fixtures';

const BASE = '/api/sense/reports';

const internalError = () =>
  HttpResponse.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } }, { status: 500 });

const numberParam = (params: URLSearchParams, name: string) => {
  const raw = params.get(name);
  return raw === null || raw === '' ? null : Number(raw);
};

type Comparable = string | number | null | undefined;

function compare(left: Comparable, right: Comparable): number {
  if (left === right) return 0;
  if (left === null || left === undefined) return 1;
  if (right === null || right === undefined) return -1;
  return typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
}

/** The mock's cursor: the page it opens, opaque to the console like the API's. */
export const mockReportCursor = (page: number) => btoa(JSON.stringify(['mock', page])).replace(/=+$/, '');
const pageOfMockCursor = (cursor: string): number | null => {
  try {
    const [mark, page] = JSON.parse(atob(cursor)) as unknown[];
    return mark === 'mock' && typeof page === 'number' ? page : null;
  } catch {
    return null;
  }
};

/** The API's 400 for a page number too far from both ends of a report (report-queries.ts). */
export function deepPageRefusal(page: number, pageSize: number) {
  const deepest = Math.floor(REPORT_MAX_PAGE_OFFSET / pageSize) + 1;
  return HttpResponse.json<ApiErrorBody>(
    {
      error: {
        code: 'VALIDATION',
        message: `La página ${page} está demasiado lejos de los extremos del informe`,
        details: [{ field: 'page', rule: 'maximum', limit: deepest }],
      },
    },
    { status: 400 },
  );
}

/**
 * The API's paging over `total` rows, `rowsOf` giving a page's rows: a page by number within
 * REPORT_MAX_PAGE_OFFSET rows of either end (else its 400), or the page a cursor opens, with the
 * cursor of the next.
 */
export function pagedAnswer<Row>(params: URLSearchParams, total: number, rowsOf: (offset: number, limit: number) => Row[]) {
  const pageSize = numberParam(params, 'pageSize') ?? REPORT_PAGE_SIZE;
  const after = params.get('after');
  const pageNumber = after === null ? (numberParam(params, 'page') ?? 1) : pageOfMockCursor(after);
  if (pageNumber === null) {
    return HttpResponse.json<ApiErrorBody>({ error: { code: 'VALIDATION', message: 'El cursor `after` no es válido', details: [{ field: 'after', rule: 'format' }] } }, { status: 400 });
  }
  const offset = (pageNumber - 1) * pageSize;
  if (after === null && offset > REPORT_MAX_PAGE_OFFSET && offset < total && total - offset - pageSize > REPORT_MAX_PAGE_OFFSET) {
    return deepPageRefusal(pageNumber, pageSize);
  }
  const answer: ReportPage<Row> = {
    data: rowsOf(offset, pageSize),
    pagination: {
      page: pageNumber,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
      next: pageNumber * pageSize < total ? mockReportCursor(pageNumber + 1) : null,
    },
  };
  return HttpResponse.json(answer);
}

/** The API's paging and ordering, over an array: sort key, then id, both in the asked direction. */
function page<Row>(rows: Row[], params: URLSearchParams, sortKeys: Record<string, (row: Row) => Comparable>, id: (row: Row) => number) {
  const key = sortKeys[params.get('sortBy') ?? 'fecha'] ?? sortKeys['fecha']!;
  const sign = params.get('sortOrder') === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((left, right) => sign * (compare(key(left), key(right)) || id(left) - id(right)));
  return pagedAnswer(params, sorted.length, (offset, limit) => sorted.slice(offset, offset + limit));
}

/** Where a location sits in the fixture hierarchy. */
function placeOf(ubicacionid: number | undefined) {
  const fundoid = reportUbicacionesFixture.find((row) => row.ubicacionid === ubicacionid)?.fundoid;
  const empresaid = fundosFixture.find((row) => row.fundoid === fundoid)?.empresaid;
  const paisid = empresasFixture.find((row) => row.empresaid === empresaid)?.paisid;
  return { fundoid, empresaid, paisid };
}

function inSelection(ubicacionid: number | undefined, params: URLSearchParams): boolean {
  const place = placeOf(ubicacionid);
  const fundoId = numberParam(params, 'fundoId');
  const empresaId = numberParam(params, 'empresaId');
  const paisId = numberParam(params, 'paisId');
  return (
    (fundoId === null || place.fundoid === fundoId) &&
    (empresaId === null || place.empresaid === empresaId) &&
    (paisId === null || place.paisid === paisId)
  );
}

/** The API's date range: `desde` included, `hasta` included to the millisecond (a day alone is not sent by the console). */
function inDateRange(fecha: string | null, params: URLSearchParams): boolean {
  const desde = params.get('desde');
  const hasta = params.get('hasta');
  if (desde === null && hasta === null) return true;
  if (fecha === null) return false;
  const time = Date.parse(fecha);
  return (desde === null || time >= Date.parse(desde)) && (hasta === null || time <= Date.parse(hasta));
}

/** The fixture messages name their alert's location in their text ("… fuera de rango en Lote 2"). */
function mensajeUbicacionid(row: MensajeReportRow): number | undefined {
  return reportUbicacionesFixture.find((ubicacion) => row.mensaje.includes(ubicacion.ubicacion))?.ubicacionid;
}

const MENSAJE_STATUS: Record<string, number> = { enviado: 1, fallido: 0, procesado: -1 };

const ALERTA_SORT: Record<string, (row: AlertaReportRow) => Comparable> = {
  alertaid: (row) => row.alertaid,
  umbral: (row) => row.umbral?.umbral,
  valor: (row) => row.valor,
  fecha: (row) => row.fecha,
  datecreated: (row) => row.datecreated,
  statusid: (row) => row.statusid,
};

const MENSAJE_SORT: Record<string, (row: MensajeReportRow) => Comparable> = {
  mensajeid: (row) => row.mensajeid,
  contacto: (row) => row.contacto?.usuario?.firstname ?? row.contacto?.usuario?.login ?? `Contact ${row.contactoid}`,
  mensaje: (row) => row.mensaje,
  fecha: (row) => row.fecha,
  datecreated: (row) => row.datecreated,
  statusid: (row) => row.statusid,
};

const never = async () => {
  await delay('infinite');
  return HttpResponse.json(null);
};

/** MSW handlers of the report calls: a small in-memory API that filters, sorts and pages like the real one. */
export const reportHandlers = {
  alertas: (rows: AlertaReportRow[] = alertasFixture) => [
    http.get(`${BASE}/alertas`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const criticidadId = numberParam(params, 'criticidadId');
      const ubicacionId = numberParam(params, 'ubicacionId');
      const nodoId = numberParam(params, 'nodoId');
      const estado = params.get('estado');
      const statusOf: Record<string, number> = { activa: 1, procesada: -1, cerrada: 0 };
      const selected = rows.filter(
        (row) =>
          (estado === null || row.statusid === statusOf[estado]) &&
          (criticidadId === null || row.umbral?.criticidadid === criticidadId) &&
          (ubicacionId === null || row.umbral?.ubicacionid === ubicacionId) &&
          (nodoId === null || row.umbral?.nodoid === nodoId) &&
          inDateRange(row.fecha, params) &&
          inSelection(row.umbral?.ubicacionid, params),
      );
      return page<AlertaReportPage['data'][number]>(selected, params, ALERTA_SORT, (row) => row.alertaid);
    }),
    ...reportHandlers.alertaFilterOptions(),
  ],
  alertaFilterOptions: () => [
    http.get(`${BASE}/alertas/filtros`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      return HttpResponse.json<AlertaFilterOptions>({
        criticidades: criticidadesFixture,
        ubicaciones: reportUbicacionesFixture.filter((row) => inSelection(row.ubicacionid, params)),
        nodos: reportNodosFixture.filter((row) => row.ubicacionids.some((ubicacionid) => inSelection(ubicacionid, params))),
      });
    }),
  ],
  /** Acknowledging answers as the API does and marks the rows processed, by the signed-in operator. */
  acknowledge: (rows: AlertaReportRow[] = alertasFixture) => [
    http.post<{ alertaid: string }, { nota?: string }, AcknowledgeAnswer | ApiErrorBody>('/api/alerts/:alertaid/acknowledge', async ({ params, request }) => {
      const alertaid = Number(params['alertaid']);
      const row = rows.find((candidate) => candidate.alertaid === alertaid);
      if (!row) return HttpResponse.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'La alerta no existe' } }, { status: 404 });
      const reconocidopor = { usuarioid: 1, firstname: 'Ana', lastname: 'Admin' };
      const fechareconocido = '2026-11-21T14:05:00.000Z';
      const body = (await request.json().catch(() => null)) as { nota?: string } | null;
      const notareconocido = body?.nota?.trim() || null;
      // The whole episode: every active row of it, and the count the episode holds.
      const acknowledged = row.statusid === 1 ? row.episodioactivas : 0;
      for (const other of rows.filter((candidate) => candidate.statusid === 1 && candidate.episodioid === row.episodioid)) {
        Object.assign(other, { statusid: -1, reconocidopor, fechareconocido, notareconocido, episodioactivas: 0 });
      }
      return HttpResponse.json<AcknowledgeAnswer>({ alertaid, episodioid: row.episodioid, acknowledged, reconocidopor, fechareconocido, notareconocido });
    }),
    // The bulk action: every active row (the fixtures are one filter's whole set).
    http.post('/api/alerts/acknowledge', () => {
      const reconocidopor = { usuarioid: 1, firstname: 'Ana', lastname: 'Admin' };
      const active = rows.filter((row) => row.statusid === 1);
      for (const row of active) Object.assign(row, { statusid: -1, reconocidopor, fechareconocido: '2026-11-21T14:05:00.000Z', notareconocido: null });
      return HttpResponse.json<AcknowledgeMatchingResult>({ episodes: new Set(active.map((row) => row.episodioid)).size, acknowledged: active.length });
    }),
  ],
  /**
   * Acknowledging waits until `release()`, then fails. A request left pending for ever fails minutes
   * later anyway, when the browser stops the idle mock service worker, and its error toast then
   * shows in whatever story runs at that moment: a story ends by releasing it (see its cleanup).
   */
  acknowledgeHeld: () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = async () => {
      await released;
      return internalError();
    };
    return {
      handlers: [http.post('/api/alerts/:alertaid/acknowledge', held), http.post('/api/alerts/acknowledge', held)],
      release: () => release(),
    };
  },
  acknowledgeError: () => [http.post('/api/alerts/:alertaid/acknowledge', internalError), http.post('/api/alerts/acknowledge', internalError)],
  /** The active-alerts count (the report filtered to `estado=activa`) never answers; other pages do. */
  alertasActiveCountPending: () => [
    http.get(`${BASE}/alertas`, ({ request }) => (new URL(request.url).searchParams.get('estado') === 'activa' ? never() : undefined)),
  ],
  /**
   * A report of `total` alerts (the fixtures' rows repeated with ids of their own): pages by number
   * within the API's bound from either end, the rest by cursor, as the real report pages.
   */
  alertasHuge: (total = 60_000) => [
    http.get(`${BASE}/alertas`, ({ request }) =>
      pagedAnswer<AlertaReportRow>(new URL(request.url).searchParams, total, (offset, limit) =>
        Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_row, index) => {
          const base = alertasFixture[(offset + index) % alertasFixture.length]!;
          return { ...base, alertaid: 1_000_000 - offset - index };
        }),
      ),
    ),
    ...reportHandlers.alertaFilterOptions(),
  ],
  /** Every page number but the first is refused as too deep (a report that grew past a Last page asked). */
  alertasRefusingJumps: (rows: AlertaReportRow[] = alertasFixture) => [
    http.get(`${BASE}/alertas`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const asked = numberParam(params, 'page') ?? 1;
      if (params.get('after') === null && asked > 1) return deepPageRefusal(asked, numberParam(params, 'pageSize') ?? REPORT_PAGE_SIZE);
      return pagedAnswer(params, 60_000, (_offset, limit) => rows.slice(0, limit));
    }),
    ...reportHandlers.alertaFilterOptions(),
  ],
  mensajesRefusingJumps: (rows: MensajeReportRow[] = mensajesFixture) => [
    http.get(`${BASE}/mensajes`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const asked = numberParam(params, 'page') ?? 1;
      if (params.get('after') === null && asked > 1) return deepPageRefusal(asked, numberParam(params, 'pageSize') ?? REPORT_PAGE_SIZE);
      return pagedAnswer(params, 60_000, (_offset, limit) => rows.slice(0, limit));
    }),
    ...reportHandlers.mensajeFilterOptions(),
  ],
  alertasLoading: () => [http.get(`${BASE}/alertas`, never), ...reportHandlers.alertaFilterOptions()],
  alertasError: () => [http.get(`${BASE}/alertas`, internalError), ...reportHandlers.alertaFilterOptions()],
  alertaFilterOptionsError: () => [http.get(`${BASE}/alertas/filtros`, internalError)],
  alertaFilterOptionsPending: () => [http.get(`${BASE}/alertas/filtros`, never)],
  mensajes: (rows: MensajeReportRow[] = mensajesFixture) => [
    http.get(`${BASE}/mensajes`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const contactoId = numberParam(params, 'contactoId');
      const medioId = numberParam(params, 'medioId');
      const estado = params.get('estado');
      const selected = rows.filter(
        (row) =>
          (contactoId === null || row.contactoid === contactoId) &&
          (medioId === null || row.contacto?.medioid === medioId) &&
          (estado === null || row.statusid === MENSAJE_STATUS[estado]) &&
          inDateRange(row.fecha, params) &&
          inSelection(mensajeUbicacionid(row), params),
      );
      return page<MensajeReportPage['data'][number]>(selected, params, MENSAJE_SORT, (row) => row.mensajeid);
    }),
    ...reportHandlers.mensajeFilterOptions(),
  ],
  mensajeFilterOptions: () => [
    http.get(`${BASE}/mensajes/filtros`, () =>
      HttpResponse.json<MensajeFilterOptions>({ contactos: reportContactosFixture, medios: reportMediosFixture }),
    ),
  ],
  mensajeFilterOptionsError: () => [http.get(`${BASE}/mensajes/filtros`, internalError)],
  mensajesLoading: () => [http.get(`${BASE}/mensajes`, never), ...reportHandlers.mensajeFilterOptions()],
  mensajesError: () => [http.get(`${BASE}/mensajes`, internalError), ...reportHandlers.mensajeFilterOptions()],
  downloadToken: () => [
    http.get(`${BASE}/download-token`, () =>
      HttpResponse.json<ReportDownloadToken>({ token: 'story-download-token', expiresAt: 1_795_000_000 }),
    ),
  ],
};
