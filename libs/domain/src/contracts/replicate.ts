/**
 * The specialised forms' writes of many link rows at once (issue 13): `POST
 * /api/sense/sensor/replicate`, `/metricasensor/replicate` and `/usuarioperfil/assign`. Each
 * answers the rows it wrote and the ones that were already there; replicate.ts keeps the names the
 * console always used, as `Static<>` of these schemas.
 */
import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { errorResponses } from './common';

/** Nodes (or users) one call may reach: a new field of 40 nodes, or a whole farm of hundreds. */
const MAX_REPLICATE_NODES = 1000;
/** Probe types, metrics (or profiles) one call may apply to each node (or user). */
const MAX_REPLICATE_ITEMS = 50;

const ids = (description: string, maxItems: number) =>
  Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems, uniqueItems: true, description });

export const SensorPairSchema = Type.Object({ nodoid: Type.Integer(), tipoid: Type.Integer() });
export const MetricaSensorTripleSchema = Type.Object({ nodoid: Type.Integer(), tipoid: Type.Integer(), metricaid: Type.Integer() });
export const UsuarioPerfilPairSchema = Type.Object({ usuarioid: Type.Integer(), perfilid: Type.Integer() });

/** The rows written, in key order, and the ones that already existed (left as they were, not errors). */
const replicateResult = <const Row extends TSchema>(row: Row) => Type.Object({ created: Type.Array(row), skipped: Type.Array(row) });

export const SensorReplicateRequestSchema = Type.Object(
  { nodoids: ids('Nodos', MAX_REPLICATE_NODES), tipoids: ids('Tipos de sonda', MAX_REPLICATE_ITEMS) },
  { additionalProperties: false },
);
export const MetricaSensorReplicateRequestSchema = Type.Object(
  {
    nodoids: ids('Nodos', MAX_REPLICATE_NODES),
    tipoid: Type.Integer({ minimum: 1, description: 'Tipo de sonda' }),
    metricaids: ids('Métricas', MAX_REPLICATE_ITEMS),
  },
  { additionalProperties: false },
);
export const UsuarioPerfilAssignRequestSchema = Type.Object(
  { usuarioids: ids('Usuarios', MAX_REPLICATE_NODES), perfilids: ids('Perfiles', MAX_REPLICATE_ITEMS) },
  { additionalProperties: false },
);

const writeErrors = errorResponses(400, 401, 403, 404, 409, 412, 413, 500, 503);

export const sensorReplicateRoute = { body: SensorReplicateRequestSchema, response: { 200: replicateResult(SensorPairSchema), ...writeErrors } } as const;
export const metricaSensorReplicateRoute = {
  body: MetricaSensorReplicateRequestSchema,
  response: { 200: replicateResult(MetricaSensorTripleSchema), ...writeErrors },
} as const;
export const usuarioPerfilAssignRoute = {
  body: UsuarioPerfilAssignRequestSchema,
  response: { 200: replicateResult(UsuarioPerfilPairSchema), ...writeErrors },
} as const;

/** How many nodes and items a call may name, for the route's description. */
export const REPLICATE_LIMITS = { nodes: MAX_REPLICATE_NODES, items: MAX_REPLICATE_ITEMS } as const;

export type SensorPair = Static<typeof SensorPairSchema>;
export type MetricaSensorTriple = Static<typeof MetricaSensorTripleSchema>;
export type UsuarioPerfilPair = Static<typeof UsuarioPerfilPairSchema>;
export type SensorReplicateRequest = Static<typeof SensorReplicateRequestSchema>;
export type MetricaSensorReplicateRequest = Static<typeof MetricaSensorReplicateRequestSchema>;
export type UsuarioPerfilAssignRequest = Static<typeof UsuarioPerfilAssignRequestSchema>;
