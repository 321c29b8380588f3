import type { UserAccessBody, UserAccessResponse } from '@camposense/domain';

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

/** The whole set to send: every company given a level, in company order. */
export function grantsToSave(levels: Record<number, AccessLevelChoice>): UserAccessBody['accesos'] {
  return Object.entries(levels)
    .flatMap(([empresaid, nivel]) => (nivel === 'none' ? [] : [{ empresaid: Number(empresaid), nivel }]))
    .sort((left, right) => left.empresaid - right.empresaid);
}

/** Whether the edited levels differ from what the user holds. */
export function levelsChanged(saved: Record<number, AccessLevelChoice>, edited: Record<number, AccessLevelChoice>): boolean {
  const ids = new Set([...Object.keys(saved), ...Object.keys(edited)].map(Number));
  return [...ids].some((id) => (saved[id] ?? 'none') !== (edited[id] ?? 'none'));
}
