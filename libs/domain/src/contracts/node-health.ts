/**
 * Issue 33, the farm's map and each node's health from the radio (the contract the lead agreed
 * between the server and the console, /work/notes/contract-33.md): `GET /api/sense/mapa` and
 * `GET /api/sense/nodos/:nodoid/salud`.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateParam, errorResponses, MAX_INTEGER_ID, Nullable, StringEnum } from './common';

/**
 * The metrics of a node's radio probe (by `metricaabrev`): battery in percent (from ChirpStack's
 * status events), and RSSI in dBm and SNR in dB of the best gateway (from its uplinks). Readings of
 * them are ordinary readings: thresholds, alarms, episodes, reports and series take them unchanged.
 */
export const HEALTH_METRICS = { bateria: 'BAT', rssi: 'RSSI', snr: 'SNR' } as const;
/** Below this battery level (percent) a node is `bateria-baja` on the map, threshold or not. */
export const LOW_BATTERY_PERCENT = 20;
/** The most points of a node's RSSI/SNR trend (bucket averages). */
export const HEALTH_TREND_MAX_POINTS = 200;
/** How many of a node's frame-counter gaps (lost uplinks) the health panel lists, newest first. */
export const HEALTH_GAPS_LISTED = 20;
/** The health panel's window when none is asked for. */
export const HEALTH_DEFAULT_DAYS = 7;

export const NODE_MAP_STATES = ['normal', 'alerta', 'silencioso', 'bateria-baja'] as const;
/**
 * A node's state, in this precedence: silencioso (no uplink within its inactivity window) > alerta
 * (an open threshold episode of a non-health metric) > bateria-baja (battery below
 * LOW_BATTERY_PERCENT, or an open battery threshold episode) > normal.
 */
export const NodeMapStateSchema = StringEnum(NODE_MAP_STATES);
export type NodeMapState = Static<typeof NodeMapStateSchema>;

const Fecha = Type.String({ format: 'date-time' });

export const NodeMapValueSchema = Type.Object({
  metricaabrev: Type.String(),
  metrica: Type.String(),
  unidad: Nullable(Type.String()),
  valor: Type.Number(),
  fecha: Fecha,
});
export type NodeMapValue = Static<typeof NodeMapValueSchema>;

export const NodeMapNodeSchema = Type.Object({
  nodoid: Type.Integer(),
  nodo: Type.String(),
  deveui: Nullable(Type.String()),
  latitud: Type.Number(),
  longitud: Type.Number(),
  ubicacionid: Type.Integer(),
  ubicacion: Type.String(),
  fundoid: Type.Integer(),
  fundo: Type.String(),
  estado: NodeMapStateSchema,
  ultimaFecha: Nullable(Type.String({ format: 'date-time', description: 'La última lectura o recepción' })),
  valores: Type.Array(NodeMapValueSchema, { description: 'El último valor de cada métrica del nodo' }),
  bateria: Nullable(Type.Number({ description: 'Porcentaje, del último evento de estado' })),
  rssi: Nullable(Type.Number({ description: 'dBm, de la mejor pasarela de la última recepción' })),
});
export type NodeMapNode = Static<typeof NodeMapNodeSchema>;

export const NodeMapResponseSchema = Type.Object({
  nodos: Type.Array(NodeMapNodeSchema, { description: 'Los nodos del ámbito con coordenadas' }),
  sinCoordenadas: Type.Integer({ description: 'Nodos del ámbito sin coordenadas (no están en `nodos`)' }),
});
export type NodeMapResponse = Static<typeof NodeMapResponseSchema>;

const ScopeId = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID, description });
export const NodeMapQuerySchema = Type.Object(
  {
    paisid: Type.Optional(ScopeId('Solo los nodos de este país')),
    empresaid: Type.Optional(ScopeId('Solo los nodos de esta empresa')),
    fundoid: Type.Optional(ScopeId('Solo los nodos de este fundo')),
    ubicacionid: Type.Optional(ScopeId('Solo los nodos de esta ubicación')),
  },
  { additionalProperties: false },
);
export type NodeMapQuery = Static<typeof NodeMapQuerySchema>;

export const NodeUplinkSchema = Type.Object({
  fecha: Fecha,
  rssi: Type.Number(),
  snr: Type.Number(),
  gatewayId: Type.String(),
  fcnt: Type.Integer(),
});
export type NodeUplink = Static<typeof NodeUplinkSchema>;

export const NodeBatterySchema = Type.Object({
  fecha: Fecha,
  nivel: Nullable(Type.Number({ description: 'Porcentaje; null si el dispositivo no puede medirlo' })),
  margen: Nullable(Type.Integer({ description: 'Margen de demodulación, dB' })),
  externa: Type.Boolean({ description: 'Alimentación externa' }),
});
export type NodeBattery = Static<typeof NodeBatterySchema>;

export const NodeRadioPointSchema = Type.Object({ fecha: Fecha, rssi: Type.Number(), snr: Type.Number() });
export type NodeRadioPoint = Static<typeof NodeRadioPointSchema>;

export const NodeFrameGapSchema = Type.Object({
  desdeFcnt: Type.Integer({ description: 'El primer contador perdido' }),
  hastaFcnt: Type.Integer({ description: 'El último contador perdido' }),
  fecha: Type.String({ format: 'date-time', description: 'La recepción que reveló el hueco' }),
});
export type NodeFrameGap = Static<typeof NodeFrameGapSchema>;

export const NodeFramesSchema = Type.Object({
  recibidas: Type.Integer(),
  perdidas: Type.Integer(),
  huecos: Type.Array(NodeFrameGapSchema, { description: `Los últimos ${HEALTH_GAPS_LISTED} huecos, el más reciente primero` }),
});
export type NodeFrames = Static<typeof NodeFramesSchema>;

export const NodeHealthResponseSchema = Type.Object({
  nodoid: Type.Integer(),
  nodo: Type.String(),
  deveui: Nullable(Type.String()),
  estado: NodeMapStateSchema,
  ultimaRecepcion: Type.Union([NodeUplinkSchema, Type.Null()]),
  bateria: Type.Union([NodeBatterySchema, Type.Null()]),
  tendencia: Type.Array(NodeRadioPointSchema, {
    description: `Promedios por intervalo de RSSI y SNR, a lo más ${HEALTH_TREND_MAX_POINTS}, el más antiguo primero`,
  }),
  tramas: NodeFramesSchema,
});
export type NodeHealthResponse = Static<typeof NodeHealthResponseSchema>;

export const NodeHealthQuerySchema = Type.Object(
  {
    desde: Type.Optional(DateParam(`Desde (incluida); por omisión, ${HEALTH_DEFAULT_DAYS} días antes de hasta`)),
    hasta: Type.Optional(DateParam('Hasta (incluida); por omisión, ahora')),
  },
  { additionalProperties: false },
);
export type NodeHealthQuery = Static<typeof NodeHealthQuerySchema>;

export const nodeMapRoute = {
  querystring: NodeMapQuerySchema,
  response: { 200: NodeMapResponseSchema, ...errorResponses(400, 401, 429, 500, 503) },
} as const;

export const nodeHealthRoute = {
  params: Type.Object({ nodoid: Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID }) }),
  querystring: NodeHealthQuerySchema,
  response: { 200: NodeHealthResponseSchema, ...errorResponses(400, 401, 404, 429, 500, 503) },
} as const;
