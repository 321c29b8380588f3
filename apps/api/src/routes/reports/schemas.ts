import { ALERTA_SORT_COLUMNS, ALERTA_STATES, MENSAJE_SORT_COLUMNS, MENSAJE_STATES, REPORT_LANGUAGES, REPORT_PAGE_SIZE } from '@camposense/domain';
import { dateParam } from '../../sense/date-window';
import { MAX_PAGE_OFFSET } from '../../sense/table-queries';
import { cursorPageSchemaOf, errorResponses, ubicacionInFundoProperties } from '../../schemas';

/** JSON schemas of /api/sense/reports: request validation, serialisation and the OpenAPI document. */

export const security = [{ bearerAuth: [] }];
export const readErrors = errorResponses(400, 401, 500);

/** Larger pages than this are refused: the export is the way to read everything at once. */
export const MAX_REPORT_PAGE_SIZE = 100;

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
/** Ids of the reference tables are `integer`: anything larger could match nothing and would fail in SQL. */
const MAX_INTEGER_ID = 2_147_483_647;
const id = (description: string) => ({ type: 'integer', minimum: 1, maximum: MAX_INTEGER_ID, description }) as const;

const pagingQuery = {
  page: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_INTEGER_ID,
    default: 1,
    description:
      `Página, desde 1. Llega hasta ${MAX_PAGE_OFFSET.toLocaleString('en')} filas desde el principio o desde el final del informe; ` +
      'más adentro, 400 VALIDATION con rule `maximum` en `page` (`limit` = la última página alcanzable desde el principio): siga `pagination.next`',
  },
  after: {
    type: 'string',
    minLength: 1,
    maxLength: 4096,
    pattern: '^[A-Za-z0-9_-]+$',
    description:
      'El cursor `pagination.next` de la página anterior: responde la página que le sigue a cualquier profundidad (en lugar de `page`), ' +
      'con los mismos filtros y orden (un cursor ajeno o de otro orden: 400 con rule `format` en `after`)',
  },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_REPORT_PAGE_SIZE,
    default: REPORT_PAGE_SIZE,
    description: `Filas por página (por defecto ${REPORT_PAGE_SIZE})`,
  },
  sortOrder: { type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'Sentido del orden' },
} as const;

/** The global selection and a date range, the same for both reports. */
const scopeQuery = (what: string) =>
  ({
    paisId: id(`Solo ${what} de ubicaciones de este país`),
    empresaId: id(`Solo ${what} de ubicaciones de esta empresa`),
    fundoId: id(`Solo ${what} de ubicaciones de este fundo`),
    desde: dateParam('Desde (incluida)'),
    hasta: dateParam('Hasta (incluida)'),
  }) as const;

export const alertaFilterQuery = {
  estado: { type: 'string', enum: ALERTA_STATES, description: 'Solo alertas activas, procesadas (reconocidas) o cerradas' },
  criticidadId: id('Solo alertas de umbrales de esta criticidad'),
  ubicacionId: id('Solo alertas de umbrales de esta ubicación'),
  nodoId: id('Solo alertas de umbrales de este nodo'),
  ...scopeQuery('alertas'),
} as const;

const mensajeFilterQuery = {
  estado: { type: 'string', enum: MENSAJE_STATES, description: 'Solo mensajes enviados, fallidos o procesados' },
  contactoId: id('Solo mensajes a este contacto'),
  medioId: id('Solo mensajes por este medio (canal: SMS o correo)'),
  ...scopeQuery('mensajes (por la ubicación de su alerta o de su episodio)'),
} as const;

const lang = { type: 'string', enum: REPORT_LANGUAGES, default: 'es', description: 'Idioma de las cabeceras' } as const;
const tz = {
  type: 'string',
  maxLength: 64,
  default: 'UTC',
  description: 'Zona horaria IANA de las fechas (`America/Lima`): hora local con su desfase (`2026-11-01T07:00:00-05:00`), la zona nombrada en la cabecera',
} as const;
const downloadToken = {
  type: 'string',
  maxLength: 2048,
  description: 'Token de descarga de GET /download-token, en lugar de la cabecera Authorization (enlace de descarga)',
} as const;

/**
 * A report's page query and its CSV export's, both sorted by one of the report's columns (by date
 * unless asked) and filtered alike: the export takes no paging, but a language, a zone and a
 * download token.
 */
function reportQueries<const SortColumns extends readonly string[], const Filter extends object>(sortColumns: SortColumns, filter: Filter) {
  const sort = { sortBy: { type: 'string', enum: sortColumns, default: 'fecha', description: 'Columna de orden' } } as const;
  return {
    page: { type: 'object', properties: { ...pagingQuery, ...sort, ...filter }, additionalProperties: false },
    csv: {
      type: 'object',
      properties: { sortOrder: pagingQuery.sortOrder, ...sort, ...filter, lang, tz, token: downloadToken },
      additionalProperties: false,
    },
  } as const;
}

const alertasQueries = reportQueries(ALERTA_SORT_COLUMNS, alertaFilterQuery);
export const alertasQuery = alertasQueries.page;
export const alertasCsvQuery = alertasQueries.csv;

export const alertaFilterOptionsQuery = {
  type: 'object',
  properties: { paisId: alertaFilterQuery.paisId, empresaId: alertaFilterQuery.empresaId, fundoId: alertaFilterQuery.fundoId },
  additionalProperties: false,
} as const;

const mensajesQueries = reportQueries(MENSAJE_SORT_COLUMNS, mensajeFilterQuery);
export const mensajesQuery = mensajesQueries.page;
export const mensajesCsvQuery = mensajesQueries.csv;

export const downloadTokenQuery = {
  type: 'object',
  required: ['report'],
  properties: {
    report: {
      type: 'string',
      pattern: '^(alertas|mensajes|tabla:[a-z_]{1,63})$',
      description: '`alertas`, `mensajes`, o `tabla:{table}` para el CSV de la vista de estado de una tabla',
    },
  },
  additionalProperties: false,
} as const;

const umbralSchema = {
  type: ['object', 'null'],
  properties: {
    umbralid: { type: 'integer' },
    umbral: nullable('string'),
    ubicacionid: { type: 'integer' },
    nodoid: { type: 'integer' },
    tipoid: { type: 'integer' },
    metricaid: { type: 'integer' },
    criticidadid: { type: 'integer' },
    minimo: { type: 'number' },
    maximo: { type: 'number' },
  },
} as const;

const medicionSchema = {
  type: ['object', 'null'],
  properties: {
    medicionid: { type: 'integer' },
    fecha: { type: 'string' },
    medicion: { type: 'number' },
    nodoid: { type: 'integer' },
    tipoid: { type: 'integer' },
    metricaid: { type: 'integer' },
    ubicacionid: { type: 'integer' },
  },
} as const;

function usuarioSchemaOf() {
  return {
    type: ['object', 'null'],
    properties: {
      usuarioid: { type: 'integer' },
      firstname: nullable('string'),
      lastname: nullable('string'),
      login: nullable('string'),
    },
  } as const;
}

const alertaRowSchema = {
  type: 'object',
  required: [
    'alertaid',
    'umbralid',
    'medicionid',
    'fecha',
    'datecreated',
    'statusid',
    'umbral',
    'medicion',
    'valor',
    'nodo',
    'ubicacion',
    'metrica',
    'unidad',
    'criticidad',
    'grado',
  ],
  properties: {
    alertaid: { type: 'integer' },
    umbralid: { type: 'integer' },
    medicionid: { type: 'integer' },
    fecha: { ...nullable('string'), description: 'ISO 8601 (UTC)' },
    datecreated: { ...nullable('string'), description: 'ISO 8601 (UTC)' },
    statusid: { type: 'integer', description: '1 activa, 0 inactiva, -1 procesada' },
    umbral: umbralSchema,
    medicion: medicionSchema,
    valor: { ...nullable('number'), description: 'El valor de la medición' },
    nodo: { ...nullable('string'), description: 'El nodo del umbral' },
    ubicacion: { ...nullable('string'), description: 'La ubicación del umbral' },
    metrica: { ...nullable('string'), description: 'La métrica del umbral' },
    unidad: { ...nullable('string'), description: 'La unidad de la métrica' },
    criticidad: { ...nullable('string'), description: 'La criticidad del umbral' },
    grado: { ...nullable('integer'), description: 'El grado de la criticidad (1 es el más grave)' },
    episodioid: { ...nullable('integer'), description: 'El episodio de la alerta' },
    episodioactivas: { type: 'integer', description: 'Las alertas activas de su episodio (esta incluida): las que reconocerlo reconocería' },
    reconocidopor: {
      type: ['object', 'null'],
      properties: { usuarioid: { type: 'integer' }, firstname: nullable('string'), lastname: nullable('string') },
      description: 'Quién reconoció su episodio, por su nombre (nunca su login)',
    },
    fechareconocido: { ...nullable('string'), description: 'Cuándo (ISO 8601, UTC)' },
    notareconocido: nullable('string'),
  },
} as const;

const mensajeRowSchema = {
  type: 'object',
  required: ['mensajeid', 'contactoid', 'alertaid', 'mensaje', 'fecha', 'datecreated', 'statusid', 'contacto'],
  properties: {
    mensajeid: { type: 'integer' },
    contactoid: { type: 'integer' },
    alertaid: nullable('integer'),
    mensaje: { type: 'string' },
    fecha: { ...nullable('string'), description: 'ISO 8601 (UTC)' },
    datecreated: { ...nullable('string'), description: 'ISO 8601 (UTC)' },
    statusid: { type: 'integer', description: '1 enviado, 0 fallido, -1 procesado' },
    contacto: {
      type: ['object', 'null'],
      properties: {
        contactoid: { type: 'integer' },
        usuarioid: { type: 'integer' },
        medioid: { type: 'integer' },
        usuario: usuarioSchemaOf(),
      },
    },
  },
} as const;


export const alertasPageSchema = cursorPageSchemaOf(alertaRowSchema);

export const mensajesPageSchema = cursorPageSchemaOf(mensajeRowSchema);

export const alertaFilterOptionsSchema = {
  type: 'object',
  required: ['criticidades', 'ubicaciones', 'nodos'],
  properties: {
    criticidades: {
      type: 'array',
      items: {
        type: 'object',
        properties: { criticidadid: { type: 'integer' }, criticidad: { type: 'string' }, grado: { type: 'integer' } },
      },
    },
    ubicaciones: {
      type: 'array',
      items: {
        type: 'object',
        properties: ubicacionInFundoProperties,
      },
    },
    nodos: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          nodoid: { type: 'integer' },
          nodo: { type: 'string' },
          ubicacionids: { type: 'array', items: { type: 'integer' }, description: 'Las ubicaciones de sus umbrales' },
        },
      },
    },
  },
} as const;

export const mensajeFilterOptionsSchema = {
  type: 'object',
  required: ['contactos', 'medios'],
  properties: {
    contactos: { type: 'array', items: mensajeRowSchema.properties.contacto },
    medios: {
      type: 'array',
      items: { type: 'object', properties: { medioid: { type: 'integer' }, nombre: { type: 'string' } } },
    },
  },
} as const;

export const downloadTokenSchema = {
  type: 'object',
  required: ['token', 'expiresAt'],
  properties: { token: { type: 'string' }, expiresAt: { type: 'integer', description: 'Segundos Unix' } },
} as const;

export const csvResponse = {
  200: {
    description: 'CSV en UTF-8 con BOM, todas las filas que seleccionan los filtros, en el orden pedido',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
  ...readErrors,
} as const;

export const tableCsvQuery = {
  type: 'object',
  properties: {
    search: { type: 'string', maxLength: 200, description: 'La búsqueda de la vista de estado' },
    sortBy: { type: 'string', maxLength: 63, description: 'Columna por la que ordenar' },
    sortOrder: { type: 'string', enum: ['asc', 'desc'] },
    tz: { type: 'string', maxLength: 64, description: 'Zona IANA de las fechas (la que muestra la consola); por defecto UTC. Se nombra en la cabecera de cada columna de fecha' },
    scope: { type: 'string', maxLength: 20, description: 'Alcance global `pais:{id}`, `empresa:{id}` o `fundo:{id}`, como en `GET /api/sense/{table}`' },
    token: { type: 'string', maxLength: 2048, description: 'Token de descarga de un solo uso (`report=tabla:{table}`), en lugar de la cabecera Authorization' },
  },
  additionalProperties: { type: 'string', maxLength: 64, description: 'Filtro por igualdad: `{columna}={valor}`, como en la vista de estado' },
} as const;
