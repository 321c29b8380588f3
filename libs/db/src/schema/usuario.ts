import { sql } from 'drizzle-orm';
import { check, integer, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { sense } from './sense-schema';

/** A person who signs in. `login` is the e-mail, stored lower-case; `password_hash` is argon2id. */
export const usuario = sense.table(
  'usuario',
  {
    usuarioid: integer('usuarioid').primaryKey().generatedByDefaultAsIdentity(),
    login: text('login').notNull().unique('usuario_login_key'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    usuarioabrev: varchar('usuarioabrev', { length: 10 }),
    rol: text('rol', { enum: ['admin', 'user'] }).notNull().default('user'),
    password_hash: text('password_hash').notNull(),
    /** The language of the messages the user is sent (alarms.md, "What"): 'es' (default) or 'en'. */
    idioma: varchar('idioma', { length: 2 }).notNull().default('es'),
    ...auditColumns(),
  },
  (table) => [
    check('usuario_login_lower_check', sql`${table.login} = lower(${table.login})`),
    check('usuario_rol_check', sql`${table.rol} in ('admin', 'user')`),
    check('usuario_idioma_check', sql`${table.idioma} in ('es', 'en')`),
    statusCheck('usuario', table.statusid),
  ],
);

export type UsuarioRow = typeof usuario.$inferSelect;
