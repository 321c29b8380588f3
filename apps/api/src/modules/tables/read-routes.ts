import type { SortDirection, TableDefinition, TableListQuery } from '@camposense/domain';
import { compositeRowRoute, REPORT_PAGE_SIZE, REPORT_ROW_CAP, rowRoute, tableColumnsRoute, tableConstraintsRoute, tableInfoRoute, tableListRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors/api-error';
import { isReader, readerHiddenColumns, readerQueryProblems, redactForReader } from '../../security/reader-view';
import type { ReadingsFollowed } from '../../sense/read-cache';
import { grantConditions, scopeConditions } from '../../sense/scope-condition';
import { grantOf } from '../../security/tenancy';
import { HEAVY_READ_ROWS, measuredRead, sendHeavyRead } from '../../sense/streaming';
import { MAX_PAGE_OFFSET, validationError } from './queries';
import { KEY_QUERY_DOC, registeredTable, sendRow, singleKey } from './route-support';
import type { TableRouteDependencies } from './routes';
import { security } from '../../schemas';
import type { KeyValues } from './writes';

/** The query keys that choose a page of a list, not the list. */
const PAGE_PARAMETERS = new Set(['page', 'pageSize', 'after', 'sortBy', 'sortOrder']);

/** The query keys of a list that are not column filters. */
const LIST_PARAMETERS = new Set(['limit', 'page', 'pageSize', 'after', 'search', 'sortBy', 'sortOrder', 'scope']);

/**
 * Which readings a table's page changes with. A batch of readings alone writes only medicion (and the
 * latest-value table, which has no page here); a batch that also writes alerts, closes episodes or
 * settles alerts publishes an alerts event, which forgets every page. So every other page survives
 * an ordinary batch: under ingest every second, the alert and message pages are not recomputed each time.
 */
function followedReadings(table: string): ReadingsFollowed {
  return table === 'medicion' ? 'all' : 'none';
}

/** `GET /{table}`: a table's rows, as an array or a page. */
export function registerListRoute(fastify: FastifyInstance, { queries, heavyReads, readCache }: TableRouteDependencies): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
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
        ...tableListRoute,
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      const query: TableListQuery = request.query;
      const { limit, page, pageSize, after, search, sortBy, sortOrder } = query;
      const filters: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(query)) {
        if (!LIST_PARAMETERS.has(key)) filters[key] = value;
      }
      // A reader (role user) neither sees nor narrows by other people's e-mails and phones.
      const reader = isReader(request.user);
      const hidden = reader ? readerHiddenColumns(definition.name) : [];
      if (hidden.length > 0) {
        const problems = readerQueryProblems(definition.name, [...Object.keys(filters), ...(sortBy === undefined ? [] : [sortBy])]);
        if (problems.length > 0) throw validationError(problems.map((problem) => (problem.field === sortBy ? { ...problem, field: 'sortBy' } : problem)));
      }
      const grant = await grantOf(request);
      const criteria = {
        search,
        sortBy,
        sortOrder: sortOrder?.toLowerCase() as SortDirection | undefined,
        filters,
        conditions: [...scopeConditions(definition.name, query.scope), ...grantConditions(definition.name, 't', grant)],
        searchColumns: hidden.length > 0 ? definition.searchColumns.filter((column) => !hidden.includes(column)) : undefined,
      };
      if (page !== undefined || pageSize !== undefined || after !== undefined) {
        // Kept per viewer as redacted: a reader sees other people's contacts hidden, their own not;
        // and per grant, so one grant's rows never answer another (issue 32).
        const viewer = `${reader ? `user ${request.user?.id ?? ''}` : 'admin'} ${grant.key}`;
        return readCache.get(
          `${request.url} ${viewer}`,
          () =>
            measuredRead(request, reply, heavyReads, async () => {
              // Every page of one list shares its total: readers paging through 200,000 readings
              // counted them all for each page.
              const listKey = Object.entries(query)
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
}

/** `GET /{table}/columns`, `/info`, `/constraints`: what the database's catalogue says of a table. */
export function registerCatalogueRoutes(fastify: FastifyInstance, { catalogue }: TableRouteDependencies): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/:table/columns',
    {
      schema: {
        tags: ['sense'],
        summary: 'Columnas de una tabla según el catálogo de la base de datos',
        security,
        ...tableColumnsRoute,
      },
    },
    async (request) => [...(await catalogue.table(registeredTable(request.params.table))).visible],
  );

  app.get(
    '/:table/info',
    {
      schema: {
        tags: ['sense'],
        summary: 'Clave primaria y columnas de identidad de una tabla',
        security,
        ...tableInfoRoute,
      },
    },
    (request) => catalogue.info(registeredTable(request.params.table)),
  );

  app.get(
    '/:table/constraints',
    {
      schema: {
        tags: ['sense'],
        summary: 'Restricciones de una tabla (clave primaria, únicas, claves foráneas, checks)',
        security,
        ...tableConstraintsRoute,
      },
    },
    (request) => catalogue.constraints(registeredTable(request.params.table)),
  );
}

/** `GET /{table}/composite` and `GET /{table}/{id}`: one row with its ETag. */
export function registerRowReadRoutes(fastify: FastifyInstance, { catalogue, queries, writes }: TableRouteDependencies): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** One row by its key, with embeds as lists answer them, and its ETag. */
  const readRow = async (definition: TableDefinition, key: KeyValues, request: FastifyRequest, reply: FastifyReply) => {
    await writes.keyCondition(definition, key);
    const filters = Object.fromEntries(Object.entries(key).map(([name, value]) => [name, String(value)]));
    // A row outside the grant answers 404 like a missing one: its existence is not told (issue 32).
    const conditions = grantConditions(definition.name, 't', await grantOf(request));
    const [row] = redactForReader(definition, await queries.list(definition, { filters, conditions }, 1), request.user);
    if (!row) throw notFound('No existe un registro con esa clave');
    return sendRow(catalogue, definition, row, reply);
  };

  app.get(
    '/:table/composite',
    {
      schema: {
        tags: ['sense'],
        summary: 'Una fila de una clave compuesta, con su ETag',
        description: `${KEY_QUERY_DOC}404 si no existe.`,
        security,
        ...compositeRowRoute,
      },
    },
    async (request, reply) => readRow(registeredTable(request.params.table), request.query, request, reply),
  );

  app.get(
    '/:table/:id',
    {
      schema: {
        tags: ['sense'],
        summary: 'Una fila por su id, con su ETag',
        description: '404 si no existe. La cabecera `ETag` es la versión que `If-Match` espera al actualizar.',
        security,
        ...rowRoute,
      },
    },
    async (request, reply) => {
      const definition = registeredTable(request.params.table);
      return readRow(definition, singleKey(definition, request.params.id), request, reply);
    },
  );
}
