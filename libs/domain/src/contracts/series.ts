/**
 * `GET /api/sense/series`: one metric of a node or a location over a window, downsampled by the
 * API. The route registers these schemas (request and reply types come from them), the console's
 * data-access reads `Static<>` of them and the MSW mocks answer them.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorResponses, IdParam, Lenient, Nullable } from './common';

/** Default point budget (`maxPoints`): about the width in pixels of a dashboard chart. */
export const SERIES_DEFAULT_MAX_POINTS = 800;
/** Never more buckets than this, whatever the caller asks: a chart is never wider. */
export const SERIES_MAX_POINTS_CAP = 2000;
export const SERIES_MIN_POINTS = 2;

const dateParam = (description: string) =>
  Type.String({ description: `${description}. ISO 8601: fecha y hora con zona, o una fecha sola (día entero en UTC).` });

/** The query of `GET /api/sense/series`; `nodoId` or `ubicacionId` is needed (checked by the route). */
export const SeriesQuerySchema = Type.Object(
  {
    metricaId: IdParam('La métrica'),
    nodoId: Type.Optional(IdParam('El nodo')),
    ubicacionId: Type.Optional(IdParam('La ubicación (todas sus lecturas de la métrica)')),
    tipoId: Type.Optional(IdParam('Solo este tipo de sensor')),
    startDate: Type.Optional(dateParam('Desde (incluida); por defecto 24 horas antes del final')),
    endDate: Type.Optional(dateParam('Hasta (excluida); por defecto ahora. Un final futuro se trae a ahora')),
    tz: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Zona IANA cuya medianoche inicia los intervalos de un día o más (la que muestra la consola); por defecto UTC',
      }),
    ),
    maxPoints: Type.Optional(
      Type.Integer({
        minimum: SERIES_MIN_POINTS,
        maximum: SERIES_MAX_POINTS_CAP,
        description: `Cuántos intervalos como máximo (por defecto ${SERIES_DEFAULT_MAX_POINTS}, más o menos el ancho del gráfico en píxeles)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type SeriesQuery = Static<typeof SeriesQuerySchema>;

/** One bucket: the readings of [t, t + bucketSeconds); `t` is its start (ISO 8601). */
export const SeriesBucketSchema = Type.Object({
  t: Type.String({ format: 'date-time', description: 'Inicio del intervalo' }),
  min: Type.Number(),
  max: Type.Number(),
  avg: Type.Number(),
  count: Type.Integer(),
});

/** A threshold drawn as a band; `grado` 1 is the most severe. */
export const SeriesThresholdSchema = Type.Object({
  umbralid: Type.Integer(),
  minimo: Type.Number(),
  maximo: Type.Number(),
  criticidad: Type.String(),
  grado: Type.Integer(),
  tipoid: Type.Integer(),
});

export const SeriesStatsSchema = Type.Object({
  count: Type.Integer({ description: 'Lecturas en la ventana' }),
  avg: Nullable(Type.Number()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  latest: Nullable(Type.String({ format: 'date-time', description: 'La lectura más reciente de la ventana' })),
  activeSensors: Type.Integer({
    description: 'Sensores (nodo × tipo) con una lectura de la métrica en el día anterior al final de la ventana',
  }),
});

export const SeriesMetricSchema = Type.Object({ metricaid: Type.Integer(), metrica: Type.String(), unidad: Nullable(Type.String()) });

/**
 * The answer: the window actually drawn (the asked one, its end brought back to now when it lies
 * ahead; `end` exclusive), the buckets, the thresholds and the window's figures.
 */
export const SeriesResponseSchema = Type.Object({
  metric: Nullable(Lenient(SeriesMetricSchema)),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time', description: 'Exclusivo' }),
  bucketSeconds: Type.Integer({
    description: 'Ancho de cada intervalo; se alinean a la época Unix, y los de un día o más a la medianoche de `tz` si se da',
  }),
  buckets: Type.Array(SeriesBucketSchema, {
    description: 'Un elemento por intervalo con lecturas, del más antiguo al más reciente; los intervalos sin lecturas no aparecen',
  }),
  thresholds: Type.Array(SeriesThresholdSchema, {
    description: 'Umbrales activos de la métrica en el nodo o la ubicación, del más severo al menos severo',
  }),
  stats: SeriesStatsSchema,
});

/** Request and answers of the route, as Fastify takes them. */
export const seriesRoute = {
  querystring: SeriesQuerySchema,
  response: { 200: SeriesResponseSchema, ...errorResponses(400, 401, 500) },
} as const;
