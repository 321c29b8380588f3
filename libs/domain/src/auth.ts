import type { LoginFailure, LoginSuccess } from './contracts/auth';

/** The roles of `usuario.rol`: an admin writes, a user reads. */
export const ROLES = ['admin', 'user'] as const;
export type Rol = (typeof ROLES)[number];

/** The wire types of sign-in, sessions and `me` (the contract's, contracts/auth.ts). */
export type {
  SessionUser,
  Session,
  LoginSuccess,
  LoginFailure,
  MeResponse,
  MessageLanguageBody,
} from './contracts/auth';

export type LoginResponse = LoginSuccess | LoginFailure;

/** The language of the messages a user is sent (`usuario.idioma`). */
export type MessageLanguage = 'es' | 'en';

/** The texts the login call answers with (api.md); the console shows them as they come. */
export const LOGIN_ERROR_UNKNOWN_USER = 'Usuario no encontrado';
export const LOGIN_ERROR_BAD_PASSWORD = 'Invalid credentials';

/** The ingest keys as the settings list and create them (the contract's, contracts/ingest.ts). */
export type { IngestKey, CreatedIngestKey } from './contracts/ingest';
