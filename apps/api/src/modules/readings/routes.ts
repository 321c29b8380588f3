import type { CountAnswer, ReadingsQuery } from '@camposense/domain';
import { CHART_DATA_LIMIT, enCursoRoute, entityReadingsRoute, GET_ALL_THRESHOLD, NODE_LIST_DEFAULT_LIMIT, nodeListRoute, readingsRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDateWindow } from '../../sense/date-window';
import type { ReadCache } from '../../sense/read-cache';
import type { ReadingQueries, ReadingWindow } from './queries';
import { HEAVY_READ_ROWS, measuredRead, sendHeavyRead } from '../../sense/streaming';
import type { HeavyReadBudget } from '../../sense/streaming';
import { security } from '../../schemas';
import { redactJsonText } from '../../security/redaction';
import { grantedLocations, grantOf } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';

/** The window of a readings request; 400 naming the field for a malformed or reversed date. */
function readingWindow(query: ReadingsQuery, grant: Grant): ReadingWindow {
  const { start, end } = parseDateWindow('startDate', query.startDate, 'endDate', query.endDate);
  return { ubicacionId: query.ubicacionId, entidadId: query.entidadId, start, end, locations: grantedLocations(grant) };
}

function readingsLimit(query: ReadingsQuery): number | null {
  if (query.getAll === true) return null;
  const limit = query.limit ?? CHART_DATA_LIMIT;
  return limit >= GET_ALL_THRESHOLD ? null : limit;
}

export function registerReadingRoutes(fastify: FastifyInstance, queries: ReadingQueries, heavyReads: HeavyReadBudget, readCache: ReadCache): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const answer = async (request: FastifyRequest<{ Querystring: ReadingsQuery }>, reply: FastifyReply): Promise<CountAnswer | FastifyReply> => {
    const { query } = request;
    const grant = await grantOf(request);
    const window = readingWindow(query, grant);
    if (query.countOnly === true) return { count: await measuredRead(request, reply, heavyReads, () => queries.count(window)) };
    const limit = readingsLimit(query);
    // getAll and large limits: streamed in batches under the user's heavy-read budget (issue 10).
    if (limit === null || limit > HEAVY_READ_ROWS) {
      return sendHeavyRead(request, reply, heavyReads, queries.readingsBatches(window, limit));
    }
    // The database wrote the JSON (see readingsStatement): a JSON string is sent as it is.
    // A location's readings follow the nodes placed there: another node's batch leaves them kept.
    const json = await readCache.getFollowing(`${request.url} ${grant.key}`, () =>
      measuredRead(request, reply, heavyReads, async () => {
        const [value, placed] = await Promise.all([
          queries.readingsJson(window, limit),
          window.ubicacionId === undefined ? null : queries.nodesPlacedAt(window.ubicacionId),
        ]);
        return { value, follows: placed === null ? ('all' as const) : { nodes: new Set(placed) } };
      }),
    );
    return reply.type('application/json; charset=utf-8').send(redactJsonText(json, request.user));
  };

  // Untyped by the provider: the readings go out as JSON the database wrote, or streamed, not through
  // the serialiser, so the handler answers the reply; the query's type is the contract's all the same.
  fastify.get<{ Querystring: ReadingsQuery }>(
    '/mediciones',
    {
      schema: {
        tags: ['sense'],
        summary: 'Lecturas de una ubicación en una ventana de fechas',
        security,
        ...readingsRoute,
      },
    },
    answer,
  );

  fastify.get<{ Querystring: ReadingsQuery }>(
    '/mediciones-con-entidad',
    {
      schema: {
        tags: ['sense'],
        summary: 'Lecturas de las ubicaciones y tipos de una entidad',
        security,
        ...entityReadingsRoute,
      },
    },
    answer,
  );

  // The node list goes out as JSON the database wrote (see nodosConLocalizacionStatement), not through
  // the serialiser; its names are free text, so a reader's copy still goes through the redaction rule.
  fastify.get<{ Querystring: { limit?: number } }>(
    '/nodos-con-localizacion',
    {
      schema: {
        tags: ['sense'],
        summary: 'Nodos con su lugar, coordenadas y última lectura',
        security,
        ...nodeListRoute,
      },
    },
    async (request, reply) => {
      const grant = await grantOf(request);
      const json = await readCache.get(`${request.url} ${grant.key}`, () => queries.nodosConLocalizacionJson(request.query.limit ?? NODE_LIST_DEFAULT_LIMIT, grant));
      return reply.type('application/json; charset=utf-8').send(redactJsonText(json, request.user));
    },
  );

  app.get(
    '/en-curso',
    {
      schema: {
        tags: ['sense'],
        summary: 'Lo que está en curso: episodios abiertos y sin reconocer, y sus alertas',
        description:
          'En curso (libs/domain/src/ongoing.ts): un episodio abierto (sin fechafin) y sin reconocer (statusid 1), de umbral o «sin datos». ' +
          '`episodios` es la cifra de «Alertas en curso» de la cabecera y la suma de las insignias de los nodos; `alertas`, las alertas ACTIVAS del reporte.',
        security,
        ...enCursoRoute,
      },
    },
    async (request) => {
      const grant = await grantOf(request);
      return readCache.get(`${request.url} ${grant.key}`, () => queries.enCurso(grant));
    },
  );
}
