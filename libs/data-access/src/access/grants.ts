import type { AccessGrant } from '@camposense/domain';
import type { GlobalFilters } from '../filters/global-filters';
import type { FundoRow } from '../places/types';

/**
 * What the signed-in user may see: `null` for a platform admin (everything), else the granted
 * companies and their countries. The console offers nothing outside it, whatever a list answers.
 */
export interface GrantScope {
  paisIds: ReadonlySet<number>;
  empresaIds: ReadonlySet<number>;
}

export function grantScopeOf(grants: readonly AccessGrant[]): GrantScope {
  return { paisIds: new Set(grants.map((grant) => grant.paisid)), empresaIds: new Set(grants.map((grant) => grant.empresaid)) };
}

/**
 * The selection with what the grant does not cover dropped, before any screen reads it: a
 * country or company stored in another session (another user on this tab, a grant withdrawn)
 * would only get 404s. A farm is granted with its company; whether it still exists is left to
 * `validScope`, against the loaded list.
 */
export function restrictToGrant(filters: GlobalFilters, scope: GrantScope | null): GlobalFilters {
  if (!scope) return filters;
  const { paisId, empresaId } = filters;
  if (paisId !== null && !scope.paisIds.has(paisId)) return { paisId: null, empresaId: null, fundoId: null };
  if (empresaId !== null && !scope.empresaIds.has(empresaId)) return { paisId, empresaId: null, fundoId: null };
  return filters;
}

/**
 * The one farm a user is granted, as a full selection, when the grant holds exactly one (among
 * `fundos`, every farm the console could list: the server scopes it, the filter here makes sure);
 * null otherwise, and for an admin.
 */
export function singleGrantedFarm(grants: readonly AccessGrant[], fundos: readonly Pick<FundoRow, 'fundoid' | 'empresaid'>[]): GlobalFilters | null {
  const byCompany = new Map(grants.map((grant) => [grant.empresaid, grant]));
  const granted = fundos.filter((row) => byCompany.has(row.empresaid));
  if (granted.length !== 1) return null;
  const [farm] = granted as [Pick<FundoRow, 'fundoid' | 'empresaid'>];
  return { paisId: byCompany.get(farm.empresaid)!.paisid, empresaId: farm.empresaid, fundoId: farm.fundoid };
}
