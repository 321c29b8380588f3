import { GET_ALL_THRESHOLD, TABLE_NAMES } from '@camposense/domain';
import { errorResponses } from '../../schemas';

/** JSON schemas of the /api/sense routes: request validation and the OpenAPI document. */

export const security = [{ bearerAuth: [] }];

/** Any table's row: its columns (never a hidden one), dates as ISO 8601 strings. */
export const rowSchema = {
  type: 'object',
  description: 'Una fila: sus columnas (fechas en ISO 8601 con zona); `usuario` nunca incluye password_hash',
  additionalProperties: true,
} as const;

export const rowsSchema = { type: 'array', items: rowSchema } as const;

export const paginatedSchema = {
  type: 'object',
  required: ['data', 'pagination'],
  properties: {
    data: rowsSchema,
    pagination: {
      type: 'object',
      required: ['page', 'pageSize', 'total', 'totalPages'],
      properties: {
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
        total: { type: 'integer' },
        totalPages: { type: 'integer' },
      },
    },
  },
} as const;

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
