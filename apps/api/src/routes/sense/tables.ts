import type { PaginatedRows, SortDirection, TableColumn, TableConstraint, TableDefinition, TableInfo, TableRow } from '@camposense/domain';
import { findTable, isWritableTable, REPORT_PAGE_SIZE, REPORT_ROW_CAP } from '@camposense/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import type { Catalogue } from '../../sense/catalogue';
import { HEAVY_READ_ROWS, sendHeavyRead } from '../../sense/streaming';
import type { HeavyReadBudget } from '../../sense/streaming';
import type { TableQueries } from '../../sense/table-queries';
import type { KeyValues, TableWrites } from '../../sense/table-writes';
import { limitSchema, paginatedSchema, readErrors, rowSchema, rowsSchema, security, tableParam, writeErrors } from './route-schemas';

/** The largest page a paginated list answers. */
export const MAX_PAGE_SIZE = 1000;

/** The query keys of a list that are not column filters. */
const LIST_PARAMETERS = new Set(['limit', 'page', 'pageSize', 'search', 'sortBy', 'sortOrder']);

interface ListQuery {
  limit?: number;
  page?: number;
  pageSize?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc' | 'ASC' | 'DESC';
  [filter: string]: unknown;
}

type TableParams = { table: string };
type RowParams = { table: string; id: number };

/** The registry entry of the URL's table: 404 for anything else ('../usuario', 'pg_user', …). */
function registeredTable(name: string): TableDefinition {
  const definition = findTable(name);
  if (!definition) throw notFound('Tabla desconocida');
  return definition;
}

/** A table the API writes: 403 for the read-only ones (readings, alerts, messages, the audit log). */
function writableTable(name: string): TableDefinition {
  const definition = registeredTable(name);
  if (!isWritableTable(definition)) throw new ApiError(403, 'FORBIDDEN', `La tabla ${definition.name} es de solo lectura`);
  return definition;
}

/** A single-column key from `/{table}/{id}`; composite-key tables take `/{table}/composite?…`. */
function singleKey(definition: TableDefinition, id: number): KeyValues {
  const [column, ...rest] = definition.key;
  if (!column || rest.length > 0) {
    throw new ApiError(400, 'BAD_REQUEST', `La clave de ${definition.name} es compuesta: use /${definition.name}/composite?${definition.key.join('=&')}=`);
  }
  return { [column]: id };
}

const actorOf = (request: FastifyRequest) => {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED');
  return { id: request.user.id };
};

const bodyOf = (body: unknown) => body as Record<string, unknown>;

const WRITE_RULES =
  'El cuerpo se valida contra el catálogo: columna desconocida (rule `unknown`), tipo (`type`, `format`), ' +
  'nulo en columna obligatoria (`required`), texto demasiado largo (`maxLength` con `limit`). ' +
  'Las columnas de identidad y de auditoría (usercreatedid, datecreated, usermodifiedid, datemodified) ' +
  'y password_hash no se aceptan: responden 400 con rule `readOnly`; el servidor las rellena con el usuario de la sesión. ' +
  '`usuario` recibe `password` (al menos 10 caracteres y distinta del correo, si no rule `weakPassword`); `login` se guarda en minúsculas.';

export interface TableRouteDependencies {
  catalogue: Catalogue;
  queries: TableQueries;
  writes: TableWrites;
  /** The budget of streamed reads (limits above one batch). */
  heavyReads: HeavyReadBudget;
}

export function registerTableRoutes(app: FastifyInstance, { catalogue, queries, writes, heavyReads }: TableRouteDependencies): void {
  const tableParams = { type: 'object', required: ['table'], properties: { table: tableParam } } as const;
  const rowParams = {
    type: 'object',
    required: ['table', 'id'],
    properties: { table: tableParam, id: { type: 'integer', minimum: 1, description: 'El valor de `<tabla>id`' } },
  } as const;
  const keyQuery = {
    type: 'object',
    description: 'Cada columna de la clave compuesta de la tabla (registro), p. ej. `?nodoid=1&tipoid=2`',
    additionalProperties: { type: 'string' },
  } as const;

  app.get<{ Params: TableParams; Querystring: ListQuery; Reply: TableRow[] | PaginatedRows }>(
    '/:table',
    {
      schema: {
        tags: ['sense'],
        summary: 'Filas de una tabla: un array, o una página con page/pageSize',
        description:
          'Sin `page` ni `pageSize` responde un array (`limit`, por defecto ' +
          `${REPORT_ROW_CAP}). Con \`page\` o \`pageSize\` responde \`{ data, pagination }\`. ` +
          '`search` busca sin distinguir mayúsculas en las columnas de texto de la tabla; `sortBy` y cualquier otra ' +
          'clave deben ser columnas de la tabla (si no, 400 VALIDATION con rule `unknown`); las demás claves filtran por igualdad.',
        security,
        params: tableParams,
        querystring: {
          type: 'object',
          properties: {
            limit: limitSchema(`Cuántas filas en el array (por defecto ${REPORT_ROW_CAP})`),
            page: { type: 'integer', minimum: 1, description: 'Página (desde 1)' },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: `Filas por página (por defecto ${REPORT_PAGE_SIZE})` },
            search: { type: 'string', maxLength: 200, description: 'Texto a buscar en las columnas de texto' },
            sortBy: { type: 'string', maxLength: 63, description: 'Columna por la que ordenar' },
            sortOrder: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
          },
          additionalProperties: { type: 'string', description: 'Filtro por igualdad: `{columna}={valor}`' },
        },
        response: { 200: { anyOf: [rowsSchema, paginatedSchema] }, ...readErrors },
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      const { limit, page, pageSize, search, sortBy, sortOrder } = request.query;
      const filters: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(request.query)) {
        if (!LIST_PARAMETERS.has(key)) filters[key] = value;
      }
      const criteria = { search, sortBy, sortOrder: sortOrder?.toLowerCase() as SortDirection | undefined, filters };
      if (page !== undefined || pageSize !== undefined) {
        return queries.page(definition, criteria, page ?? 1, pageSize ?? REPORT_PAGE_SIZE);
      }
      const rows = limit ?? REPORT_ROW_CAP;
      // Up to 1,000,000 rows (medicion): streamed in keyset batches under the heavy-read budget.
      if (rows > HEAVY_READ_ROWS) return sendHeavyRead(request, reply, heavyReads, queries.listBatches(definition, criteria, rows));
      return queries.list(definition, criteria, rows);
    },
  );

  app.get<{ Params: TableParams; Reply: TableColumn[] }>(
    '/:table/columns',
    {
      schema: {
        tags: ['sense'],
        summary: 'Columnas de una tabla según el catálogo de la base de datos',
        security,
        params: tableParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['column_name', 'data_type', 'is_nullable', 'column_default'],
              properties: {
                column_name: { type: 'string' },
                data_type: { type: 'string' },
                is_nullable: { type: 'string', enum: ['YES', 'NO'] },
                column_default: { type: ['string', 'null'] },
              },
            },
          },
          ...readErrors,
        },
      },
    },
    async (request) => [...(await catalogue.table(registeredTable(request.params.table))).visible],
  );

  app.get<{ Params: TableParams; Reply: TableInfo }>(
    '/:table/info',
    {
      schema: {
        tags: ['sense'],
        summary: 'Clave primaria y columnas de identidad de una tabla',
        security,
        params: tableParams,
        response: {
          200: {
            type: 'object',
            required: ['table_name', 'primary_key', 'identity_columns'],
            properties: {
              table_name: { type: 'string' },
              primary_key: { type: 'array', items: { type: 'string' } },
              identity_columns: { type: 'array', items: { type: 'string' } },
            },
          },
          ...readErrors,
        },
      },
    },
    (request) => catalogue.info(registeredTable(request.params.table)),
  );

  app.get<{ Params: TableParams; Reply: TableConstraint[] }>(
    '/:table/constraints',
    {
      schema: {
        tags: ['sense'],
        summary: 'Restricciones de una tabla (clave primaria, únicas, claves foráneas, checks)',
        security,
        params: tableParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['constraint_name', 'constraint_type', 'columns', 'references'],
              properties: {
                constraint_name: { type: 'string' },
                constraint_type: { type: 'string', enum: ['PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY', 'CHECK', 'EXCLUDE'] },
                columns: { type: 'array', items: { type: 'string' } },
                references: {
                  type: ['object', 'null'],
                  description: 'La tabla y columnas referenciadas por una clave foránea; null en las demás',
                  properties: { table: { type: 'string' }, columns: { type: 'array', items: { type: 'string' } } },
                },
              },
            },
          },
          ...readErrors,
        },
      },
    },
    (request) => catalogue.constraints(registeredTable(request.params.table)),
  );

  app.post<{ Params: TableParams; Body: Record<string, unknown> }>(
    '/:table',
    {
      schema: {
        tags: ['sense'],
        summary: 'Crea una fila',
        description: WRITE_RULES,
        security,
        params: tableParams,
        body: { type: 'object', description: 'Columna → valor' },
        response: { 201: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const row = await writes.insert(writableTable(request.params.table), bodyOf(request.body), actorOf(request));
      return reply.status(201).send(row);
    },
  );

  app.put<{ Params: TableParams; Querystring: Record<string, string>; Body: Record<string, unknown> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza la fila de una clave compuesta (la clave en la query)',
        description: `Falta una parte de la clave → 400 (rule \`required\`). ${WRITE_RULES}`,
        security,
        params: tableParams,
        querystring: keyQuery,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request) =>
      writes.update(writableTable(request.params.table), request.query, bodyOf(request.body), actorOf(request)),
  );

  app.put<{ Params: RowParams; Body: Record<string, unknown> }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza una fila por su id',
        description: `404 si no existe. ${WRITE_RULES}`,
        security,
        params: rowParams,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request) => {
      const definition = writableTable(request.params.table);
      return writes.update(definition, singleKey(definition, request.params.id), bodyOf(request.body), actorOf(request));
    },
  );

  app.delete<{ Params: TableParams; Querystring: Record<string, string> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra la fila de una clave compuesta (la clave en la query)',
        description: '204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian.',
        security,
        params: tableParams,
        querystring: keyQuery,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      await writes.remove(writableTable(request.params.table), request.query, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: RowParams }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra una fila por su id',
        description: '204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian.',
        security,
        params: rowParams,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      await writes.remove(definition, singleKey(definition, request.params.id), actorOf(request));
      return reply.status(204).send();
    },
  );
}
