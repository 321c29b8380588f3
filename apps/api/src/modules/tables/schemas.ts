import { GET_ALL_THRESHOLD, MAX_BULK_ERRORS, MAX_BULK_ROWS, TABLE_NAMES } from '@camposense/domain';
import { cursorPageSchemaOf, errorResponses } from '../../schemas';

/** JSON schemas of the /api/sense routes: request validation and the OpenAPI document. */

export const security = [{ bearerAuth: [] }];

/** Any table's row: its columns (never a hidden one), dates as ISO 8601 strings. */
export const rowSchema = {
  type: 'object',
  description: 'Una fila: sus columnas (fechas en ISO 8601 con zona); `usuario` nunca incluye password_hash',
  additionalProperties: true,
} as const;

export const rowsSchema = { type: 'array', items: rowSchema } as const;

/** A page of a table with the cursor of the next (`CursorPage`). */
export const cursorPageSchema = cursorPageSchemaOf(rowSchema);

export const tableParam = {
  type: 'string',
  description: `Una tabla del registro: ${TABLE_NAMES.join(', ')}. Cualquier otra responde 404.`,
} as const;

export const readErrors = errorResponses(400, 401, 404, 429, 500, 503);
export const writeErrors = errorResponses(400, 401, 403, 404, 409, 412, 413, 500, 503);

export const optionalId = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;

/** `limit` of array answers: 1 to GET_ALL_THRESHOLD. */
export const limitSchema = (description: string) =>
  ({ type: 'integer', minimum: 1, maximum: GET_ALL_THRESHOLD, description }) as const;

export const bulkBodySchema = {
  type: 'object',
  required: ['rows'],
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BULK_ROWS,
      description: `Las filas, columna → valor (hasta ${MAX_BULK_ROWS}); una fila que no es un objeto es un error de esa fila`,
      items: { description: 'Columna → valor; las claves foráneas por id o por etiqueta' },
    },
    dryRun: { type: 'boolean', default: false, description: 'Comprobar todo sin escribir nada' },
  },
} as const;

export const bulkResultSchema = {
  type: 'object',
  required: ['created', 'dryRun', 'valid', 'errors', 'errorCount'],
  properties: {
    created: { type: 'integer', description: 'Filas escritas: 0 en una prueba y siempre que alguna fila tenga un error' },
    dryRun: { type: 'boolean' },
    valid: { type: 'integer', description: 'Filas sin ningún error' },
    errorCount: { type: 'integer', description: 'Errores en total (`errors` lista los primeros)' },
    errors: {
      type: 'array',
      maxItems: MAX_BULK_ERRORS,
      items: {
        type: 'object',
        required: ['index', 'code', 'rule', 'message'],
        properties: {
          index: { type: 'integer', description: 'Posición de la fila en `rows`, desde 0' },
          field: { type: 'string', description: 'La columna; ausente cuando falla la fila entera o una clave compuesta' },
          code: { type: 'string', enum: ['VALIDATION', 'FOREIGN_KEY', 'DUPLICATE', 'CONSTRAINT'] },
          rule: { type: 'string' },
          limit: { type: ['integer', 'string'] },
          message: { type: 'string' },
        },
      },
    },
  },
} as const;

/** The path parameters: `/{table}…` and `/{table}/{id}`. */
export const tableParams = { type: 'object', required: ['table'], properties: { table: tableParam } } as const;
export const rowParams = {
  type: 'object',
  required: ['table', 'id'],
  properties: { table: tableParam, id: { type: 'integer', minimum: 1, description: 'El valor de `<tabla>id`' } },
} as const;

// The key's columns depend on the table, so the schema cannot name them: OpenAPI lists no query
// parameter (none would be true for every table) and the description says what to send.
// (`properties: {}` too: without it @fastify/swagger lists `type` and `additionalProperties`
// themselves as query parameters.)
export const keyQuery = {
  type: 'object',
  properties: {},
  additionalProperties: { type: 'string', maxLength: 64 },
} as const;

export const ifMatchHeader = {
  type: 'object',
  properties: {
    'if-match': { type: 'string', maxLength: 1024, description: 'El ETag de la fila leída (GET de la fila, o la respuesta de la última escritura); `*` = cualquiera' },
  },
} as const;
