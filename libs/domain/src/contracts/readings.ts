/**
 * The reading calls of api.md: `mediciones` and `mediciones-con-entidad` (a window of readings, or
 * their count) and `nodos-con-localizacion` (the node list: each node's place, coordinates and
 * latest values). sense-api.ts keeps the names the console always used as `Static<>` of these.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { CHART_DATA_LIMIT, GET_ALL_THRESHOLD, NODE_LIST_DEFAULT_LIMIT } from '../constants';
import { DateParam, IdParam, Lenient, Nullable } from './common';
import { UbicacionInFundoSchema } from './reports';
import { LimitParam, tableReadErrors } from './tables';

/** One reading as `mediciones` and `mediciones-con-entidad` answer it, newest first. */
export const MedicionReadingSchema = Lenient(
  Type.Object({
    medicionid: Type.Integer(),
    fecha: Type.String({ format: 'date-time' }),
    medicion: Type.Number(),
    metricaid: Type.Integer(),
    metrica: Type.String(),
    unidad: Nullable(Type.String()),
    nodoid: Type.Integer(),
    tipoid: Type.Integer(),
    ubicacionid: Type.Integer(),
    entidadid: Nullable(Type.Integer(), { description: 'La entidad del nodo en esa ubicación (localizacion)' }),
  }),
  { required: ['medicionid', 'fecha', 'medicion', 'metricaid', 'metrica', 'nodoid', 'tipoid', 'ubicacionid'] },
);
export type MedicionReading = Static<typeof MedicionReadingSchema>;

export const CountAnswerSchema = Type.Object({ count: Type.Integer() }, { additionalProperties: false });
export type CountAnswer = Static<typeof CountAnswerSchema>;

const readingWindowQuery = {
  ubicacionId: Type.Optional(IdParam('Solo las lecturas de esta ubicación')),
  startDate: Type.Optional(DateParam('Desde (incluida)')),
  endDate: Type.Optional(DateParam('Hasta (incluida)')),
  limit: Type.Optional(LimitParam(`Cuántas lecturas (por defecto ${CHART_DATA_LIMIT}); ${GET_ALL_THRESHOLD} o más quita el límite`)),
  countOnly: Type.Optional(Type.Boolean({ description: 'true: responde solo `{ count }`' })),
  getAll: Type.Optional(Type.Boolean({ description: 'true: sin límite' })),
};
const ReadingsQuerySchema = Type.Object(readingWindowQuery, { additionalProperties: false });
// `entidadId` first, as OpenAPI always listed it: the entity is what the call is about.
const EntityReadingsQuerySchema = Type.Object(
  { entidadId: IdParam('La entidad: solo sus ubicaciones y sus tipos de sensor'), ...readingWindowQuery },
  { additionalProperties: false },
);
/** Either call's query: `entidadId` only in `mediciones-con-entidad`, where it is required. */
export type ReadingsQuery = Static<typeof ReadingsQuerySchema> & Partial<Static<typeof EntityReadingsQuerySchema>>;

const readingsResponse = Type.Union([CountAnswerSchema, Type.Array(MedicionReadingSchema)], {
  description: 'Las lecturas, de la más reciente a la más antigua; con countOnly=true, `{ count }`',
});

/** `GET /mediciones`: the readings of a location in a window of dates. */
export const readingsRoute = { querystring: ReadingsQuerySchema, response: { 200: readingsResponse, ...tableReadErrors } } as const;
/** `GET /mediciones-con-entidad`: the readings of an entity's locations and sensor types. */
export const entityReadingsRoute = { querystring: EntityReadingsQuerySchema, response: { 200: readingsResponse, ...tableReadErrors } } as const;

/** A node's latest reading of one metric of one probe. */
const LatestReadingSchema = Lenient(
  Type.Object({
    tipoid: Type.Integer(),
    tipo: Nullable(Type.String()),
    metricaid: Type.Integer(),
    metrica: Type.String(),
    unidad: Nullable(Type.String()),
    medicion: Type.Number(),
    fecha: Type.String({ format: 'date-time' }),
  }),
);

/** A node with its place in the hierarchy, its coordinates and its last reading (`nodos-con-localizacion`). */
export const NodoConLocalizacionSchema = Lenient(
  Type.Object({
    nodoid: Type.Integer(),
    nodo: Type.String(),
    nodoabrev: Nullable(Type.String()),
    deveui: Nullable(Type.String()),
    statusid: Type.Integer(),
    ...UbicacionInFundoSchema.properties,
    empresaid: Type.Integer(),
    empresa: Type.String(),
    paisid: Type.Integer(),
    pais: Type.String(),
    entidadid: Type.Integer(),
    entidad: Type.String(),
    latitud: Nullable(Type.Number()),
    longitud: Nullable(Type.Number()),
    referencia: Nullable(Type.String()),
    ultimaFecha: Nullable(Type.String({ format: 'date-time' }), { description: 'Cuándo informó por última vez' }),
    ventanaInactividad: Type.Integer({ description: 'Minutos sin lecturas tras los que el nodo abre un episodio «sin datos»' }),
    episodiosActivos: Type.Integer({ description: 'Episodios de umbral abiertos y sin reconocer del nodo' }),
    episodioSinDatos: Nullable(Lenient(Type.Object({ episodioid: Type.Integer(), statusid: Type.Integer(), fechainicio: Type.String({ format: 'date-time' }) })), {
      description: 'El episodio «sin datos» abierto del nodo (statusid 1 activo, -1 reconocido), o null si informa',
    }),
    ultimasMediciones: Type.Array(LatestReadingSchema, { description: 'El último valor de cada métrica de cada sensor del nodo' }),
  }),
  { required: ['nodoid', 'nodo', 'ubicacionid', 'fundoid', 'empresaid', 'paisid', 'entidadid', 'ultimasMediciones'] },
);
export type NodoConLocalizacion = Static<typeof NodoConLocalizacionSchema>;

/** `GET /nodos-con-localizacion`. */
export const nodeListRoute = {
  querystring: Type.Object({ limit: Type.Optional(LimitParam(`Cuántos nodos (por defecto ${NODE_LIST_DEFAULT_LIMIT})`)) }, { additionalProperties: false }),
  response: { 200: Type.Array(NodoConLocalizacionSchema), ...tableReadErrors },
} as const;
