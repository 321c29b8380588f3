import type { TableRow, UsuarioPerfilPair } from '@camposense/domain';

/** Users of the assignment form: Ana already has a profile, the other three have none. */
export const assignmentUsuariosFixture: TableRow[] = [
  { usuarioid: 1, login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Quispe', rol: 'admin', statusid: 1 },
  { usuarioid: 2, login: 'operador@camposense.dev', firstname: 'Luis', lastname: 'Rojas', rol: 'user', statusid: 1 },
  { usuarioid: 3, login: 'maria.torres@camposense.dev', firstname: 'María', lastname: 'Torres', rol: 'user', statusid: 1 },
  { usuarioid: 4, login: 'jorge.salas@camposense.dev', firstname: 'Jorge', lastname: 'Salas', rol: 'user', statusid: 1 },
];

/** Profiles, a boss chain by level: Gerente (1) ← Jefe de fundo (2) ← Operador de campo (3). */
export const assignmentPerfilesFixture: TableRow[] = [
  { perfilid: 1, perfil: 'Gerente', perfilabrev: 'GER', nivel: 1, jefeid: null, statusid: 1 },
  { perfilid: 2, perfil: 'Jefe de fundo', perfilabrev: 'JF', nivel: 2, jefeid: 1, statusid: 1 },
  { perfilid: 3, perfil: 'Operador de campo', perfilabrev: 'OP', nivel: 3, jefeid: 2, statusid: 1 },
];

/** The one pair assigned at the start. */
export const assignmentPairsFixture: UsuarioPerfilPair[] = [{ usuarioid: 1, perfilid: 1 }];
