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
  // Issue 32: granted one Chilean company only (DEMO_COMPANY_GRANTS), to see what a tenant sees.
  { login: 'operador.chile@camposense.dev', firstname: 'Olivia', lastname: 'Operadora Chile', usuarioabrev: 'OOPERCL', rol: 'user' },
];

/**
 * Demo users granted only some companies (by `empresaabrev`), level operacion; every other
 * non-admin demo user is granted every company (seed-access.ts).
 */
export const DEMO_COMPANY_GRANTS: Readonly<Record<string, readonly string[]>> = {
  'operador.chile@camposense.dev': ['LOSANDES'],
};
