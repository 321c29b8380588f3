import { describe, expect, it } from 'vitest';
import { assignedPairs, availableProfiles, perfilLabel, usersWithoutProfile, usuarioOption } from './assignment-model';

const usuarios = [
  { usuarioid: 1, login: 'ana@x.dev', firstname: 'Ana', lastname: 'Quispe' },
  { usuarioid: 2, login: 'luis@x.dev', firstname: 'Luis', lastname: 'Rojas' },
  { usuarioid: 3, login: 'solo@x.dev', firstname: null, lastname: null },
];
const perfiles = [
  { perfilid: 3, perfil: 'Operador', nivel: 3, statusid: 1 },
  { perfilid: 1, perfil: 'Gerente', nivel: 1, statusid: 1 },
  { perfilid: 9, perfil: 'Antiguo', nivel: 2, statusid: 0 },
];

describe('assignment model', () => {
  it('names a user by name with the login beside, else by the login', () => {
    expect(usuarioOption(usuarios[0]!)).toEqual({ value: 1, label: 'Ana Quispe', detail: 'ana@x.dev' });
    expect(usuarioOption(usuarios[2]!)).toEqual({ value: 3, label: 'solo@x.dev', detail: undefined });
  });
  it('names a profile "nivel - perfil"', () => {
    expect(perfilLabel(perfiles[0]!)).toBe('3 - Operador');
    expect(perfilLabel({ perfilid: 4, perfil: 'Sin nivel', nivel: null })).toBe('Sin nivel');
  });
  it('offers only users without any profile', () => {
    expect(usersWithoutProfile(usuarios, [{ usuarioid: 1, perfilid: 1 }]).map((option) => option.value)).toEqual([2, 3]);
  });
  it('offers active profiles by level', () => {
    expect(availableProfiles(perfiles).map((option) => option.label)).toEqual(['1 - Gerente', '3 - Operador']);
  });
  it('names assigned pairs, an unknown id by its number', () => {
    expect(
      assignedPairs(usuarios, perfiles, [
        { usuarioid: 2, perfilid: 1 },
        { usuarioid: 1, perfilid: 77 },
      ]),
    ).toEqual([
      { usuarioid: 1, perfilid: 77, usuario: 'Ana Quispe', perfil: '#77' },
      { usuarioid: 2, perfilid: 1, usuario: 'Luis Rojas', perfil: '1 - Gerente' },
    ]);
  });
});
