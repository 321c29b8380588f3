import type { Rol } from '@camposense/domain';

/** The password of every demo user (README and DEVELOPERS.md quote it). */
export const DEMO_PASSWORD = 'Campo#Sense2026';

export interface DemoUser {
  login: string;
  firstname: string;
  lastname: string;
  usuarioabrev: string;
  rol: Rol;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { login: 'admin@camposense.dev', firstname: 'Ana', lastname: 'Admin', usuarioabrev: 'AADMIN', rol: 'admin' },
  { login: 'operador@camposense.dev', firstname: 'Oscar', lastname: 'Operador', usuarioabrev: 'OOPER', rol: 'user' },
];
