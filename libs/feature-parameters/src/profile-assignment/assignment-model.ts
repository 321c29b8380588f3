import type { TableRow, UsuarioPerfilPair } from '@camposense/domain';
import type { ChoiceOption } from '../choice-list/choice-list';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A user as the lists name them: first and last name, else the login; the login beside. */
export function usuarioOption(row: TableRow): ChoiceOption {
  const login = text(row['login']);
  const name = [text(row['firstname']), text(row['lastname'])].filter(Boolean).join(' ');
  return { value: Number(row['usuarioid']), label: name || login || `#${String(row['usuarioid'])}`, detail: name ? login : undefined };
}

/** A profile as the spec's boss select names it: "nivel - perfil". */
export function perfilLabel(row: TableRow): string {
  const perfil = text(row['perfil']) || `#${String(row['perfilid'])}`;
  return row['nivel'] === null || row['nivel'] === undefined ? perfil : `${String(row['nivel'])} - ${perfil}`;
}

export function perfilOption(row: TableRow): ChoiceOption {
  return { value: Number(row['perfilid']), label: perfilLabel(row) };
}

const byLabel = (left: ChoiceOption, right: ChoiceOption) => left.label.localeCompare(right.label, 'es');

/** The users no profile is assigned to yet, by name. */
export function usersWithoutProfile(usuarios: readonly TableRow[], pairs: readonly UsuarioPerfilPair[]): ChoiceOption[] {
  const assigned = new Set(pairs.map((pair) => pair.usuarioid));
  return usuarios.filter((row) => !assigned.has(Number(row['usuarioid']))).map(usuarioOption).sort(byLabel);
}

/** The profiles that can be given: active ones (statusid 1, or no status column), by level then name. */
export function availableProfiles(perfiles: readonly TableRow[]): ChoiceOption[] {
  return perfiles
    .filter((row) => row['statusid'] === undefined || row['statusid'] === null || Number(row['statusid']) === 1)
    .sort((left, right) => Number(left['nivel'] ?? 0) - Number(right['nivel'] ?? 0) || text(left['perfil']).localeCompare(text(right['perfil']), 'es'))
    .map(perfilOption);
}

export interface AssignedPair extends UsuarioPerfilPair {
  usuario: string;
  perfil: string;
}

/** The pairs assigned, each named, by user then profile; an id without its row is named by its number. */
export function assignedPairs(usuarios: readonly TableRow[], perfiles: readonly TableRow[], pairs: readonly UsuarioPerfilPair[]): AssignedPair[] {
  const users = new Map(usuarios.map((row) => [Number(row['usuarioid']), usuarioOption(row).label]));
  const profiles = new Map(perfiles.map((row) => [Number(row['perfilid']), perfilLabel(row)]));
  return pairs
    .map((pair) => ({ ...pair, usuario: users.get(pair.usuarioid) ?? `#${pair.usuarioid}`, perfil: profiles.get(pair.perfilid) ?? `#${pair.perfilid}` }))
    .sort((left, right) => left.usuario.localeCompare(right.usuario, 'es') || left.perfil.localeCompare(right.perfil, 'es'));
}
