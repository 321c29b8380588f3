/**
 * Authentication (api.md, "Authentication"): `POST /api/auth/login`, `/refresh`, `/logout`,
 * `GET /api/auth/me`, and the signed-in user's notification language (`/api/account/idioma`).
 * `SessionUser` and `Session` are shared schemas (`$id`), which the answers reference, as the API
 * always published them; auth.ts keeps the type names the console has always used.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { MAX_PASSWORD_LENGTH } from '../constants';
import { errorResponses, NoContent, Nullable, StringEnum } from './common';

/** Refresh tokens are 43 base64url characters; anything much longer is not one of ours. */
export const REFRESH_TOKEN_MAX_LENGTH = 256;

/** The signed-in user as the API answers it. */
export const SessionUserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    user_metadata: Type.Object({ firstname: Nullable(Type.String()), lastname: Nullable(Type.String()), rol: StringEnum(['admin', 'user']) }),
  },
  { $id: 'SessionUser' },
);
export type SessionUser = Static<typeof SessionUserSchema>;
const SessionUserRef = Type.Unsafe<SessionUser>({ $ref: 'SessionUser#' });

export const SessionSchema = Type.Object(
  {
    access_token: Type.String(),
    refresh_token: Type.String(),
    /** Seconds until the access token expires. */
    expires_in: Type.Integer(),
    /** Unix seconds at which the access token expires. */
    expires_at: Type.Integer(),
    user: SessionUserRef,
  },
  { $id: 'Session' },
);
export type Session = Static<typeof SessionSchema>;
const SessionRef = Type.Unsafe<Session>({ $ref: 'Session#' });

export const LoginRequestSchema = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }) },
  { additionalProperties: false },
);

export const LoginSuccessSchema = Type.Object({ success: Type.Literal(true), user: SessionUserRef, session: SessionRef });
export type LoginSuccess = Static<typeof LoginSuccessSchema>;

export const LoginFailureSchema = Type.Object({ success: Type.Literal(false), error: Type.String() });
export type LoginFailure = Static<typeof LoginFailureSchema>;

/** Refresh and logout take the token from the cookie (browser) or the body (API clients). */
export const RefreshTokenBodySchema = Type.Object(
  { refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: REFRESH_TOKEN_MAX_LENGTH })) },
  { additionalProperties: false },
);
export type RefreshTokenBody = Static<typeof RefreshTokenBodySchema>;

export const MeResponseSchema = Type.Object({ user: SessionUserRef });
export type MeResponse = Static<typeof MeResponseSchema>;

/** `GET` and `PUT /api/account/idioma`: the signed-in user's own notification language. */
export const MessageLanguageBodySchema = Type.Object(
  { idioma: StringEnum(['es', 'en'], { description: 'Idioma de los avisos que recibe (es por defecto)' }) },
  { additionalProperties: false },
);
export type MessageLanguageBody = Static<typeof MessageLanguageBodySchema>;

export const loginRoute = {
  body: LoginRequestSchema,
  response: { 200: LoginSuccessSchema, 401: LoginFailureSchema, ...errorResponses(400, 413, 429, 500) },
} as const;
export const refreshRoute = { body: RefreshTokenBodySchema, response: { 200: SessionRef, ...errorResponses(400, 401, 413, 500) } } as const;
export const logoutRoute = { body: RefreshTokenBodySchema, response: { 204: NoContent(), ...errorResponses(400, 413, 500) } } as const;
export const meRoute = { response: { 200: MeResponseSchema, ...errorResponses(401, 500) } } as const;
export const ownLanguageRoute = { response: { 200: MessageLanguageBodySchema, ...errorResponses(401, 500) } } as const;
export const setOwnLanguageRoute = { body: MessageLanguageBodySchema, response: { 200: MessageLanguageBodySchema, ...errorResponses(400, 401, 500) } } as const;
