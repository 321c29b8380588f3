/**
 * Issue 32, the application's check: which companies (`empresa`) the bearer of a request may see,
 * resolved once per request from the account standing (account-status.ts, one cached primary-key
 * read that also brings the grants). A platform admin (the role the database holds now, not the
 * token's) sees every company; any other user only the companies granted to them, and nothing
 * without a grant. Every read of company data narrows by it (sense/scope-condition.ts,
 * grantConditions); an id outside it answers 404, like a missing one.
 */
import { accessLevelAllows, type AccessLevel } from '@camposense/domain';
import { numberArray, runAsTenant } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountStatus } from '../modules/auth/account-status';
import type { AccessClaims } from '../modules/auth/tokens';
import { ApiError, notFound, unauthorized } from '../errors/api-error';
import { ACCOUNT_GONE, SESSION_CLOSED } from './require-role';

export interface Grant {
  /** A platform admin: every company, with every level. */
  all: boolean;
  /** The granted companies, ascending (empty for an admin: see `all`). */
  empresas: readonly number[];
  levels: ReadonlyMap<number, AccessLevel>;
  /** Names the grant in cache keys: two requests with the same key may share an answer. */
  key: string;
}

export const EVERY_COMPANY: Grant = { all: true, empresas: [], levels: new Map(), key: 'all' };

const resolved = new WeakMap<FastifyRequest, Promise<Grant>>();

/**
 * The request's grant, read once per request (later calls share the first one's answer). 401 when
 * the account is gone or inactive, or its session closed (a download token carries no session:
 * its minute stands on its own).
 */
export function grantOf(request: FastifyRequest): Promise<Grant> {
  let grant = resolved.get(request);
  if (!grant) {
    grant = resolveGrant(request);
    resolved.set(request, grant);
  }
  return grant;
}

function resolveGrant(request: FastifyRequest): Promise<Grant> {
  const user = request.user;
  if (!user) throw unauthorized();
  return readGrant(request.server.accountStatus, user);
}

/** The grant of `user` as the account standing holds it now (cached for STANDING_TTL_MS); see grantOf. */
export async function readGrant(accountStatus: AccountStatus, user: AccessClaims): Promise<Grant> {
  const standing = await accountStatus.standing(user);
  if (!standing.active) throw unauthorized(ACCOUNT_GONE);
  if (user.sessionId !== null && !standing.sessionOpen) throw unauthorized(SESSION_CLOSED);
  if (standing.rol === 'admin') return EVERY_COMPANY;
  const empresas = [...standing.grants.keys()].sort((left, right) => left - right);
  return { all: false, empresas, levels: standing.grants, key: `e${empresas.join(',')}` };
}

/**
 * Issue 32's first line: every hook after this one and the handler of a non-admin user's request
 * run as the database's tenant role with the user's companies (@camposense/db runAsTenant, the
 * policies of migration 0023), so a query that forgot its grant condition still shows no other
 * company's row. An admin's request, and one without a user (sign-in, health, ingest by key),
 * keep the owner's role. A grant that cannot be read scopes the request to nothing: the route's
 * own grantOf answers it (401).
 */
export function registerTenantScope(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.user) {
      done();
      return;
    }
    grantOf(request).then(
      (grant) => (grant.all ? done() : runAsTenant({ empresas: grant.empresas }, done)),
      () => runAsTenant({ empresas: [] }, done),
    );
  });
}

/** Whether the grant allows `level` on company `empresaid` (an admin: always). */
export function allows(grant: Grant, empresaid: number, level: AccessLevel): boolean {
  if (grant.all) return true;
  return accessLevelAllows(grant.levels.get(empresaid), level);
}

/** Acknowledging needs level operacion on the alarm's company (issue 32): a reader's grant answers this. */
export const cannotAcknowledge = () =>
  new ApiError(403, 'FORBIDDEN', 'Su acceso a esta empresa es de solo lectura: reconocer alertas requiere el nivel operación o gestión');

/** `column = any('{…}'::int[])` over the granted companies; null for an admin (no condition). */
export function grantedCompanies(grant: Grant, column: SQL): SQL | null {
  return grant.all ? null : sql`${column} = any(${numberArray(grant.empresas)}::int[])`;
}

/**
 * The granted locations as a subquery of `ubicacionid` (null for an admin): the one place alarms,
 * readings, thresholds and nodes reach their company through. Aliases `gub`, `gfu` are its own.
 */
export function grantedLocations(grant: Grant): SQL | null {
  const companies = grantedCompanies(grant, sql`gfu.empresaid`);
  return companies && sql`select gub.ubicacionid from sense.ubicacion gub join sense.fundo gfu on gfu.fundoid = gub.fundoid where ${companies}`;
}

/**
 * The nodes placed (an active or past placement) in a granted location, as a subquery of `nodoid`
 * (null for an admin). A node never placed belongs to no company: only an admin sees it.
 */
export function grantedNodes(grant: Grant): SQL | null {
  const locations = grantedLocations(grant);
  return locations && sql`select gl.nodoid from sense.localizacion gl where gl.ubicacionid in (${locations})`;
}

/**
 * "The episode `alias` is in the grant" (null for an admin): a threshold's episode through its
 * threshold's location, a no-data one through a placement of its node.
 */
export function grantedEpisode(grant: Grant, alias: string): SQL | null {
  const locations = grantedLocations(grant);
  const nodes = grantedNodes(grant);
  if (!locations || !nodes) return null;
  const episode = sql.identifier(alias);
  return sql`(${episode}.umbralid in (select gu.umbralid from sense.umbral gu where gu.ubicacionid in (${locations}))
              or (${episode}.umbralid is null and ${episode}.nodoid in (${nodes})))`;
}

type NamedPlaces = { nodoId?: number | undefined; ubicacionId?: number | undefined; umbralId?: number | undefined };

/**
 * "The node, the location and the threshold named (any may be absent) are in the grant" as one
 * boolean expression, or null when nothing is to be checked (an admin, or none named): for a route
 * that asks it in its own statement instead of a round trip of its own (the series, issue 31).
 */
export function grantedPlacesCheck(grant: Grant, { nodoId, ubicacionId, umbralId }: NamedPlaces): SQL | null {
  const locations = grantedLocations(grant);
  if (!locations || (nodoId === undefined && ubicacionId === undefined && umbralId === undefined)) return null;
  const checks: SQL[] = [];
  if (umbralId !== undefined) checks.push(sql`exists (select 1 from sense.umbral pu where pu.umbralid = ${umbralId} and pu.ubicacionid in (${locations}))`);
  if (nodoId !== undefined) checks.push(sql`exists (select 1 from sense.localizacion pl where pl.nodoid = ${nodoId} and pl.ubicacionid in (${locations}))`);
  if (ubicacionId !== undefined) checks.push(sql`${ubicacionId}::int in (${locations})`);
  return sql.join(checks, sql` and `);
}

/** The 404 of a place outside the grant, as if it did not exist (issue 32). */
export function placeNotFound({ nodoId, umbralId }: NamedPlaces): ApiError {
  return notFound(umbralId !== undefined ? 'No existe un umbral con ese id' : nodoId !== undefined ? 'No existe un nodo con ese id' : 'No existe una ubicación con ese id');
}

/**
 * 404 unless the node and the location named (either may be absent) are in the grant, as if they
 * did not exist (issue 32): one small query, and none for an admin or when neither is named.
 */
export async function assertGrantedPlaces(database: Database, grant: Grant, places: NamedPlaces): Promise<void> {
  const check = grantedPlacesCheck(grant, places);
  if (!check) return;
  const [row] = await database.query<{ granted: boolean }>(sql`select ${check} as granted`);
  if (row?.granted === true) return;
  throw placeNotFound(places);
}

/** The part of a grant that allows `level` (an admin's stays whole): what a user may acknowledge, say. */
export function grantAt(grant: Grant, level: AccessLevel): Grant {
  if (grant.all) return grant;
  const empresas = grant.empresas.filter((empresaid) => allows(grant, empresaid, level));
  return { all: false, empresas, levels: new Map(empresas.map((empresaid) => [empresaid, grant.levels.get(empresaid)!])), key: `${level} e${empresas.join(',')}` };
}
