import { sql } from 'drizzle-orm';
import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sense } from './sense-schema';
import { usuario } from './usuario';

/**
 * One refresh token of a sign-in session (docs/security.md). Only its SHA-256 is stored. Every
 * refresh marks the row used and adds its successor with the same `familia`; presenting a used
 * token again revokes the whole family. Deleting a user deletes their sessions.
 */
export const sesion = sense.table(
  'sesion',
  {
    sesionid: bigint('sesionid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    usuarioid: integer('usuarioid')
      .notNull()
      .references(() => usuario.usuarioid, { onDelete: 'cascade' }),
    /** The session: shared by every token rotated from one sign-in. */
    familia: text('familia').notNull(),
    /** The token this one replaced; null for the token issued at sign-in. */
    padreid: bigint('padreid', { mode: 'number' }).references((): AnyPgColumn => sesion.sesionid, {
      onDelete: 'set null',
    }),
    /** Hex SHA-256 of the token (random 32 bytes, so a plain hash is enough). */
    token_hash: text('token_hash').notNull().unique('sesion_token_hash_key'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [
    index('sesion_familia_idx').on(table.familia),
    index('sesion_usuarioid_idx').on(table.usuarioid),
  ],
);

/**
 * Sign-in attempts, shared by every API instance (docs/security.md, "Sign-in limits"). A row per
 * key: `address:…` and `email:…` keep a sliding window of attempt times (`marcas`, ms since the
 * epoch); `pair:…` (e-mail and address) keeps its backoff and when it last signed in. Times are
 * ms numbers, as the limiter computes them; `vence` is when the row no longer matters and may go.
 */
export const intentoacceso = sense.table(
  'intentoacceso',
  {
    clave: text('clave').primaryKey(),
    marcas: bigint('marcas', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    intentos: integer('intentos').notNull().default(0),
    ultimo: bigint('ultimo', { mode: 'number' }).notNull().default(0),
    bloqueadohasta: bigint('bloqueadohasta', { mode: 'number' }).notNull().default(0),
    conocidohasta: bigint('conocidohasta', { mode: 'number' }).notNull().default(0),
    vence: timestamp('vence', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('intentoacceso_vence_idx').on(table.vence)],
);

/**
 * The single-use tokens already used (CSV download tokens, live stream tickets): one row per
 * token id (`jti`), inserted by the request that uses it (`on conflict do nothing`), so every API
 * instance over one database accepts a token once (issue 27, item 4). `expira` is the token's own
 * expiry; rows are purged some minutes after it, when the signature check refuses the token anyway.
 */
export const tokenusado = sense.table(
  'tokenusado',
  {
    jti: text('jti').primaryKey(),
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }).notNull(),
    usado: timestamp('usado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('tokenusado_expira_idx').on(table.expira)],
);
