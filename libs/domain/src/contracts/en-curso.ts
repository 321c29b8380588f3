/**
 * `GET /api/sense/en-curso`: what is en curso now (ongoing.ts, EN_CURSO), from one query: the
 * header's count, the node list's badges and the alerts report's ACTIVA count agree on it.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorResponses } from './common';

export const EnCursoResponseSchema = Type.Object({
  episodios: Type.Integer({ description: 'Episodios en curso, de ambos tipos' }),
  umbral: Type.Integer({ description: 'De ellos, de umbral' }),
  sinDatos: Type.Integer({ description: 'De ellos, nodos sin datos' }),
  alertas: Type.Integer({ description: 'Alertas de los episodios de umbral en curso (statusid 1)' }),
});
export type EnCursoResponse = Static<typeof EnCursoResponseSchema>;

export const enCursoRoute = { response: { 200: EnCursoResponseSchema, ...errorResponses(400, 401, 404, 429, 500, 503) } } as const;
