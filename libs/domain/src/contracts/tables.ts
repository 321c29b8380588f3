/**
 * The generic table routes of /api/sense (`/{table}…`): so far the table parameter and the
 * labels a foreign key shows (`GET /{table}/labels`); sense-api.ts keeps the names the console
 * always used (`LabelOption`, `LabelPage`) as `Static<>` of these schemas.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { MAX_LABEL_PAGE_SIZE } from '../constants';
import { TABLE_NAMES } from '../registry';
import { errorResponses } from './common';
import { PaginationSchema } from './reports';

/** `/{table}`: a table of the registry; any other answers 404. */
export const TableParamsSchema = Type.Object({
  table: Type.String({ description: `Una tabla del registro: ${TABLE_NAMES.join(', ')}. Cualquier otra responde 404.` }),
});
export type TableParams = Static<typeof TableParamsSchema>;

/** A row's key and the words that name it. */
export const LabelOptionSchema = Type.Object({ id: Type.Integer(), label: Type.String() });
export type LabelOption = Static<typeof LabelOptionSchema>;

export const LabelPageSchema = Type.Object({ data: Type.Array(LabelOptionSchema), pagination: PaginationSchema });
export type LabelPage = Static<typeof LabelPageSchema>;

/** By ids or searching, a page at a time; every other key filters by equality (`?paisid=1`). */
const LabelQuerySchema = Type.Object(
  {
    ids: Type.Optional(Type.String({ maxLength: 1200, pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$', description: 'Ids separados por comas' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Texto a buscar en la etiqueta' })),
    page: Type.Optional(Type.Integer({ minimum: 1, description: 'Página (desde 1)' })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LABEL_PAGE_SIZE, description: `Filas por página (por defecto ${MAX_LABEL_PAGE_SIZE})` }),
    ),
  },
  { additionalProperties: Type.String({ maxLength: 64, description: 'Filtro por igualdad: `{columna}={valor}`' }) },
);

export const labelsRoute = {
  params: TableParamsSchema,
  querystring: LabelQuerySchema,
  response: { 200: LabelPageSchema, ...errorResponses(400, 401, 404, 429, 500, 503) },
} as const;
