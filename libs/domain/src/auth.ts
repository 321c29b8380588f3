/** The roles of `usuario.rol`: an admin writes, a user reads. */
export const ROLES = ['admin', 'user'] as const;
export type Rol = (typeof ROLES)[number];

/** The signed-in user as the API answers it (api.md, "Authentication"). */
export interface SessionUser {
  id: number;
  email: string;
  user_metadata: {
    firstname: string | null;
    lastname: string | null;
    rol: Rol;
  };
}

export interface Session {
  access_token: string;
  refresh_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  /** Unix seconds at which the access token expires. */
  expires_at: number;
  user: SessionUser;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginSuccess {
  success: true;
  user: SessionUser;
  session: Session;
}

export interface LoginFailure {
  success: false;
  error: string;
}

export type LoginResponse = LoginSuccess | LoginFailure;

/** The language of the messages a user is sent (`usuario.idioma`). */
export type MessageLanguage = 'es' | 'en';

/** `GET` and `PUT /api/account/idioma`: the signed-in user's own notification language. */
export interface MessageLanguageBody {
  idioma: MessageLanguage;
}

export interface MeResponse {
  user: SessionUser;
}

/** The texts the login call answers with (api.md); the console shows them as they come. */
export const LOGIN_ERROR_UNKNOWN_USER = 'Usuario no encontrado';
export const LOGIN_ERROR_BAD_PASSWORD = 'Invalid credentials';

/** `GET /api/ingest/keys`: an ingest key as listed (admins only): never the key itself. */
export interface IngestKey {
  claveingestaid: number;
  nombre: string;
  /** The key's first characters, to tell it apart. */
  prefijo: string;
  /** 1 active, 0 revoked. */
  statusid: number;
  datecreated: string | null;
  ultimouso: string | null;
}

/** `POST /api/ingest/keys`: the new key, with `clave` shown this once. */
export interface CreatedIngestKey extends IngestKey {
  clave: string;
}
