import type {
  AlertaFilterOptions,
  AlertaReportPage,
  AlertaReportRow,
  ApiErrorBody,
  MensajeFilterOptions,
  MensajeReportPage,
  MensajeReportRow,
  ReportDownloadToken,
} from '@camposense/domain';
import { REPORT_PAGE_SIZE } from '@camposense/domain';
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

/** The API's paging and ordering, over an array: sort key, then id, both in the asked direction. */
function page<Row>(rows: Row[], params: URLSearchParams, sortKeys: Record<string, (row: Row) => Comparable>, id: (row: Row) => number) {
  const pageNumber = numberParam(params, 'page') ?? 1;
  const pageSize = numberParam(params, 'pageSize') ?? REPORT_PAGE_SIZE;
  const key = sortKeys[params.get('sortBy') ?? 'fecha'] ?? sortKeys['fecha']!;
  const sign = params.get('sortOrder') === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((left, right) => sign * (compare(key(left), key(right)) || id(left) - id(right)));
  const total = sorted.length;
  return {
    data: sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pagination: { page: pageNumber, pageSize, total, totalPages: Math.ceil(total / pageSize) },
  };
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
      return HttpResponse.json<AlertaReportPage>(page(selected, params, ALERTA_SORT, (row) => row.alertaid));
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
    http.post('/api/alerts/:alertaid/acknowledge', ({ params }) => {
      const alertaid = Number(params['alertaid']);
      const row = rows.find((candidate) => candidate.alertaid === alertaid);
      if (!row) return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'La alerta no existe' } }, { status: 404 });
      const reconocidopor = { usuarioid: 1, firstname: 'Ana', lastname: 'Admin', login: 'admin@camposense.dev' };
      const fechareconocido = '2026-11-21T14:05:00.000Z';
      const acknowledged = row.statusid === 1 ? 1 : 0;
      if (row.statusid === 1) Object.assign(row, { statusid: -1, reconocidopor, fechareconocido, notareconocido: null });
      return HttpResponse.json({ alertaid, episodioid: row.episodioid, acknowledged, reconocidopor, fechareconocido, notareconocido: null });
    }),
    // The bulk action: every active row (the fixtures are one filter's whole set).
    http.post('/api/alerts/acknowledge', () => {
      const reconocidopor = { usuarioid: 1, firstname: 'Ana', lastname: 'Admin', login: 'admin@camposense.dev' };
      const active = rows.filter((row) => row.statusid === 1);
      for (const row of active) Object.assign(row, { statusid: -1, reconocidopor, fechareconocido: '2026-11-21T14:05:00.000Z', notareconocido: null });
      return HttpResponse.json({ episodes: new Set(active.map((row) => row.episodioid)).size, acknowledged: active.length });
    }),
  ],
  acknowledgePending: () => [http.post('/api/alerts/:alertaid/acknowledge', never), http.post('/api/alerts/acknowledge', never)],
  acknowledgeError: () => [http.post('/api/alerts/:alertaid/acknowledge', internalError), http.post('/api/alerts/acknowledge', internalError)],
  /** The active-alerts count (the report filtered to `estado=activa`) never answers; other pages do. */
  alertasActiveCountPending: () => [
    http.get(`${BASE}/alertas`, ({ request }) => (new URL(request.url).searchParams.get('estado') === 'activa' ? never() : undefined)),
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
      return HttpResponse.json<MensajeReportPage>(page(selected, params, MENSAJE_SORT, (row) => row.mensajeid));
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
