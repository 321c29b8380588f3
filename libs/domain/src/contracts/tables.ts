/**
 * The generic table routes of /api/sense (`/{table}…`): so far the table parameter, what the
 * catalogue says of a table (`/columns`, `/info`, `/constraints`) and the labels a foreign key
 * shows (`/labels`); sense-api.ts keeps the names the console always used as `Static<>` of these.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { MAX_LABEL_PAGE_SIZE } from '../constants';
import { TABLE_NAMES } from '../registry';
import { errorResponses, Lenient, Nullable, StringEnum } from './common';
import { PaginationSchema } from './reports';

/** `/{table}`: a table of the registry; any other answers 404. */
export const TableParamsSchema = Type.Object({
  table: Type.String({ description: `Una tabla del registro: ${TABLE_NAMES.join(', ')}. Cualquier otra responde 404.` }),
});
export type TableParams = Static<typeof TableParamsSchema>;

/** `GET /{table}/columns`: a column as the database's catalogue describes it; `is_nullable` 'YES' when it accepts null. */
export const TableColumnSchema = Type.Object({
  column_name: Type.String(),
  data_type: Type.String(),
  is_nullable: StringEnum(['YES', 'NO']),
  column_default: Nullable(Type.String()),
});
export type TableColumn = Static<typeof TableColumnSchema>;

/** `GET /{table}/info`. */
export const TableInfoSchema = Type.Object({
  table_name: Type.String(),
  primary_key: Type.Array(Type.String()),
  identity_columns: Type.Array(Type.String()),
});
export type TableInfo = Static<typeof TableInfoSchema>;

/** `GET /{table}/constraints`: `references` names the referenced table and columns of a foreign key. */
export const TableConstraintSchema = Type.Object({
  constraint_name: Type.String(),
  constraint_type: StringEnum(['PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY', 'CHECK', 'EXCLUDE']),
  columns: Type.Array(Type.String()),
  references: Nullable(Lenient(Type.Object({ table: Type.String(), columns: Type.Array(Type.String()) })), {
    description: 'La tabla y columnas referenciadas por una clave foránea; null en las demás',
  }),
});
export type TableConstraint = Static<typeof TableConstraintSchema>;

const readErrors = errorResponses(400, 401, 404, 429, 500, 503);

export const tableColumnsRoute = { params: TableParamsSchema, response: { 200: Type.Array(TableColumnSchema), ...readErrors } } as const;
export const tableInfoRoute = { params: TableParamsSchema, response: { 200: TableInfoSchema, ...readErrors } } as const;
export const tableConstraintsRoute = { params: TableParamsSchema, response: { 200: Type.Array(TableConstraintSchema), ...readErrors } } as const;

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
  response: { 200: LabelPageSchema, ...readErrors },
} as const;
