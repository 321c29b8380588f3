import { SessionSchema, SessionUserSchema } from '@camposense/domain';

/** JSON schemas shared by routes: validation, serialisation and the OpenAPI document. */
export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'rule'],
            properties: {
              field: { type: 'string' },
              rule: { type: 'string' },
              limit: { type: ['number', 'string'] },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

/** A location named with its farm: the report filters, the thresholds tab and the node list answer it. */
export const ubicacionInFundoProperties = {
  ubicacionid: { type: 'integer' },
  ubicacion: { type: 'string' },
  fundoid: { type: 'integer' },
  fundo: { type: 'string' },
} as const;

/** `PaginatedRows`' pagination (libs/domain, sense-api.ts). */
export const paginationSchema = {
  type: 'object',
  required: ['page', 'pageSize', 'total', 'totalPages'],
  properties: {
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer' },
    totalPages: { type: 'integer' },
  },
} as const;

/** Pagination with the cursor of the next page (`after=`), as deep pages are reached. */
export const cursorPaginationSchema = {
  ...paginationSchema,
  required: [...paginationSchema.required, 'next'],
  properties: {
    ...paginationSchema.properties,
    next: { type: ['string', 'null'], description: 'El cursor de la página siguiente para `after=`; null en la última' },
  },
} as const;

/** A page of rows with the cursor of the next (`CursorPage`, `ReportPage`). */
export function cursorPageSchemaOf<const Row extends object>(row: Row) {
  return {
    type: 'object',
    required: ['data', 'pagination'],
    properties: { data: { type: 'array', items: row }, pagination: cursorPaginationSchema },
  } as const;
}

/** Schemas routes reference by `$id`: the error body, and the signed-in user and session (contracts/auth.ts). */
export const sharedSchemas = [apiErrorSchema, SessionUserSchema, SessionSchema];

/** `{ $ref: 'ApiError#' }` for each status a route may fail with. */
export function errorResponses(...statuses: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'ApiError#' }]));
}
