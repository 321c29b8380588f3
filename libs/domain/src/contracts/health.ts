/**
 * Liveness and readiness (`GET /api/health`, `GET /api/health/ready`), and whether the `sense`
 * schema is there (`GET /api/sense/detect`). The routes register these schemas; the console's
 * system status reads `Static<>` of them (health.ts keeps the names it always had).
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorResponses, StringEnum } from './common';

const DatabaseKindSchema = StringEnum(['pglite', 'postgres']);

/** `GET /api/health`: the process serves HTTP (it never touches the database). */
export const HealthResponseSchema = Type.Object({
  status: Type.Literal('ok'),
  database: DatabaseKindSchema,
  /** MAP_STYLE_URL when the installation sets one: the style the console's map draws (else OpenStreetMap's tiles). */
  mapStyleUrl: Type.Optional(Type.String()),
});
export type HealthResponse = Static<typeof HealthResponseSchema>;

/** `GET /api/health/ready`: the database answers and its schema is fully migrated (else 503). */
export const ReadinessResponseSchema = Type.Object({ status: Type.Literal('ready'), database: DatabaseKindSchema });

/** `GET /api/sense/detect`: whether the `sense` schema exists and is migrated, and why not. */
export const DetectResponseSchema = Type.Object({ available: Type.Boolean(), error: Type.Optional(Type.String()) });
export type DetectResponse = Static<typeof DetectResponseSchema>;

export const healthRoute = { response: { 200: HealthResponseSchema, ...errorResponses(500) } } as const;
export const readinessRoute = { response: { 200: ReadinessResponseSchema, ...errorResponses(500, 503) } } as const;
export const detectRoute = { response: { 200: DetectResponseSchema, ...errorResponses(401, 500) } } as const;
