import { MIN_PASSWORD_LENGTH } from '@camposense/domain';
import type { TableRow } from '@camposense/domain';

/** The form's values: text as typed, the role and status as their option ids. */
export interface UsuarioFormValues {
  login: string;
  firstname: string;
  lastname: string;
  usuarioabrev: string;
  rol: number | null;
  /** The language of the alarm messages the user is sent, as its option id. */
  idioma: number | null;
  statusid: number | null;
  password: string;
  passwordConfirm: string;
}

export type UsuarioFormMode = 'insert' | 'update';

/** The role select's options: the select holds numbers, the API the role's name. */
export const ROLE_OPTIONS = [
  { value: 1, rol: 'admin' },
  { value: 2, rol: 'user' },
] as const;

export type Rol = (typeof ROLE_OPTIONS)[number]['rol'];

/** The messages-language select's options: Spanish (the default) or English. */
export const IDIOMA_OPTIONS = [
  { value: 1, idioma: 'es' },
  { value: 2, idioma: 'en' },
] as const;

/** The abbreviation's limit, `usuario.usuarioabrev varchar(10)`. */
export const USUARIOABREV_MAX = 10;

const roleValue = (rol: unknown) => ROLE_OPTIONS.find((option) => option.rol === rol)?.value ?? 2;
const roleName = (value: number | null): Rol => ROLE_OPTIONS.find((option) => option.value === value)?.rol ?? 'user';
const idiomaValue = (idioma: unknown) => IDIOMA_OPTIONS.find((option) => option.idioma === idioma)?.value ?? 1;
const idiomaName = (value: number | null) => IDIOMA_OPTIONS.find((option) => option.value === value)?.idioma ?? 'es';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A new user (role user, active) or the row being edited; the password is never read back. */
export function usuarioInitialValues(row?: TableRow): UsuarioFormValues {
  return {
    login: text(row?.['login']),
    firstname: text(row?.['firstname']),
    lastname: text(row?.['lastname']),
    usuarioabrev: text(row?.['usuarioabrev']),
    rol: roleValue(row?.['rol'] ?? 'user'),
    idioma: idiomaValue(row?.['idioma'] ?? 'es'),
    statusid: row ? Number(row['statusid'] ?? 1) : 1,
    password: '',
    passwordConfirm: '',
  };
}

/** The e-mail as the login is stored: trimmed, lower-case. */
export const normaliseLogin = (login: string) => login.trim().toLowerCase();

// One @, something before it, a dot in the domain, no spaces: the browser's own e-mail check is looser.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type UsuarioProblem = 'required' | 'invalidEmail' | 'weakPassword' | 'passwordMismatch' | 'maxLength';

export function loginProblem(login: string): UsuarioProblem | null {
  if (login.trim() === '') return 'required';
  return EMAIL.test(login.trim()) ? null : 'invalidEmail';
}

/**
 * What the client can tell of a password: required on create (blank on update keeps it), at least
 * the API's minimum length, and not the e-mail. The server also refuses guessable ones (zxcvbn).
 */
export function passwordProblem(password: string, login: string, mode: UsuarioFormMode): UsuarioProblem | null {
  if (password === '') return mode === 'insert' ? 'required' : null;
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'weakPassword';
  return password.trim().toLowerCase() === normaliseLogin(login) ? 'weakPassword' : null;
}

/** The confirmation must repeat the password whenever one is typed. */
export function confirmationProblem(confirmation: string, password: string): UsuarioProblem | null {
  if (password === '' && confirmation === '') return null;
  if (confirmation === '') return 'required';
  return confirmation === password ? null : 'passwordMismatch';
}

/** The form's problems by field, none when it may be sent. */
export function usuarioProblems(values: UsuarioFormValues, mode: UsuarioFormMode): Partial<Record<keyof UsuarioFormValues, UsuarioProblem>> {
  const problems: Partial<Record<keyof UsuarioFormValues, UsuarioProblem>> = {};
  const login = loginProblem(values.login);
  if (login) problems.login = login;
  if ([...values.usuarioabrev.trim()].length > USUARIOABREV_MAX) problems.usuarioabrev = 'maxLength';
  const password = passwordProblem(values.password, values.login, mode);
  if (password) problems.password = password;
  const confirmation = confirmationProblem(values.passwordConfirm, values.password);
  if (confirmation) problems.passwordConfirm = confirmation;
  return problems;
}

/**
 * The body of POST /sense/usuario (every field) or PUT (only what changed): the login lower-cased,
 * names and abbreviation trimmed (blank is null), the role and messages' language by name, the password only when one was typed; the
 * confirmation is never sent.
 */
export function usuarioBody(values: UsuarioFormValues, mode: UsuarioFormMode, initial?: UsuarioFormValues): Record<string, unknown> {
  const full: Record<string, unknown> = {
    login: normaliseLogin(values.login),
    firstname: values.firstname.trim() || null,
    lastname: values.lastname.trim() || null,
    usuarioabrev: values.usuarioabrev.trim() || null,
    rol: roleName(values.rol),
    idioma: idiomaName(values.idioma),
    statusid: values.statusid ?? 1,
  };
  if (mode === 'insert' || !initial) return { ...full, password: values.password };
  const before = usuarioBody(initial, 'insert');
  const changed = Object.fromEntries(Object.entries(full).filter(([key, value]) => before[key] !== value));
  return values.password === '' ? changed : { ...changed, password: values.password };
}

/** Whether the form holds anything worth keeping (spec section 5: usuario's identifying field is the login; a password counts too). */
export function usuarioDirty(values: UsuarioFormValues, initial: UsuarioFormValues): boolean {
  return (Object.keys(values) as (keyof UsuarioFormValues)[]).some((key) => values[key] !== initial[key]);
}
