/**
 * The generic table routes of /api/sense (`/{table}…`): a table's list or page, one row's read,
 * create, update and delete (with `If-Match`), the massive import, the named lists of api.md
 * (`/paises`, `/empresas`…), what the catalogue says of a table (`/columns`, `/info`,
 * `/constraints`) and the labels a foreign key shows (`/labels`). sense-api.ts keeps the names the
 * console always used as `Static<>` of these.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { GET_ALL_THRESHOLD, MAX_BULK_ERRORS, MAX_BULK_ROWS, MAX_LABEL_PAGE_SIZE, REPORT_PAGE_SIZE, REPORT_ROW_CAP } from '../constants';
import { TABLE_NAMES } from '../registry';
import { errorResponses, IdParam, Lenient, NoContent, Nullable, StringEnum } from './common';
import { CursorPageSchema, PaginationSchema } from './reports';

/** `/{table}`: a table of the registry; any other answers 404. */
export const TableParamsSchema = Type.Object({
  table: Type.String({ description: `Una tabla del registro: ${TABLE_NAMES.join(', ')}. Cualquier otra responde 404.` }),
});

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

/** The largest page `GET /{table}` answers. */
export const MAX_TABLE_PAGE_SIZE = 1000;

export const tableReadErrors = errorResponses(400, 401, 404, 429, 500, 503);
const readErrors = tableReadErrors;
const writeErrors = errorResponses(400, 401, 403, 404, 409, 412, 413, 500, 503);

/** `/{table}/{id}`: a row of a table with a single-column key. */
export const RowParamsSchema = Type.Object({
  ...TableParamsSchema.properties,
  id: Type.Integer({ minimum: 1, description: 'El valor de `<tabla>id`' }),
});

/** Any table's row as the generic calls answer it: its columns (never a hidden one), dates as ISO 8601 strings. */
export const RowSchema = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: 'Una fila: sus columnas (fechas en ISO 8601 con zona); `usuario` nunca incluye password_hash',
  additionalProperties: true,
});
export const RowsSchema = Type.Array(RowSchema);

/** A page of a table with the cursor of the next (`CursorPage`). */
export const RowPageSchema = CursorPageSchema(RowSchema);

/** `limit` of array answers: 1 to GET_ALL_THRESHOLD. */
export const LimitParam = (description: string) => Type.Integer({ minimum: 1, maximum: GET_ALL_THRESHOLD, description });

/** The query of `GET /{table}`: an array (`limit`) or a page (`page`, `pageSize`, `after`); every other key filters by equality. */
export const TableListQuerySchema = Type.Object(
  {
    limit: Type.Optional(LimitParam(`Cuántas filas en el array (por defecto ${REPORT_ROW_CAP})`)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Página (desde 1)' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TABLE_PAGE_SIZE, description: `Filas por página (por defecto ${REPORT_PAGE_SIZE})` })),
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        pattern: '^[A-Za-z0-9_-]+$',
        description: 'El cursor `pagination.next` de la página anterior: responde la página que le sigue (en lugar de `page`)',
      }),
    ),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Texto a buscar en las columnas de texto' })),
    sortBy: Type.Optional(Type.String({ maxLength: 63, description: 'Columna por la que ordenar' })),
    sortOrder: Type.Optional(StringEnum(['asc', 'desc', 'ASC', 'DESC'])),
    scope: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          'Alcance global `pais:{id}`, `empresa:{id}` o `fundo:{id}`: solo las filas que pertenecen a él a través de la jerarquía ' +
          '(un nodo por sus localizaciones, un umbral o una medición por su ubicación, una alerta por su umbral, un mensaje por su alerta). ' +
          'En una tabla que no llega a ese nivel, 400 VALIDATION con rule `scope`.',
      }),
    ),
  },
  { additionalProperties: Type.String({ description: 'Filtro por igualdad: `{columna}={valor}`' }) },
);
export type TableListQuery = Static<typeof TableListQuerySchema> & Record<string, unknown>;

export const tableListRoute = {
  params: TableParamsSchema,
  querystring: TableListQuerySchema,
  response: { 200: Type.Union([RowsSchema, RowPageSchema]), ...readErrors },
} as const;

// The key's columns depend on the table, so the schema cannot name them: OpenAPI lists no query
// parameter (none would be true for every table) and the description says what to send.
// (`properties: {}` too: without it @fastify/swagger lists `type` and `additionalProperties`
// themselves as query parameters.)
const KeyQuerySchema = Type.Unsafe<Record<string, string>>(Type.Object({}, { additionalProperties: Type.String({ maxLength: 64 }) }));

const IfMatchHeaderSchema = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 1024, description: 'El ETag de la fila leída (GET de la fila, o la respuesta de la última escritura); `*` = cualquiera' }),
  ),
});

/** A row's new or changed columns: column → value, checked against the catalogue by the server. */
const RowBodySchema = (description: string) => Type.Unsafe<Record<string, unknown>>({ type: 'object', description });

/** `GET /{table}/composite`: one row of a composite key (the key in the query), with its ETag. */
export const compositeRowRoute = { params: TableParamsSchema, querystring: KeyQuerySchema, response: { 200: RowSchema, ...readErrors } } as const;
/** `GET /{table}/{id}`: one row by its id, with its ETag. */
export const rowRoute = { params: RowParamsSchema, response: { 200: RowSchema, ...readErrors } } as const;

/** `POST /{table}`: creates a row, answered with its ETag. */
export const createRowRoute = {
  params: TableParamsSchema,
  body: RowBodySchema('Columna → valor'),
  response: { 201: RowSchema, ...writeErrors },
} as const;
/** `PUT /{table}/composite`. */
export const updateCompositeRowRoute = {
  params: TableParamsSchema,
  querystring: KeyQuerySchema,
  headers: IfMatchHeaderSchema,
  body: RowBodySchema('Columna → valor nuevo'),
  response: { 200: RowSchema, ...writeErrors },
} as const;
/** `PUT /{table}/{id}`. */
export const updateRowRoute = {
  params: RowParamsSchema,
  headers: IfMatchHeaderSchema,
  body: RowBodySchema('Columna → valor nuevo'),
  response: { 200: RowSchema, ...writeErrors },
} as const;
/** `DELETE /{table}/composite`. */
export const deleteCompositeRowRoute = {
  params: TableParamsSchema,
  querystring: KeyQuerySchema,
  headers: IfMatchHeaderSchema,
  response: { 204: NoContent({ description: 'Borrada' }), ...writeErrors },
} as const;
/** `DELETE /{table}/{id}`. */
export const deleteRowRoute = {
  params: RowParamsSchema,
  headers: IfMatchHeaderSchema,
  response: { 204: NoContent({ description: 'Borrada' }), ...writeErrors },
} as const;

/** `POST /{table}/bulk`: many rows at once, all or none; foreign keys by id or by label. */
export const BulkCreateRequestSchema = Type.Object(
  {
    rows: Type.Array(Type.Unsafe<Record<string, unknown>>({ description: 'Columna → valor; las claves foráneas por id o por etiqueta' }), {
      minItems: 1,
      maxItems: MAX_BULK_ROWS,
      description: `Las filas, columna → valor (hasta ${MAX_BULK_ROWS}); una fila que no es un objeto es un error de esa fila`,
    }),
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Comprobar todo sin escribir nada' })),
  },
  { additionalProperties: false },
);
export type BulkCreateRequest = Static<typeof BulkCreateRequestSchema>;

/** What kind of problem a row of a massive import has. */
export const BULK_ERROR_CODES = ['VALIDATION', 'FOREIGN_KEY', 'DUPLICATE', 'CONSTRAINT'] as const;

/** One problem of one row of a massive import. */
export const BulkCreateErrorSchema = Type.Object({
  index: Type.Integer({ description: 'Posición de la fila en `rows`, desde 0' }),
  field: Type.Optional(Type.String({ description: 'La columna; ausente cuando falla la fila entera o una clave compuesta' })),
  code: StringEnum(BULK_ERROR_CODES),
  rule: Type.String(),
  limit: Type.Optional(Type.Unsafe<number | string>({ type: ['integer', 'string'] })),
  message: Type.String(),
});
export type BulkCreateError = Static<typeof BulkCreateErrorSchema>;

export const BulkCreateResultSchema = Type.Object({
  created: Type.Integer({ description: 'Filas escritas: 0 en una prueba y siempre que alguna fila tenga un error' }),
  dryRun: Type.Boolean(),
  valid: Type.Integer({ description: 'Filas sin ningún error' }),
  errorCount: Type.Integer({ description: 'Errores en total (`errors` lista los primeros)' }),
  errors: Type.Array(BulkCreateErrorSchema, { maxItems: MAX_BULK_ERRORS }),
});
export type BulkCreateResult = Static<typeof BulkCreateResultSchema>;

export const bulkCreateRoute = {
  params: TableParamsSchema,
  body: BulkCreateRequestSchema,
  response: { 200: BulkCreateResultSchema, ...writeErrors },
} as const;

/** A named list's query (`/empresas?paisId=`): its parent filter, if it has one, and nothing else. */
export const namedListRoute = (parent?: { param: string; description: string }) =>
  ({
    querystring: Type.Unsafe<Record<string, number | undefined>>(
      Type.Object(parent ? { [parent.param]: Type.Optional(IdParam(parent.description)) } : {}, { additionalProperties: false }),
    ),
    response: { 200: RowsSchema, ...readErrors },
  }) as const;

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
