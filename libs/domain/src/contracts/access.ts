/**
 * Issue 32, access per company: `GET` and `PUT /api/sense/usuarios/:usuarioid/accesos`. A user is
 * granted companies, each at a level; a platform admin sees every company without a grant.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorResponses, MAX_INTEGER_ID, StringEnum } from './common';

/** What a grant allows, each level including the one before: read, then acknowledge and tune thresholds, then write the company's reference data and users. */
const ACCESS_LEVELS = ['lectura', 'operacion', 'gestion'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
const AccessLevelSchema = StringEnum(ACCESS_LEVELS);

/** Whether holding `held` (none: null or undefined) allows what needs `needed`: each level includes the ones before it. */
export function accessLevelAllows(held: AccessLevel | null | undefined, needed: AccessLevel): boolean {
  return held != null && ACCESS_LEVELS.indexOf(held) >= ACCESS_LEVELS.indexOf(needed);
}

/** Acknowledging an alert or an episode needs this level on its company (the API answers 403 below it). */
export const ACKNOWLEDGE_LEVEL: AccessLevel = 'operacion';

/** The most companies one request may grant a user (an installation has a few dozen at most). */
export const MAX_GRANTS_PER_USER = 500;

const CompanyId = Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID });

export const AccessGrantSchema = Type.Object({
  empresaid: CompanyId,
  empresa: Type.String(),
  paisid: Type.Integer(),
  pais: Type.String(),
  nivel: AccessLevelSchema,
});
export type AccessGrant = Static<typeof AccessGrantSchema>;

export const UserAccessResponseSchema = Type.Object({
  usuarioid: Type.Integer(),
  /** A platform admin sees and writes every company, whatever `accesos` says. */
  todas: Type.Boolean({ description: 'true para un administrador de la plataforma: ve todas las empresas' }),
  accesos: Type.Array(AccessGrantSchema, { description: 'Las empresas concedidas, por id de empresa' }),
});
export type UserAccessResponse = Static<typeof UserAccessResponseSchema>;

export const UserAccessBodySchema = Type.Object(
  {
    accesos: Type.Array(Type.Object({ empresaid: CompanyId, nivel: AccessLevelSchema }, { additionalProperties: false }), {
      maxItems: MAX_GRANTS_PER_USER,
      description: 'Todas las empresas concedidas al usuario: reemplaza las anteriores (una lista vacía las retira todas)',
    }),
  },
  { additionalProperties: false },
);
export type UserAccessBody = Static<typeof UserAccessBodySchema>;

const params = Type.Object({ usuarioid: Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID }) });

export const userAccessRoute = {
  params,
  response: { 200: UserAccessResponseSchema, ...errorResponses(400, 401, 404, 429, 500, 503) },
} as const;

export const replaceUserAccessRoute = {
  params,
  body: UserAccessBodySchema,
  response: { 200: UserAccessResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 500, 503) },
} as const;
