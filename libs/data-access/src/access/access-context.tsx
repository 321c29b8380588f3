import {
  ACCESS_LEVELS,
  ACKNOWLEDGE_LEVEL,
  accessLevelAllows,
  levelsGrantableBy,
  MANAGE_LEVEL,
  tableWriteLevel,
  type AccessGrant,
  type AccessLevel,
  type SessionUser,
  type TableName,
  type TableWrite,
} from '@camposense/domain';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useUserAccess } from '../user-access/user-access-query';
import { grantScopeOf, type GrantScope } from './grants';

/** The signed-in user's companies, as the console reads them once per session (issue 32). */
export interface SignedInAccess {
  /** `loading` and `error` show nothing of any company: the console never guesses a grant. */
  status: 'loading' | 'error' | 'ready';
  /** A platform admin: every company, without grants. */
  all: boolean;
  /** The granted companies with their levels; empty for an admin and until `ready`. */
  grants: readonly AccessGrant[];
  /** What the filters may offer: null for an admin (everything). */
  scope: GrantScope | null;
  error: unknown;
  /** Asked again after an error: the retry shows loading. */
  isValidating: boolean;
  retry: () => void;
  /** The user's level in a company (`gestion` for an admin), null when not granted. */
  levelOf: (empresaid: number) => AccessLevel | null;
}

const AccessContext = createContext<SignedInAccess | null>(null);
const NO_GRANTS: readonly AccessGrant[] = [];

export interface AccessProviderProps {
  user: SessionUser;
  children: ReactNode;
}

/**
 * Reads the signed-in user's own grants (`GET /api/sense/usuarios/:id/accesos`) for every screen.
 * An admin's are not asked: the API answers `todas` for every admin, so the console starts without
 * that round trip.
 */
export function AccessProvider({ user, children }: AccessProviderProps) {
  const admin = user.user_metadata.rol === 'admin';
  const answer = useUserAccess(admin ? null : user.id);
  const { data, error, mutate } = answer;
  // Read only after an error, where a retry shows loading: SWR re-renders a hook for the fields it
  // was read for, and the mount's revalidation of a grant already in the cache (read ahead at a
  // reload) flipped `isValidating` twice, each a new value and a commit of every screen under the
  // provider just after the console's first draw (issue 30, repeat visit).
  const isValidating = error !== undefined && answer.isValidating;
  const retry = useCallback(() => void mutate(), [mutate]);
  const value = useMemo<SignedInAccess>(() => {
    const all = admin || data?.todas === true;
    const grants = all ? NO_GRANTS : (data?.accesos ?? NO_GRANTS);
    const levels = new Map(grants.map((grant) => [grant.empresaid, grant.nivel]));
    // A kept answer wins over a later failure (offline, a refresh that failed): it is still the grant.
    const status = all || data ? 'ready' : error ? 'error' : 'loading';
    return {
      status,
      all,
      grants,
      scope: all ? null : grantScopeOf(grants),
      error,
      isValidating,
      retry,
      levelOf: (empresaid) => (all ? 'gestion' : (levels.get(empresaid) ?? null)),
    };
  }, [admin, data, error, isValidating, retry]);
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

/** The signed-in user's access; null without a provider (a screen shown alone, in a story): the server decides. */
export function useAccess(): SignedInAccess | null {
  return useContext(AccessContext);
}

/** Why an action is not offered: the user only reads there; `empresa` names the company when known. */
export interface OperateRefusal {
  empresa: string | null;
}

/**
 * Whether the user holds `level` (by default the one that acknowledges) in `empresaid`, or anywhere
 * they are granted when the company is not known; a refusal says where the user holds less.
 * Without a provider, allowed.
 */
export function operateRefusal(access: SignedInAccess | null, empresaid: number | null, level: AccessLevel = ACKNOWLEDGE_LEVEL): OperateRefusal | null {
  if (!access || access.all) return null;
  if (access.status !== 'ready') return { empresa: null };
  if (empresaid !== null) {
    if (accessLevelAllows(access.levelOf(empresaid), level)) return null;
    return { empresa: access.grants.find((grant) => grant.empresaid === empresaid)?.empresa ?? null };
  }
  if (access.grants.some((grant) => accessLevelAllows(grant.nivel, level))) return null;
  // Every grant reads only: named when there is one company.
  return { empresa: access.grants.length === 1 ? access.grants[0]!.empresa : null };
}

/**
 * Why a user may not write a table anywhere: only a platform admin writes it; no grant reaches the
 * level it needs; or the grants are not known (still loading, failed, or, for a caller's fallback,
 * not provided), when nothing is offered and no reason is named, because none is known yet.
 */
export type TableWriteRefusal = { kind: 'adminOnly' } | { kind: 'level'; level: AccessLevel } | { kind: 'unknown' };

/**
 * Whether the user may make `write` on rows of `table` in some company (the API checks each row's
 * company too): a platform admin always; another user where a grant reaches `tableWriteLevel`.
 * Without a provider the grants cannot be read, so the answer is the caller's `withoutAccess`: a
 * screen shown alone may let the API decide (null), a shell that knows its user's role may not.
 */
export function tableWriteRefusal(
  access: SignedInAccess | null,
  table: TableName,
  write: TableWrite,
  withoutAccess: TableWriteRefusal | null,
): TableWriteRefusal | null {
  return writeRefusalAt(access, tableWriteLevel(table, write), withoutAccess);
}

/**
 * Whether the user may change other users' grants (`PUT /usuarios/{id}/accesos`): an admin any
 * company's; a manager (gestion somewhere) those of the companies it manages, up to its level, which
 * `grantableLevels` tells per company. The same rule as a table's write, at the level gestion.
 */
export function grantsWriteRefusal(access: SignedInAccess | null, withoutAccess: TableWriteRefusal | null): TableWriteRefusal | null {
  return writeRefusalAt(access, MANAGE_LEVEL, withoutAccess);
}

/** The one rule: `level` null is an admin's write; otherwise some grant must reach it, once the grants are known. */
function writeRefusalAt(access: SignedInAccess | null, level: AccessLevel | null, withoutAccess: TableWriteRefusal | null): TableWriteRefusal | null {
  if (!access) return withoutAccess;
  if (access.all) return null;
  if (level === null) return { kind: 'adminOnly' };
  // Until the grants are read the level cannot be judged: a manager must not be told they lack it.
  if (access.status !== 'ready') return { kind: 'unknown' };
  if (access.grants.some((grant) => accessLevelAllows(grant.nivel, level))) return null;
  return { kind: 'level', level };
}

/**
 * The levels the user may give another user in `empresaid` (issue 32, as the API's managedGrants
 * checks them): every level for an admin (or without a provider: the API decides); for another user,
 * none unless they manage that company, then every level up to their own. Empty: the company's grant
 * is shown, not changed.
 */
export function grantableLevels(access: SignedInAccess | null, empresaid: number): readonly AccessLevel[] {
  if (!access || access.all) return ACCESS_LEVELS;
  return levelsGrantableBy(access.status === 'ready' ? access.levelOf(empresaid) : null);
}
