/**
 * `/api/sense/reports/*`: the alerts and messages reports' pages, their filter panels, their CSV
 * exports and the download token of a CSV link. The route registers these schemas, the console's
 * types are `Static<>` of them and the MSW fixtures are typed by them.
 */
import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { REPORT_PAGE_SIZE } from '../constants';
import { ALERTA_SORT_COLUMNS, MENSAJE_SORT_COLUMNS, MENSAJE_STATES, REPORT_LANGUAGES, REPORT_MAX_PAGE_OFFSET } from '../reports';
import { errorResponses, Lenient, MAX_INTEGER_ID, Nullable, StringEnum, TableIdParam, WithDefaults } from './common';
import { AcknowledgedBySchema } from './alerts';
import { alertaFilterQuery, reportScopeQuery } from './report-filters';

/** Larger pages than this are refused: the export is the way to read everything at once. */
export const MAX_REPORT_PAGE_SIZE = 100;

const reportReadErrors = errorResponses(400, 401, 500);

/** The pagination of a page (`PaginatedRows`' pagination). */
export const PaginationSchema = Type.Object({ page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer(), totalPages: Type.Integer() });

/** Pagination with the cursor of the next page (`after=`), as deep pages are reached. */
export const CursorPaginationSchema = Type.Object({
  ...PaginationSchema.properties,
  next: Nullable(Type.String(), { description: 'El cursor de la página siguiente para `after=`; null en la última' }),
});

/** A page of rows with the cursor of the next. */
export const CursorPageSchema = <const Row extends TSchema>(row: Row) => Type.Object({ data: Type.Array(row), pagination: CursorPaginationSchema });

/** A location named with its farm: the report filters, the thresholds tab and the node list answer it. */
export const UbicacionInFundoSchema = Type.Object({ ubicacionid: Type.Integer(), ubicacion: Type.String(), fundoid: Type.Integer(), fundo: Type.String() });

const pagingQuery = {
  page: Type.Integer({
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    default: 1,
    description:
      `Página, desde 1. Llega hasta ${REPORT_MAX_PAGE_OFFSET.toLocaleString('en')} filas desde el principio o desde el final del informe; ` +
      'más adentro, 400 VALIDATION con rule `maximum` en `page` (`limit` = la última página alcanzable desde el principio): siga `pagination.next`',
  }),
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 4096,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'El cursor `pagination.next` de la página anterior: responde la página que le sigue a cualquier profundidad (en lugar de `page`), ' +
        'con los mismos filtros y orden (un cursor ajeno o de otro orden: 400 con rule `format` en `after`)',
    }),
  ),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: MAX_REPORT_PAGE_SIZE,
    default: REPORT_PAGE_SIZE,
    description: `Filas por página (por defecto ${REPORT_PAGE_SIZE})`,
  }),
  sortOrder: StringEnum(['asc', 'desc'] as const, { default: 'desc', description: 'Sentido del orden' }),
};

const mensajeFilterQuery = {
  estado: Type.Optional(StringEnum(MENSAJE_STATES, { description: 'Solo mensajes enviados, fallidos o procesados' })),
  contactoId: Type.Optional(TableIdParam('Solo mensajes a este contacto')),
  medioId: Type.Optional(TableIdParam('Solo mensajes por este medio (canal: SMS o correo)')),
  ...reportScopeQuery('mensajes (por la ubicación de su alerta o de su episodio)'),
};

const lang = StringEnum(REPORT_LANGUAGES, { default: 'es', description: 'Idioma de las cabeceras' });
const tz = Type.String({
  maxLength: 64,
  default: 'UTC',
  description: 'Zona horaria IANA de las fechas (`America/Lima`): hora local con su desfase (`2026-11-01T07:00:00-05:00`), la zona nombrada en la cabecera',
});
const downloadToken = Type.String({
  maxLength: 2048,
  description: 'Token de descarga de GET /download-token, en lugar de la cabecera Authorization (enlace de descarga)',
});

/**
 * A report's page query and its CSV export's, both sorted by one of the report's columns (by date
 * unless asked) and filtered alike: the export takes no paging, but a language, a zone and a
 * download token.
 */
function reportQueries<const SortColumns extends readonly string[], const Filter extends Record<string, TSchema>>(sortColumns: SortColumns, filter: Filter) {
  const sortBy = StringEnum(sortColumns, { default: 'fecha' as SortColumns[number], description: 'Columna de orden' });
  return {
    page: WithDefaults(Type.Object({ ...pagingQuery, sortBy, ...filter }, { additionalProperties: false })),
    csv: WithDefaults(
      Type.Object({ sortOrder: pagingQuery.sortOrder, sortBy, ...filter, lang, tz, token: Type.Optional(downloadToken) }, { additionalProperties: false }),
    ),
  };
}

const alertasQueries = reportQueries(ALERTA_SORT_COLUMNS, alertaFilterQuery);
export const AlertasQuerySchema = alertasQueries.page;
export const AlertasCsvQuerySchema = alertasQueries.csv;

const mensajesQueries = reportQueries(MENSAJE_SORT_COLUMNS, mensajeFilterQuery);
export const MensajesQuerySchema = mensajesQueries.page;
export const MensajesCsvQuerySchema = mensajesQueries.csv;

export const AlertaFilterOptionsQuerySchema = Type.Object(
  { paisId: alertaFilterQuery.paisId, empresaId: alertaFilterQuery.empresaId, fundoId: alertaFilterQuery.fundoId },
  { additionalProperties: false },
);

/** A report a download token may open: `alertas`, `mensajes`, or `tabla:{table}` (the live stream's tickets are signed alike). */
export type DownloadableReport = 'alertas' | 'mensajes' | 'stream' | `tabla:${string}`;

export const DownloadTokenQuerySchema = Type.Object(
  {
    report: Type.Unsafe<Exclude<DownloadableReport, 'stream'>>({
      type: 'string',
      pattern: '^(alertas|mensajes|tabla:[a-z_]{1,63})$',
      description: '`alertas`, `mensajes`, o `tabla:{table}` para el CSV de la vista de estado de una tabla',
    }),
  },
  { additionalProperties: false },
);

/** The threshold an alert broke, as the alerts report embeds it: the row and its label. */
export const AlertaUmbralSchema = Type.Object({
  umbralid: Type.Integer(),
  umbral: Nullable(Type.String()),
  ubicacionid: Type.Integer(),
  nodoid: Type.Integer(),
  tipoid: Type.Integer(),
  metricaid: Type.Integer(),
  criticidadid: Type.Integer(),
  minimo: Type.Number(),
  maximo: Type.Number(),
});

/** The reading that broke it. */
export const AlertaMedicionSchema = Type.Object({
  medicionid: Type.Integer(),
  fecha: Type.String(),
  medicion: Type.Number(),
  nodoid: Type.Integer(),
  tipoid: Type.Integer(),
  metricaid: Type.Integer(),
  ubicacionid: Type.Integer(),
});

/**
 * One alert of the report: the `alerta` columns, `umbral` and `medicion` embedded, the value as
 * `valor`; what broke, named (joined for the page's rows only; null when the threshold or the
 * name is gone); its episode, and who acknowledged it (statusid -1), when, and the note.
 */
export const AlertaReportRowSchema = Lenient(
  Type.Object({
    alertaid: Type.Integer(),
    umbralid: Type.Integer(),
    medicionid: Type.Integer(),
    fecha: Nullable(Type.String(), { description: 'ISO 8601 (UTC)' }),
    datecreated: Nullable(Type.String(), { description: 'ISO 8601 (UTC)' }),
    statusid: Type.Integer({ description: '1 activa, 0 inactiva, -1 procesada' }),
    umbral: Nullable(Lenient(AlertaUmbralSchema)),
    medicion: Nullable(Lenient(AlertaMedicionSchema)),
    valor: Nullable(Type.Number(), { description: 'El valor de la medición' }),
    nodo: Nullable(Type.String(), { description: 'El nodo del umbral' }),
    ubicacion: Nullable(Type.String(), { description: 'La ubicación del umbral' }),
    metrica: Nullable(Type.String(), { description: 'La métrica del umbral' }),
    unidad: Nullable(Type.String(), { description: 'La unidad de la métrica' }),
    criticidad: Nullable(Type.String(), { description: 'La criticidad del umbral' }),
    grado: Nullable(Type.Integer(), { description: 'El grado de la criticidad (1 es el más grave)' }),
    episodioid: Nullable(Type.Integer(), { description: 'El episodio de la alerta' }),
    episodioactivas: Type.Integer({ description: 'Las alertas activas de su episodio (esta incluida): las que reconocerlo reconocería' }),
    reconocidopor: Nullable(Lenient(AcknowledgedBySchema), { description: 'Quién reconoció su episodio, por su nombre (nunca su login)' }),
    fechareconocido: Nullable(Type.String(), { description: 'Cuándo (ISO 8601, UTC)' }),
    notareconocido: Nullable(Type.String()),
  }),
  {
    required: ['alertaid', 'umbralid', 'medicionid', 'fecha', 'datecreated', 'statusid', 'umbral', 'medicion', 'valor', 'nodo', 'ubicacion', 'metrica', 'unidad', 'criticidad', 'grado'],
  },
);

/** The user behind a message's contact. */
export const MensajeUsuarioSchema = Type.Object({ usuarioid: Type.Integer(), firstname: Nullable(Type.String()), lastname: Nullable(Type.String()), login: Nullable(Type.String()) });

export const MensajeContactoSchema = Type.Object({
  contactoid: Type.Integer(),
  usuarioid: Type.Integer(),
  medioid: Type.Integer(),
  usuario: Nullable(Lenient(MensajeUsuarioSchema)),
});
const contacto = Nullable(Lenient(MensajeContactoSchema));

/** One message of the report: the `mensaje` columns with `contacto.usuario` embedded. */
export const MensajeReportRowSchema = Type.Object({
  mensajeid: Type.Integer(),
  contactoid: Type.Integer(),
  alertaid: Nullable(Type.Integer()),
  mensaje: Type.String(),
  fecha: Nullable(Type.String(), { description: 'ISO 8601 (UTC)' }),
  datecreated: Nullable(Type.String(), { description: 'ISO 8601 (UTC)' }),
  statusid: Type.Integer({ description: '1 enviado, 0 fallido, -1 procesado' }),
  contacto,
});

export const AlertaReportPageSchema = CursorPageSchema(AlertaReportRowSchema);
export const MensajeReportPageSchema = CursorPageSchema(MensajeReportRowSchema);

/**
 * `GET /api/sense/reports/alertas/filtros`: the criticalities; the locations limited to the global
 * selection; the nodes with thresholds there (only those can have alerts), with the locations of
 * those thresholds, so the panel can narrow them to the chosen location.
 */
export const AlertaFilterOptionsSchema = Type.Object({
  criticidades: Type.Array(Lenient(Type.Object({ criticidadid: Type.Integer(), criticidad: Type.String(), grado: Type.Integer() }))),
  ubicaciones: Type.Array(Lenient(UbicacionInFundoSchema)),
  nodos: Type.Array(
    Lenient(
      Type.Object({
        nodoid: Type.Integer(),
        nodo: Type.String(),
        ubicacionids: Type.Array(Type.Integer(), { description: 'Las ubicaciones de sus umbrales' }),
      }),
    ),
  ),
});

/**
 * `GET /api/sense/reports/mensajes/filtros`: every contact with its user (a reader gets no other
 * user's login, as in the report), and the channels (medio: SMS, e-mail). A contact is never null
 * here; the item schema is the report row's (nullable) one, as it always was.
 */
export const MensajeFilterOptionsSchema = Type.Object({
  contactos: Type.Unsafe<Static<typeof MensajeContactoSchema>[]>({ type: 'array', items: contacto }),
  medios: Type.Array(Lenient(Type.Object({ medioid: Type.Integer(), nombre: Type.String() }))),
});

/** `GET /api/sense/reports/download-token`: a short-lived token for one CSV download link. */
export const ReportDownloadTokenSchema = Type.Object({ token: Type.String(), expiresAt: Type.Integer({ description: 'Segundos Unix' }) });

export const alertasRoute = { querystring: AlertasQuerySchema, response: { 200: AlertaReportPageSchema, ...reportReadErrors } } as const;
export const alertaFilterOptionsRoute = { querystring: AlertaFilterOptionsQuerySchema, response: { 200: AlertaFilterOptionsSchema, ...reportReadErrors } } as const;
export const mensajeFilterOptionsRoute = { response: { 200: MensajeFilterOptionsSchema, ...reportReadErrors } } as const;
export const mensajesRoute = { querystring: MensajesQuerySchema, response: { 200: MensajeReportPageSchema, ...reportReadErrors } } as const;
export const downloadTokenRoute = { querystring: DownloadTokenQuerySchema, response: { 200: ReportDownloadTokenSchema, ...reportReadErrors } } as const;

/** A CSV export's answer: UTF-8 with a BOM, every row the filters select, in the order asked for. */
const csvResponse = {
  200: Type.Unsafe<string>({
    description: 'CSV en UTF-8 con BOM, todas las filas que seleccionan los filtros, en el orden pedido',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
  ...reportReadErrors,
} as const;

/** `GET /reports/alertas.csv`. */
export const alertasCsvRoute = { querystring: AlertasCsvQuerySchema, response: csvResponse } as const;
/** `GET /reports/mensajes.csv`. */
export const mensajesCsvRoute = { querystring: MensajesCsvQuerySchema, response: csvResponse } as const;

/** `GET /reports/tablas/{table}/csv`: a table status view's rows, its search and column filters as in `GET /{table}`. */
const TableCsvQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'La búsqueda de la vista de estado' })),
    sortBy: Type.Optional(Type.String({ maxLength: 63, description: 'Columna por la que ordenar' })),
    sortOrder: Type.Optional(StringEnum(['asc', 'desc'] as const)),
    tz: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Zona IANA de las fechas (la que muestra la consola); por defecto UTC. Se nombra en la cabecera de cada columna de fecha',
      }),
    ),
    scope: Type.Optional(Type.String({ maxLength: 20, description: 'Alcance global `pais:{id}`, `empresa:{id}` o `fundo:{id}`, como en `GET /api/sense/{table}`' })),
    token: Type.Optional(
      Type.String({ maxLength: 2048, description: 'Token de descarga de un solo uso (`report=tabla:{table}`), en lugar de la cabecera Authorization' }),
    ),
  },
  { additionalProperties: Type.String({ maxLength: 64, description: 'Filtro por igualdad: `{columna}={valor}`, como en la vista de estado' }) },
);
export const tableCsvRoute = {
  params: Type.Object({ table: Type.String({ maxLength: 63 }) }),
  querystring: TableCsvQuerySchema,
  response: csvResponse,
} as const;
