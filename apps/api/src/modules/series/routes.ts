import type { Database } from '@camposense/db';
import { canonicalTimeZone, seriesRoute } from '@camposense/domain';
import type { ApiErrorDetail, SeriesQuery } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { isIsoDate } from '../../sense/row-values';
import { validationError } from '../tables/queries';
import { createSeriesQueries } from './queries';
import { bucketSecondsFor, DEFAULT_MAX_POINTS } from './series-window';
import { security } from '../../schemas';
import { redactJsonText } from '../../security/redaction';
import { grantedPlacesCheck, grantOf, placeNotFound } from '../../security/tenancy';

export interface SeriesRoutesOptions {
  database: Database;
  /** The server's clock (tests pin it). @default () => new Date() */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

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

  // Untyped by the provider: the answer is JSON the database wrote, not passed through the
  // serialiser, so the handler answers the reply; the query's type is the contract's all the same.
  app.get<{ Querystring: SeriesQuery }>(
    '/series',
    {
      schema: {
        tags: ['sense'],
        summary: 'Serie de una métrica de un nodo o una ubicación, agregada por intervalos',
        description:
          'Agrega en SQL las lecturas de la ventana en a lo sumo `maxPoints` intervalos (mínimo, máximo, promedio y cantidad). ' +
          'Se necesita `nodoId` o `ubicacionId`. Sin fechas, las últimas 24 horas.',
        security,
        ...seriesRoute,
      },
    },
    async (request, reply) => {
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

      // A node or location outside the grant answers 404, as a missing one would (issue 32): asked
      // in the series' own statement, not a round trip of its own (issue 31).
      const granted = grantedPlacesCheck(await grantOf(request), query);
      const bucketSeconds = bucketSecondsFor(start, end, query.maxPoints ?? DEFAULT_MAX_POINTS);
      const json = await queries.seriesJson(
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
        { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
        granted,
      );
      if (json === null) throw placeNotFound(query);
      // The database wrote the answer (SeriesResponseSchema's shape, see seriesStatement): a JSON
      // string is sent as it is, through the readers' redaction rule like every answer.
      return reply.type('application/json; charset=utf-8').send(redactJsonText(json, request.user));
    },
  );
}
