/**
 * Issue 32, access per company: `GET` and `PUT /api/sense/usuarios/:usuarioid/accesos`. A user is
 * granted companies, each at a level; a platform admin sees every company without a grant.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorResponses, MAX_INTEGER_ID, StringEnum } from './common';
import type { TableName } from '../registry';

/** What a grant allows, each level including the one before: read, then acknowledge and tune thresholds, then write the company's reference data and users. */
export const ACCESS_LEVELS = ['lectura', 'operacion', 'gestion'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
const AccessLevelSchema = StringEnum(ACCESS_LEVELS);

/** Whether holding `held` (none: null or undefined) allows what needs `needed`: each level includes the ones before it. */
export function accessLevelAllows(held: AccessLevel | null | undefined, needed: AccessLevel): boolean {
  return held != null && ACCESS_LEVELS.indexOf(held) >= ACCESS_LEVELS.indexOf(needed);
}

/** Acknowledging an alert or an episode needs this level on its company (the API answers 403 below it). */
export const ACKNOWLEDGE_LEVEL: AccessLevel = 'operacion';

/** Tuning a threshold (umbral: create, change, delete, the massive save) needs this level on its location's company. */
export const TUNE_THRESHOLDS_LEVEL: AccessLevel = 'operacion';

/** Writing a company's reference data and managing its users' grants needs this level on that company. */
export const MANAGE_LEVEL: AccessLevel = 'gestion';

/**
 * The levels a user holding `held` in a company (none: null or undefined) may give another user
 * there: none below gestion; from it, every level up to the user's own. The console offers these and
 * the API refuses anything else (a platform admin, who holds no grant, gives every level).
 */
export function levelsGrantableBy(held: AccessLevel | null | undefined): readonly AccessLevel[] {
  if (!accessLevelAllows(held, MANAGE_LEVEL)) return [];
  return ACCESS_LEVELS.filter((level) => accessLevelAllows(held, level));
}

/** A write of a table row: which one decides the level (creating a company is not managing one). */
export type TableWrite = 'create' | 'update' | 'delete';

/**
 * The tables a granted user may write (issue 32), each with the level it needs on the row's company.
 * Anything not here (countries, the catalogues shared by every company, people, profiles, the
 * read-only tables) only a platform admin writes: a new table stays admin-only until named here.
 */
const COMPANY_WRITE_LEVELS: Readonly<Partial<Record<TableName, AccessLevel>>> = {
  empresa: MANAGE_LEVEL,
  fundo: MANAGE_LEVEL,
  ubicacion: MANAGE_LEVEL,
  localizacion: MANAGE_LEVEL,
  nodo: MANAGE_LEVEL,
  sensor: MANAGE_LEVEL,
  metricasensor: MANAGE_LEVEL,
  perfilumbral: MANAGE_LEVEL,
  umbral: TUNE_THRESHOLDS_LEVEL,
};

/**
 * The level `write` of a row of `table` needs on the row's company, or null when only a platform
 * admin may make it: a new company or node belongs to no company yet (a node joins one when it is
 * placed), and a company is removed by an admin only.
 */
export function tableWriteLevel(table: TableName, write: TableWrite): AccessLevel | null {
  if (table === 'empresa' && write !== 'update') return null;
  if (table === 'nodo' && write === 'create') return null;
  return COMPANY_WRITE_LEVELS[table] ?? null;
}

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
