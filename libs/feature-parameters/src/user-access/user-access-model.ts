import type { AccessLevel, UserAccessBody, UserAccessResponse } from '@camposense/domain';

export type AccessLevelChoice = UserAccessBody['accesos'][number]['nivel'] | 'none';

/** The levels an admin may give, in order of what they allow. */
export const LEVEL_CHOICES: readonly AccessLevelChoice[] = ['none', 'lectura', 'operacion', 'gestion'];

export interface CompanyChoice {
  empresaid: number;
  empresa: string;
  pais: string;
}

/** Each company's level as the user holds it now ('none' where not granted). */
export function levelsOf(access: UserAccessResponse): Record<number, AccessLevelChoice> {
  return Object.fromEntries(access.accesos.map((grant) => [grant.empresaid, grant.nivel]));
}

/**
 * The choices of a company's select, from the levels the editing user may give there: none at all
 * (the grant is shown, not changed) or taking it away and each level they may give.
 */
export function levelChoicesFor(grantable: readonly AccessLevel[]): AccessLevelChoice[] {
  return grantable.length === 0 ? [] : ['none', ...LEVEL_CHOICES.filter((choice) => choice !== 'none' && grantable.includes(choice))];
}

/**
 * The set to send, in company order: every company given a level, among those the editing user may
 * change. A manager sends only its own companies' grants, so the API leaves every other grant of the
 * user as it is, including those the manager cannot see (managedGrants).
 */
export function grantsToSave(levels: Record<number, AccessLevelChoice>, changeable: (empresaid: number) => boolean = () => true): UserAccessBody['accesos'] {
  return Object.entries(levels)
    .flatMap(([empresaid, nivel]) => (nivel === 'none' || !changeable(Number(empresaid)) ? [] : [{ empresaid: Number(empresaid), nivel }]))
    .sort((left, right) => left.empresaid - right.empresaid);
}

/** Whether the edited levels differ from what the user holds. */
export function levelsChanged(saved: Record<number, AccessLevelChoice>, edited: Record<number, AccessLevelChoice>): boolean {
  const ids = new Set([...Object.keys(saved), ...Object.keys(edited)].map(Number));
  return [...ids].some((id) => (saved[id] ?? 'none') !== (edited[id] ?? 'none'));
}
