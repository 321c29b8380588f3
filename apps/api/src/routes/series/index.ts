import type { Database } from '@camposense/db';
import { canonicalTimeZone } from '@camposense/domain';
import type { ApiErrorDetail, SeriesResponse } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../schemas';
import { isIsoDate } from '../../sense/row-values';
import { validationError } from '../../sense/table-queries';
import { createSeriesQueries } from './series-queries';
import { bucketSecondsFor, DEFAULT_MAX_POINTS, MAX_POINTS_CAP, MIN_POINTS } from './series-window';

export interface SeriesRoutesOptions {
  database: Database;
  /** The server's clock (tests pin it). @default () => new Date() */
  now?: () => Date;
}

export interface SeriesQuery {
  metricaId: number;
  nodoId?: number;
  ubicacionId?: number;
  tipoId?: number;
  startDate?: string;
  endDate?: string;
  maxPoints?: number;
  tz?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const security = [{ bearerAuth: [] }];
const id = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const seriesResponseSchema = {
  type: 'object',
  required: ['metric', 'start', 'end', 'bucketSeconds', 'buckets', 'thresholds', 'stats'],
  properties: {
    metric: {
      type: ['object', 'null'],
      properties: { metricaid: { type: 'integer' }, metrica: { type: 'string' }, unidad: { type: ['string', 'null'] } },
    },
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time', description: 'Exclusivo' },
    bucketSeconds: { type: 'integer', description: 'Ancho de cada intervalo; se alinean a la época Unix, y los de un día o más a la medianoche de `tz` si se da' },
    buckets: {
      type: 'array',
      description: 'Un elemento por intervalo con lecturas, del más antiguo al más reciente; los intervalos sin lecturas no aparecen',
      items: {
        type: 'object',
        required: ['t', 'min', 'max', 'avg', 'count'],
        properties: {
          t: { type: 'string', format: 'date-time', description: 'Inicio del intervalo' },
          min: { type: 'number' },
          max: { type: 'number' },
          avg: { type: 'number' },
          count: { type: 'integer' },
        },
      },
    },
    thresholds: {
      type: 'array',
      description: 'Umbrales activos de la métrica en el nodo o la ubicación, del más severo al menos severo',
      items: {
        type: 'object',
        required: ['umbralid', 'minimo', 'maximo', 'criticidad', 'grado', 'tipoid'],
        properties: {
          umbralid: { type: 'integer' },
          minimo: { type: 'number' },
          maximo: { type: 'number' },
          criticidad: { type: 'string' },
          grado: { type: 'integer' },
          tipoid: { type: 'integer' },
        },
      },
    },
    stats: {
      type: 'object',
      required: ['count', 'avg', 'min', 'max', 'latest', 'activeSensors'],
      properties: {
        count: { type: 'integer', description: 'Lecturas en la ventana' },
        avg: nullableNumber,
        min: nullableNumber,
        max: nullableNumber,
        latest: { type: ['string', 'null'], format: 'date-time', description: 'La lectura más reciente de la ventana' },
        activeSensors: {
          type: 'integer',
          description: 'Sensores (nodo × tipo) con una lectura de la métrica en el día anterior al final de la ventana',
        },
      },
    },
  },
} as const;

const dateParam = (description: string) =>
  ({ type: 'string', description: `${description}. ISO 8601: fecha y hora con zona, o una fecha sola (día entero en UTC).` }) as const;

function parseDate(value: string, isEnd: boolean): number {
  const time = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  // A date alone as the end means the whole of that day; a date-time end is exclusive.
  return isEnd && DATE_ONLY.test(value) ? time + DAY_MS : time;
}

/**
 * GET /api/sense/series: one metric of a node or a location over a window, downsampled in SQL to
 * at most `maxPoints` buckets (min, max, average, count each), with the thresholds to draw as a
 * band and the window's figures. A year of 15-minute readings answers as many points as a day, and
 * the newest readings are always in it: the budget widens buckets, it never drops rows.
 */
export async function seriesRoutes(app: FastifyInstance, { database, now = () => new Date() }: SeriesRoutesOptions): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const queries = createSeriesQueries(database);

  app.get<{ Querystring: SeriesQuery; Reply: SeriesResponse }>(
    '/series',
    {
      schema: {
        tags: ['sense'],
        summary: 'Serie de una métrica de un nodo o una ubicación, agregada por intervalos',
        description:
          'Agrega en SQL las lecturas de la ventana en a lo sumo `maxPoints` intervalos (mínimo, máximo, promedio y cantidad). ' +
          'Se necesita `nodoId` o `ubicacionId`. Sin fechas, las últimas 24 horas.',
        security,
        querystring: {
          type: 'object',
          required: ['metricaId'],
          properties: {
            metricaId: id('La métrica'),
            nodoId: id('El nodo'),
            ubicacionId: id('La ubicación (todas sus lecturas de la métrica)'),
            tipoId: id('Solo este tipo de sensor'),
            startDate: dateParam('Desde (incluida); por defecto 24 horas antes del final'),
            endDate: dateParam('Hasta (excluida); por defecto ahora. Un final futuro se trae a ahora'),
            tz: {
              type: 'string',
              maxLength: 64,
              description: 'Zona IANA cuya medianoche inicia los intervalos de un día o más (la que muestra la consola); por defecto UTC',
            },
            maxPoints: {
              type: 'integer',
              minimum: MIN_POINTS,
              maximum: MAX_POINTS_CAP,
              description: `Cuántos intervalos como máximo (por defecto ${DEFAULT_MAX_POINTS}, más o menos el ancho del gráfico en píxeles)`,
            },
          },
          additionalProperties: false,
        },
        response: { 200: seriesResponseSchema, ...errorResponses(400, 401, 500) },
      },
    },
    async (request) => {
      const query = request.query;
      const errors: ApiErrorDetail[] = [];
      if (query.nodoId === undefined && query.ubicacionId === undefined) errors.push({ field: 'nodoId', rule: 'required' });
      for (const field of ['startDate', 'endDate'] as const) {
        const value = query[field];
        if (value !== undefined && !isIsoDate(value)) errors.push({ field, rule: 'format', limit: 'date-time' });
      }
      const timeZone = query.tz === undefined ? undefined : canonicalTimeZone(query.tz);
      if (timeZone === null) errors.push({ field: 'tz', rule: 'format', limit: 'timeZone' });
      if (errors.length > 0) throw validationError(errors);

      const clock = now().getTime();
      let end = query.endDate === undefined ? clock : parseDate(query.endDate, true);
      const start = query.startDate === undefined ? end - DAY_MS : parseDate(query.startDate, false);
      if (start >= end) throw validationError([{ field: 'endDate', rule: 'minimum', limit: 'startDate' }]);
      // A window that runs into the future (today's date as the end) is drawn up to now, so the
      // chart's right edge is the latest reading and not an empty afternoon.
      if (end > clock && clock > start) end = clock;

      const bucketSeconds = bucketSecondsFor(start, end, query.maxPoints ?? DEFAULT_MAX_POINTS);
      const answer = await queries.series(
        {
          metricaId: query.metricaId,
          nodoId: query.nodoId,
          ubicacionId: query.ubicacionId,
          tipoId: query.tipoId,
          start: new Date(start),
          end: new Date(end),
          timeZone: timeZone ?? undefined,
        },
        bucketSeconds,
      );
      return { ...answer, start: new Date(start).toISOString(), end: new Date(end).toISOString(), bucketSeconds };
    },
  );
}
