import type { CountAnswer, NodoConLocalizacion } from '@camposense/domain';
import { CHART_DATA_LIMIT, enCursoRoute, GET_ALL_THRESHOLD, NODE_LIST_DEFAULT_LIMIT } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dateParam, parseDateWindow } from '../../sense/date-window';
import type { ReadCache } from '../../sense/read-cache';
import type { ReadingQueries, ReadingWindow } from './queries';
import { ubicacionInFundoProperties } from '../../schemas';
import { HEAVY_READ_ROWS, measuredRead, sendHeavyRead } from '../../sense/streaming';
import type { HeavyReadBudget } from '../../sense/streaming';
import { limitSchema, optionalId, readErrors, security } from '../tables/schemas';

interface ReadingsQuery {
  ubicacionId?: number;
  entidadId?: number;
  startDate?: string;
  endDate?: string;
  limit?: number;
  countOnly?: boolean;
  getAll?: boolean;
}

const readingSchema = {
  type: 'object',
  required: ['medicionid', 'fecha', 'medicion', 'metricaid', 'metrica', 'nodoid', 'tipoid', 'ubicacionid'],
  properties: {
    medicionid: { type: 'integer' },
    fecha: { type: 'string', format: 'date-time' },
    medicion: { type: 'number' },
    metricaid: { type: 'integer' },
    metrica: { type: 'string' },
    unidad: { type: ['string', 'null'] },
    nodoid: { type: 'integer' },
    tipoid: { type: 'integer' },
    ubicacionid: { type: 'integer' },
    entidadid: { type: ['integer', 'null'], description: 'La entidad del nodo en esa ubicación (localizacion)' },
  },
} as const;

const readingsResponse = {
  description: 'Las lecturas, de la más reciente a la más antigua; con countOnly=true, `{ count }`',
  anyOf: [
    { type: 'object', required: ['count'], properties: { count: { type: 'integer' } }, additionalProperties: false },
    { type: 'array', items: readingSchema },
  ],
} as const;

const readingsQuerystring = (withEntity: boolean) => ({
  type: 'object',
  ...(withEntity ? { required: ['entidadId'] } : {}),
  properties: {
    ...(withEntity ? { entidadId: optionalId('La entidad: solo sus ubicaciones y sus tipos de sensor') } : {}),
    ubicacionId: optionalId('Solo las lecturas de esta ubicación'),
    startDate: dateParam('Desde (incluida)'),
    endDate: dateParam('Hasta (incluida)'),
    limit: limitSchema(`Cuántas lecturas (por defecto ${CHART_DATA_LIMIT}); ${GET_ALL_THRESHOLD} o más quita el límite`),
    countOnly: { type: 'boolean', description: 'true: responde solo `{ count }`' },
    getAll: { type: 'boolean', description: 'true: sin límite' },
  },
  additionalProperties: false,
});

/** The window of a readings request; 400 naming the field for a malformed or reversed date. */
function readingWindow(query: ReadingsQuery): ReadingWindow {
  const { start, end } = parseDateWindow('startDate', query.startDate, 'endDate', query.endDate);
  return { ubicacionId: query.ubicacionId, entidadId: query.entidadId, start, end };
}

function readingsLimit(query: ReadingsQuery): number | null {
  if (query.getAll === true) return null;
  const limit = query.limit ?? CHART_DATA_LIMIT;
  return limit >= GET_ALL_THRESHOLD ? null : limit;
}

export function registerReadingRoutes(app: FastifyInstance, queries: ReadingQueries, heavyReads: HeavyReadBudget, readCache: ReadCache): void {
  const answer = async (request: FastifyRequest<{ Querystring: ReadingsQuery }>, reply: FastifyReply): Promise<CountAnswer | FastifyReply> => {
    const { query } = request;
    const window = readingWindow(query);
    if (query.countOnly === true) return { count: await measuredRead(request, reply, heavyReads, () => queries.count(window)) };
    const limit = readingsLimit(query);
    // getAll and large limits: streamed in batches under the user's heavy-read budget (issue 10).
    if (limit === null || limit > HEAVY_READ_ROWS) {
      return sendHeavyRead(request, reply, heavyReads, queries.readingsBatches(window, limit));
    }
    // The database wrote the JSON (see readingsStatement): a JSON string is sent as it is.
    // A location's readings follow the nodes placed there: another node's batch leaves them kept.
    const json = await readCache.getFollowing(request.url, () =>
      measuredRead(request, reply, heavyReads, async () => {
        const [value, placed] = await Promise.all([
          queries.readingsJson(window, limit),
          window.ubicacionId === undefined ? null : queries.nodesPlacedAt(window.ubicacionId),
        ]);
        return { value, follows: placed === null ? ('all' as const) : { nodes: new Set(placed) } };
      }),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  };

  app.get<{ Querystring: ReadingsQuery }>(
    '/mediciones',
    {
      schema: {
        tags: ['sense'],
        summary: 'Lecturas de una ubicación en una ventana de fechas',
        security,
        querystring: readingsQuerystring(false),
        response: { 200: readingsResponse, ...readErrors },
      },
    },
    (request, reply) => answer(request, reply),
  );

  app.get<{ Querystring: ReadingsQuery }>(
    '/mediciones-con-entidad',
    {
      schema: {
        tags: ['sense'],
        summary: 'Lecturas de las ubicaciones y tipos de una entidad',
        security,
        querystring: readingsQuerystring(true),
        response: { 200: readingsResponse, ...readErrors },
      },
    },
    (request, reply) => answer(request, reply),
  );

  app.get<{ Querystring: { limit?: number }; Reply: NodoConLocalizacion[] }>(
    '/nodos-con-localizacion',
    {
      schema: {
        tags: ['sense'],
        summary: 'Nodos con su lugar, coordenadas y última lectura',
        security,
        querystring: {
          type: 'object',
          properties: { limit: limitSchema(`Cuántos nodos (por defecto ${NODE_LIST_DEFAULT_LIMIT})`) },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: nodoConLocalizacionSchema }, ...readErrors },
      },
    },
    (request) => readCache.get(request.url, () => queries.nodosConLocalizacion(request.query.limit ?? NODE_LIST_DEFAULT_LIMIT)),
  );

  app.withTypeProvider<TypeBoxTypeProvider>().get(
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
    (request) => readCache.get(request.url, () => queries.enCurso()),
  );
}

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const nodoConLocalizacionSchema = {
  type: 'object',
  required: ['nodoid', 'nodo', 'ubicacionid', 'fundoid', 'empresaid', 'paisid', 'entidadid', 'ultimasMediciones'],
  properties: {
    nodoid: { type: 'integer' },
    nodo: { type: 'string' },
    nodoabrev: nullableString,
    deveui: nullableString,
    statusid: { type: 'integer' },
    ...ubicacionInFundoProperties,
    empresaid: { type: 'integer' },
    empresa: { type: 'string' },
    paisid: { type: 'integer' },
    pais: { type: 'string' },
    entidadid: { type: 'integer' },
    entidad: { type: 'string' },
    latitud: nullableNumber,
    longitud: nullableNumber,
    referencia: nullableString,
    ultimaFecha: { type: ['string', 'null'], format: 'date-time', description: 'Cuándo informó por última vez' },
    ventanaInactividad: { type: 'integer', description: 'Minutos sin lecturas tras los que el nodo abre un episodio «sin datos»' },
    episodiosActivos: { type: 'integer', description: 'Episodios de umbral abiertos y sin reconocer del nodo' },
    episodioSinDatos: {
      type: ['object', 'null'],
      description: 'El episodio «sin datos» abierto del nodo (statusid 1 activo, -1 reconocido), o null si informa',
      properties: {
        episodioid: { type: 'integer' },
        statusid: { type: 'integer' },
        fechainicio: { type: 'string', format: 'date-time' },
      },
    },
    ultimasMediciones: {
      type: 'array',
      description: 'El último valor de cada métrica de cada sensor del nodo',
      items: {
        type: 'object',
        properties: {
          tipoid: { type: 'integer' },
          tipo: nullableString,
          metricaid: { type: 'integer' },
          metrica: { type: 'string' },
          unidad: nullableString,
          medicion: { type: 'number' },
          fecha: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;
