import type {
  BulkCreateRequest,
  BulkCreateResult,
  LabelPage,
  SortDirection,
  TableColumn,
  TableConstraint,
  TableDefinition,
  TableInfo,
  TableRow,
} from '@camposense/domain';
import { findTable, isWritableTable, MAX_BULK_ERRORS, MAX_BULK_ROWS, MAX_LABEL_PAGE_SIZE, REPORT_PAGE_SIZE, REPORT_ROW_CAP } from '@camposense/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import type { BulkCreate } from '../../sense/bulk-create';
import type { Catalogue } from '../../sense/catalogue';
import { hasLabels, labelPage } from '../../sense/labels';
import { checkFilterValue } from '../../sense/row-values';
import { scopeConditions } from '../../sense/scope-condition';
import { columnRef } from '../../sense/sql-names';
import { HEAVY_READ_ROWS, measuredRead, sendHeavyRead } from '../../sense/streaming';
import type { ReadCache, ReadingsFollowed } from '../../sense/read-cache';
import type { HeavyReadBudget } from '../../sense/streaming';
import { parseIfMatch, rowEtag } from '../../sense/row-etag';
import { MAX_PAGE_OFFSET } from '../../sense/table-queries';
import type { CursorPage, TableQueries } from '../../sense/table-queries';
import type { KeyValues, TableWrites } from '../../sense/table-writes';
import { isReader, readerHiddenColumns, readerQueryProblems, redactForReader } from '../../security/reader-view';
import { validationError } from '../../sense/table-queries';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '@camposense/db';
import {
  bulkBodySchema,
  bulkResultSchema,
  labelPageSchema,
  limitSchema,
  cursorPageSchema,
  readErrors,
  rowSchema,
  rowsSchema,
  security,
  tableParam,
  writeErrors,
} from './route-schemas';

/** The largest page a paginated list answers. */
export const MAX_PAGE_SIZE = 1000;

/** The query keys that choose a page of a list, not the list. */
const PAGE_PARAMETERS = new Set(['page', 'pageSize', 'after', 'sortBy', 'sortOrder']);

/** The query keys of a list that are not column filters. */
const LIST_PARAMETERS = new Set(['limit', 'page', 'pageSize', 'after', 'search', 'sortBy', 'sortOrder', 'scope']);

interface ListQuery {
  limit?: number;
  page?: number;
  pageSize?: number;
  after?: string;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc' | 'ASC' | 'DESC';
  scope?: string;
  [filter: string]: unknown;
}

/** Bodies of `POST /{table}/bulk` up to this size (100,000 rows of a threshold with labels fit); larger answer 413. */
export const BULK_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The query keys of `/{table}/labels` that are not parent filters. */
const LABEL_PARAMETERS = new Set(['ids', 'search', 'page', 'pageSize']);

interface LabelQuery {
  ids?: string;
  search?: string;
  page?: number;
  pageSize?: number;
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
  return { id: request.user.id, sessionId: request.user.sessionId };
};

const bodyOf = (body: unknown) => body as Record<string, unknown>;

/** The write's preconditions from its headers (If-Match). */
const preconditionsOf = (request: FastifyRequest) => ({ ifMatch: parseIfMatch(request.headers['if-match']) });

const ETAG_DOC =
  'La respuesta lleva `ETag` (la versión de la fila). Con `If-Match: <etag>` la escritura solo se hace si la fila ' +
  'sigue en esa versión; si otro la cambió antes, 412 PRECONDITION_FAILED y nada cambia.';

const ifMatchHeader = {
  type: 'object',
  properties: {
    'if-match': { type: 'string', maxLength: 1024, description: 'El ETag de la fila leída (GET de la fila, o la respuesta de la última escritura); `*` = cualquiera' },
  },
} as const;

const WRITE_RULES =
  'El cuerpo se valida contra el catálogo: columna desconocida (rule `unknown`), tipo (`type`, `format`), ' +
  'nulo en columna obligatoria (`required`), texto demasiado largo (`maxLength` con `limit`). ' +
  'Las columnas de identidad y de auditoría (usercreatedid, datecreated, usermodifiedid, datemodified) ' +
  'y password_hash no se aceptan: responden 400 con rule `readOnly`; el servidor las rellena con el usuario de la sesión. ' +
  '`usuario` recibe `password`: de 10 a 1024 caracteres, distinta del correo y difícil de adivinar (ni común, ni repetida, ' +
  'ni secuencia, ni el nombre del usuario; si no, rule `weakPassword`, o `maxLength` con `limit`); `login` se guarda en minúsculas. ' +
  'Cambiar `rol`, `statusid` o `password` cierra las sesiones abiertas del usuario.';

export interface TableRouteDependencies {
  catalogue: Catalogue;
  queries: TableQueries;
  writes: TableWrites;
  bulk: BulkCreate;
  database: Database;
  /** The budget of streamed reads (limits above one batch). */
  heavyReads: HeavyReadBudget;
  /** Where pages (the reports, the status views) are kept between writes. */
  readCache: ReadCache;
}

/** A table whose massive operation the spec gives (sensor, metricasensor, umbral): 403 for the others. */
function massiveTable(name: string): TableDefinition {
  const definition = writableTable(name);
  if (!definition.operations.includes('massive')) throw new ApiError(403, 'FORBIDDEN', `La tabla ${definition.name} no admite carga masiva`);
  return definition;
}

/**
 * Which readings a table's page changes with. A batch of readings alone writes only medicion (and the
 * latest-value table, which has no page here); a batch that also writes alerts, closes episodes or
 * settles alerts publishes an alerts event, which forgets every page. So every other page survives
 * an ordinary batch: under ingest every second, the alert and message pages are not recomputed each time.
 */
function followedReadings(table: string): ReadingsFollowed {
  return table === 'medicion' ? 'all' : 'none';
}

export function registerTableRoutes(app: FastifyInstance, { catalogue, queries, writes, bulk, database, heavyReads, readCache }: TableRouteDependencies): void {
  const tableParams = { type: 'object', required: ['table'], properties: { table: tableParam } } as const;
  const rowParams = {
    type: 'object',
    required: ['table', 'id'],
    properties: { table: tableParam, id: { type: 'integer', minimum: 1, description: 'El valor de `<tabla>id`' } },
  } as const;
  // The key's columns depend on the table, so the schema cannot name them: OpenAPI lists no query
  // parameter (none would be true for every table) and the description says what to send.
  // (`properties: {}` too: without it @fastify/swagger lists `type` and `additionalProperties`
  // themselves as query parameters.)
  const keyQuery = {
    type: 'object',
    properties: {},
    additionalProperties: { type: 'string', maxLength: 64 },
  } as const;
  const KEY_QUERY_DOC =
    'La clave va en la query: cada columna de la clave compuesta de la tabla, p. ej. `?nodoid=1&tipoid=2` ' +
    '(sensor), `?entidadid=&ubicacionid=&nodoid=` (localizacion). ';

  // (Not answering the reply itself: a reply is thenable, and awaiting it waits for it to be sent.)
  const setEtag = async (definition: TableDefinition, row: TableRow, reply: FastifyReply): Promise<void> => {
    reply.header('etag', rowEtag(await catalogue.table(definition), row));
  };
  /** One row by its key, with embeds as lists answer them, and its ETag. */
  const readRow = async (definition: TableDefinition, key: KeyValues, request: FastifyRequest, reply: FastifyReply) => {
    await writes.keyCondition(definition, key);
    const filters = Object.fromEntries(Object.entries(key).map(([name, value]) => [name, String(value)]));
    const [row] = redactForReader(definition, await queries.list(definition, { filters }, 1), request.user);
    if (!row) throw notFound('No existe un registro con esa clave');
    await setEtag(definition, row, reply);
    return reply.send(row);
  };
  /** The update of the row at `key` from the request (body, If-Match), answered with its new ETag. */
  const updateRow = async (definition: TableDefinition, key: KeyValues, request: FastifyRequest, reply: FastifyReply) => {
    const row = await writes.update(definition, key, bodyOf(request.body), actorOf(request), preconditionsOf(request));
    await setEtag(definition, row, reply);
    return reply.send(row);
  };

  app.get<{ Params: TableParams; Querystring: ListQuery; Reply: TableRow[] | CursorPage }>(
    '/:table',
    {
      schema: {
        tags: ['sense'],
        summary: 'Filas de una tabla: un array, o una página con page/pageSize',
        description:
          'Sin `page` ni `pageSize` responde un array (`limit`, por defecto ' +
          `${REPORT_ROW_CAP}). Con \`page\`, \`pageSize\` o \`after\` responde \`{ data, pagination }\`. ` +
          `Una página por número llega hasta ${MAX_PAGE_OFFSET.toLocaleString('en')} filas desde el principio o desde el final de la lista; ` +
          'más adentro responde 400 VALIDATION con rule `maximum` en `page` (`limit` = la última página alcanzable desde el principio). ' +
          '`pagination.next` es el cursor de la página siguiente (null en la última): `after=<cursor>` con los mismos filtros y orden la ' +
          'responde a cualquier profundidad sin recorrer las anteriores (un cursor ajeno o de otro orden: 400 con rule `format` en `after`). ' +
          'Una lectura que pasa de su presupuesto de tiempo cuenta como lectura grande (429 RATE_LIMITED con Retry-After cuando se acumulan). ' +
          '`search` busca sin distinguir mayúsculas en las columnas de texto de la tabla; `sortBy` y cualquier otra ' +
          'clave deben ser columnas de la tabla (si no, 400 VALIDATION con rule `unknown`); las demás claves filtran por igualdad.',
        security,
        params: tableParams,
        querystring: {
          type: 'object',
          properties: {
            limit: limitSchema(`Cuántas filas en el array (por defecto ${REPORT_ROW_CAP})`),
            page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Página (desde 1)' },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: `Filas por página (por defecto ${REPORT_PAGE_SIZE})` },
            after: {
              type: 'string',
              minLength: 1,
              maxLength: 4096,
              pattern: '^[A-Za-z0-9_-]+$',
              description: 'El cursor `pagination.next` de la página anterior: responde la página que le sigue (en lugar de `page`)',
            },
            search: { type: 'string', maxLength: 200, description: 'Texto a buscar en las columnas de texto' },
            sortBy: { type: 'string', maxLength: 63, description: 'Columna por la que ordenar' },
            sortOrder: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
            scope: {
              type: 'string',
              maxLength: 20,
              description:
                'Alcance global `pais:{id}`, `empresa:{id}` o `fundo:{id}`: solo las filas que pertenecen a él a través de la jerarquía ' +
                '(un nodo por sus localizaciones, un umbral o una medición por su ubicación, una alerta por su umbral, un mensaje por su alerta). ' +
                'En una tabla que no llega a ese nivel, 400 VALIDATION con rule `scope`.',
            },
          },
          additionalProperties: { type: 'string', description: 'Filtro por igualdad: `{columna}={valor}`' },
        },
        response: { 200: { anyOf: [rowsSchema, cursorPageSchema] }, ...readErrors },
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      const { limit, page, pageSize, after, search, sortBy, sortOrder } = request.query;
      const filters: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(request.query)) {
        if (!LIST_PARAMETERS.has(key)) filters[key] = value;
      }
      // A reader (role user) neither sees nor narrows by other people's e-mails and phones.
      const reader = isReader(request.user);
      const hidden = reader ? readerHiddenColumns(definition.name) : [];
      if (hidden.length > 0) {
        const problems = readerQueryProblems(definition.name, [...Object.keys(filters), ...(sortBy === undefined ? [] : [sortBy])]);
        if (problems.length > 0) throw validationError(problems.map((problem) => (problem.field === sortBy ? { ...problem, field: 'sortBy' } : problem)));
      }
      const criteria = {
        search,
        sortBy,
        sortOrder: sortOrder?.toLowerCase() as SortDirection | undefined,
        filters,
        conditions: scopeConditions(definition.name, request.query.scope),
        searchColumns: hidden.length > 0 ? definition.searchColumns.filter((column) => !hidden.includes(column)) : undefined,
      };
      if (page !== undefined || pageSize !== undefined || after !== undefined) {
        // Kept per viewer as redacted: a reader sees other people's contacts hidden, their own not.
        const viewer = reader ? `user ${request.user?.id ?? ''}` : 'admin';
        return readCache.get(
          `${request.url} ${viewer}`,
          () =>
            measuredRead(request, reply, heavyReads, async () => {
              // Every page of one list shares its total: readers paging through 200,000 readings
              // counted them all for each page.
              const listKey = Object.entries(request.query)
                .filter(([key]) => !PAGE_PARAMETERS.has(key))
                .sort(([left], [right]) => left.localeCompare(right));
              const totalOf = (count: () => Promise<number>) =>
                readCache.get(`total ${definition.name} ${JSON.stringify(listKey)} ${viewer}`, count, followedReadings(definition.name));
              const answer = await queries.page(definition, criteria, { page: page ?? 1, pageSize: pageSize ?? REPORT_PAGE_SIZE, after }, totalOf);
              redactForReader(definition, answer.data, request.user);
              return answer;
            }),
          followedReadings(definition.name),
        );
      }
      const rows = limit ?? REPORT_ROW_CAP;
      // Up to 1,000,000 rows (medicion): streamed in keyset batches under the heavy-read budget. The
      // tables a reader sees redacted (usuario, correo, contacto) are small and never streamed.
      if (rows > HEAVY_READ_ROWS && hidden.length === 0) {
        return sendHeavyRead(request, reply, heavyReads, queries.listBatches(definition, criteria, rows));
      }
      return redactForReader(definition, await measuredRead(request, reply, heavyReads, () => queries.list(definition, criteria, rows)), request.user);
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

  app.get<{ Params: TableParams; Querystring: LabelQuery; Reply: LabelPage }>(
    '/:table/labels',
    {
      schema: {
        tags: ['sense'],
        summary: 'Etiquetas de las filas de una tabla referenciada: por ids o buscando, paginadas',
        description:
          'Lo que una clave foránea muestra en lugar de su id (el nombre de la empresa, no `empresaid 3`): ' +
          '`{ id, label }` en orden de etiqueta, la etiqueta son las columnas de nombre de la tabla unidas por un espacio. ' +
          `\`ids=3,7,9\` (hasta ${MAX_LABEL_PAGE_SIZE}) nombra las filas de una página de otra tabla con una sola consulta; ` +
          '`search` busca sin distinguir mayúsculas en la etiqueta y en las columnas de búsqueda (DevEUI del nodo, abreviatura de la métrica), ' +
          'para los selects con búsqueda; las demás claves filtran por igualdad (`?paisid=1` para las empresas de un país). ' +
          'Las tablas sin etiqueta (las de clave compuesta) responden 400. Un lector no obtiene etiquetas hechas de correos o teléfonos (403).',
        security,
        params: tableParams,
        querystring: {
          type: 'object',
          properties: {
            ids: { type: 'string', maxLength: 1200, pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$', description: 'Ids separados por comas' },
            search: { type: 'string', maxLength: 200, description: 'Texto a buscar en la etiqueta' },
            page: { type: 'integer', minimum: 1, description: 'Página (desde 1)' },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_LABEL_PAGE_SIZE, description: `Filas por página (por defecto ${MAX_LABEL_PAGE_SIZE})` },
          },
          additionalProperties: { type: 'string', maxLength: 64, description: 'Filtro por igualdad: `{columna}={valor}`' },
        },
        response: { 200: labelPageSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      if (!hasLabels(definition)) throw new ApiError(400, 'BAD_REQUEST', `La tabla ${definition.name} no tiene etiqueta: sus filas se nombran por su clave`);
      const hidden = isReader(request.user) ? readerHiddenColumns(definition.name) : [];
      if ([...definition.labelColumns, ...definition.lookupColumns].some((column) => hidden.includes(column))) {
        throw new ApiError(403, 'FORBIDDEN', `Su rol no permite ver las etiquetas de ${definition.name}`);
      }
      const table = await catalogue.table(definition);
      const conditions: SQL[] = [];
      const problems = [];
      for (const [key, raw] of Object.entries(request.query)) {
        if (LABEL_PARAMETERS.has(key)) continue;
        const column = table.columns.get(key);
        if (!column || definition.hiddenColumns.includes(key) || hidden.includes(key)) {
          problems.push({ field: key, rule: 'unknown' });
          continue;
        }
        const checked = checkFilterValue(column, raw);
        if (checked.ok) conditions.push(sql`${columnRef('r', key)} = ${checked.value}`);
        else problems.push(checked.detail);
      }
      const ids = request.query.ids?.split(',').map(Number);
      if (ids && ids.length > MAX_LABEL_PAGE_SIZE) problems.push({ field: 'ids', rule: 'maxItems', limit: MAX_LABEL_PAGE_SIZE });
      if (problems.length > 0) throw validationError(problems);
      const pageSize = request.query.pageSize ?? MAX_LABEL_PAGE_SIZE;
      return measuredRead(request, reply, heavyReads, () =>
        labelPage(database, definition, { ids, search: request.query.search, page: request.query.page ?? 1, pageSize, conditions }),
      );
    },
  );

  app.get<{ Params: TableParams; Querystring: Record<string, string> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Una fila de una clave compuesta, con su ETag',
        description: `${KEY_QUERY_DOC}404 si no existe.`,
        security,
        params: tableParams,
        querystring: keyQuery,
        response: { 200: rowSchema, ...readErrors },
      },
    },
    async (request, reply) => readRow(registeredTable(request.params.table), request.query, request, reply),
  );

  app.get<{ Params: RowParams }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Una fila por su id, con su ETag',
        description: '404 si no existe. La cabecera `ETag` es la versión que `If-Match` espera al actualizar.',
        security,
        params: rowParams,
        response: { 200: rowSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      return readRow(definition, singleKey(definition, request.params.id), request, reply);
    },
  );

  app.post<{ Params: TableParams; Body: Record<string, unknown> }>(
    '/:table',
    {
      schema: {
        tags: ['sense'],
        summary: 'Crea una fila',
        description: `${WRITE_RULES} La respuesta lleva el \`ETag\` de la fila creada.`,
        security,
        params: tableParams,
        body: { type: 'object', description: 'Columna → valor' },
        response: { 201: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      const row = await writes.insert(definition, bodyOf(request.body), actorOf(request));
      await setEtag(definition, row, reply);
      return reply.status(201).send(row);
    },
  );

  app.post<{ Params: TableParams; Body: BulkCreateRequest; Reply: BulkCreateResult }>(
    '/:table/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['sense'],
        summary: 'Carga masiva: muchas filas, todas o ninguna',
        description:
          `Solo las tablas con operación masiva (sensor, metricasensor, umbral; las demás 403) y solo administradores. ` +
          `Hasta ${MAX_BULK_ROWS.toLocaleString('en')} filas (más: 400 con rule \`maxItems\`) y ${BULK_BODY_LIMIT_BYTES / 1024 / 1024} MiB (más: 413). ` +
          'Cada fila se valida como en `POST /{table}`; además, como vienen de un CSV: un texto se lee con el tipo de su columna ' +
          '(`"12"` en una columna entera es 12, `"true"` un booleano) y una celda vacía es un valor ausente (el valor por defecto). ' +
          'Una clave foránea va por id o por etiqueta: el nombre de la fila referenciada o una de sus columnas de búsqueda ' +
          '(nodo: nombre, DevEUI o abreviatura; tipo: nombre; métrica: nombre o abreviatura; ubicación, criticidad: nombre o abreviatura), ' +
          'sin distinguir mayúsculas; una etiqueta repetida (el nombre de un tipo en varias entidades) se decide por las demás claves de la fila ' +
          '(el tipo de una sonda del nodo de la fila, vía sensor y metricasensor). Se comprueba todo el lote: etiquetas desconocidas o ambiguas (`FOREIGN_KEY`, rule `unknownLabel`, `ambiguousLabel`), ' +
          'filas referenciadas que no existen (`missing`), restricciones check (`CONSTRAINT`, rule `check`, o `minAboveMax` para un umbral con mínimo mayor que el máximo), duplicados con filas guardadas (`DUPLICATE`, rule `exists`) ' +
          'y con filas anteriores del lote (rule `repeated`, `limit` = índice de la anterior). ' +
          `Responde 200 \`{ created, dryRun, valid, errors, errorCount }\`: \`errors\` lista hasta ${MAX_BULK_ERRORS} errores en orden de fila ` +
          '(`index` desde 0); con cualquier error no se escribe nada (`created: 0`). `dryRun: true` comprueba todo y no escribe nada. ' +
          'El trabajo va por tramos de 1.000 filas para que las demás peticiones no esperen a la carga entera. En PostgreSQL la escritura es una ' +
          'sola transacción; en PGlite (la base embebida) se escribe por tramos de 250 filas: una carga mayor aparece por tramos mientras se ' +
          'escribe, y si un tramo falla se borran los ya escritos antes de responder el error.',
        security,
        params: tableParams,
        body: bulkBodySchema,
        response: { 200: bulkResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const definition = massiveTable(request.params.table);
      return bulk.create(definition, request.body.rows, actorOf(request), request.body.dryRun ?? false);
    },
  );

  app.put<{ Params: TableParams; Querystring: Record<string, string>; Body: Record<string, unknown> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}Falta una parte de la clave → 400 (rule \`required\`). ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        params: tableParams,
        querystring: keyQuery,
        headers: ifMatchHeader,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => updateRow(writableTable(request.params.table), request.query, request, reply),
  );

  app.put<{ Params: RowParams; Body: Record<string, unknown> }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Actualiza una fila por su id',
        description: `404 si no existe. ${ETAG_DOC} ${WRITE_RULES}`,
        security,
        params: rowParams,
        headers: ifMatchHeader,
        body: { type: 'object', description: 'Columna → valor nuevo' },
        response: { 200: rowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      return updateRow(definition, singleKey(definition, request.params.id), request, reply);
    },
  );

  app.delete<{ Params: TableParams; Querystring: Record<string, string> }>(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra la fila de una clave compuesta (la clave en la query)',
        description: `${KEY_QUERY_DOC}204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con \`details\` por tabla que la referencia (rule \`referencedBy\`, \`field\` la tabla, \`limit\` cuántas filas, \`message\` sus columnas) y el mensaje que las nombra; 412 si \`If-Match\` no es la versión actual.`,
        security,
        params: tableParams,
        querystring: keyQuery,
        headers: ifMatchHeader,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      await writes.remove(writableTable(request.params.table), request.query, actorOf(request), preconditionsOf(request));
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: RowParams }>(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Borra una fila por su id',
        description: '204; 404 si no existe; 409 FOREIGN_KEY mientras otras filas la referencian, con `details` por tabla que la referencia (rule `referencedBy`, `field` la tabla, `limit` cuántas filas, `message` sus columnas) y el mensaje que las nombra; 412 si `If-Match` no es la versión actual.',
        security,
        params: rowParams,
        headers: ifMatchHeader,
        response: { 204: { type: 'null', description: 'Borrada' }, ...writeErrors },
      },
    },
    async (request, reply) => {
      const definition = writableTable(request.params.table);
      await writes.remove(definition, singleKey(definition, request.params.id), actorOf(request), preconditionsOf(request));
      return reply.status(204).send();
    },
  );
}
