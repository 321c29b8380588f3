import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  check,
  index,
  integer,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { linkTable } from './link-table';
import { empresa } from './location';
import { sense } from './sense-schema';
import { alerta, episodio, perfil } from './threshold';
import { usuario } from './usuario';

/** Which profiles a user holds. */
export const usuarioperfil = linkTable('usuarioperfil', ['usuarioid', () => usuario.usuarioid], ['perfilid', () => perfil.perfilid]);

/** A way to reach people: 'correo' or 'sms' (rows inserted by the migration). */
export const medio = sense.table(
  'medio',
  {
    medioid: integer('medioid').primaryKey().generatedByDefaultAsIdentity(),
    nombre: text('nombre').notNull().unique('medio_nombre_key'),
    ...auditColumns(),
  },
  (table) => [statusCheck('medio', table.statusid)],
);

/** A country calling code, e.g. '+51' for Perú. */
export const codigotelefono = sense.table(
  'codigotelefono',
  {
    codigotelefonoid: integer('codigotelefonoid').primaryKey().generatedByDefaultAsIdentity(),
    codigotelefono: varchar('codigotelefono', { length: 5 }).notNull(),
    paistelefono: text('paistelefono').notNull(),
    ...auditColumns(),
  },
  (table) => [
    unique('codigotelefono_codigotelefono_paistelefono_key').on(table.codigotelefono, table.paistelefono),
    check('codigotelefono_codigotelefono_check', sql`${table.codigotelefono} ~ '^\\+[0-9]{1,4}$'`),
    statusCheck('codigotelefono', table.statusid),
  ],
);

/**
 * How to reach a user through a medium. A contact by sms needs `celular`, by e-mail `correo`:
 * the check below asks for one of them; the trigger `contacto_medio_check` of the custom
 * migration matches it to the medium (a check cannot look at `medio`).
 */
export const contacto = sense.table(
  'contacto',
  {
    contactoid: integer('contactoid').primaryKey().generatedByDefaultAsIdentity(),
    usuarioid: integer('usuarioid')
      .notNull()
      .references(() => usuario.usuarioid),
    medioid: integer('medioid')
      .notNull()
      .references(() => medio.medioid),
    codigotelefonoid: integer('codigotelefonoid').references(() => codigotelefono.codigotelefonoid),
    celular: varchar('celular', { length: 20 }),
    correo: text('correo'),
    ...auditColumns(),
  },
  (table) => [
    check('contacto_celular_o_correo_check', sql`${table.celular} is not null or ${table.correo} is not null`),
    check('contacto_celular_check', sql`${table.celular} ~ '^[0-9]{6,15}$'`),
    check('contacto_correo_check', sql`${table.correo} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
    index('contacto_usuarioid_idx').on(table.usuarioid),
    index('contacto_medioid_idx').on(table.medioid),
    statusCheck('contacto', table.statusid),
  ],
);

/** An e-mail address of a user. */
export const correo = sense.table(
  'correo',
  {
    correoid: integer('correoid').primaryKey().generatedByDefaultAsIdentity(),
    usuarioid: integer('usuarioid')
      .notNull()
      .references(() => usuario.usuarioid),
    correo: text('correo').notNull().unique('correo_correo_key'),
    ...auditColumns(),
  },
  (table) => [
    check('correo_correo_check', sql`${table.correo} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
    index('correo_usuarioid_idx').on(table.usuarioid),
    statusCheck('correo', table.statusid),
  ],
);

/**
 * The delivery ledger (alarms.md, "Once"): one row per message handed to a carrier, per
 * (recipient contact, channel, episode, round), written by the worker holding the delivery's lease
 * BEFORE the hand-over and marked sent or failed after it. `clave` is the idempotency key: a row
 * already marked is never handed over again, and one left pending by a crash (between hand-over and
 * mark) is handed over again under the same key, so with the same SMTP Message-ID. `entregas` counts
 * the hand-overs begun, so a copy re-sent after a crash shows here. Its `mensaje` row, written when it
 * is marked, is what the messages report reads.
 */
export const entrega = sense.table(
  'entrega',
  {
    entregaid: bigint('entregaid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** 'c<contactoid>:<medio>:e<episodioid>:n<nivel>:r<ronda>'. */
    clave: text('clave').notNull().unique('entrega_clave_key'),
    contactoid: integer('contactoid')
      .notNull()
      .references(() => contacto.contactoid),
    medio: text('medio').notNull(),
    /** The address or phone number the message was handed over for. */
    destino: text('destino').notNull(),
    episodioid: bigint('episodioid', { mode: 'number' })
      .notNull()
      .references(() => episodio.episodioid),
    alertaid: bigint('alertaid', { mode: 'number' }).references(() => alerta.alertaid),
    /** Escalation level (0 the threshold's own profiles) and the round of that level (0 the first message, then repeats). */
    nivel: integer('nivel').notNull(),
    ronda: integer('ronda').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    /** Hand-overs begun: more than 1 only after a crash or a carrier's error. */
    entregas: integer('entregas').notNull().default(0),
    /** When it was marked sent or failed. */
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('entrega_medio_check', sql`${table.medio} in ('correo', 'sms')`),
    check('entrega_estado_check', sql`${table.estado} in ('pendiente', 'enviado', 'fallido')`),
    index('entrega_episodioid_idx').on(table.episodioid),
  ],
);

/**
 * A message sent to a contact, usually about an alert. statusid: 1 sent, 0 failed, -1 processed.
 * Since migration 0017 one row per delivery (`entregaid`, unique), written when the delivery is
 * marked, so the messages report counts each message once; older rows have no delivery.
 */
export const mensaje = sense.table(
  'mensaje',
  {
    mensajeid: bigint('mensajeid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contactoid: integer('contactoid')
      .notNull()
      .references(() => contacto.contactoid),
    alertaid: bigint('alertaid', { mode: 'number' }).references(() => alerta.alertaid),
    mensaje: text('mensaje').notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    statusid: integer('statusid').notNull().default(1),
    /** The episode the message is about (a no-data episode has no alert). */
    episodioid: bigint('episodioid', { mode: 'number' }).references(() => episodio.episodioid),
    /** The carrier's error, for a message that failed (statusid 0). */
    error: text('error'),
    /** The delivery this row records (null for rows written before deliveries were kept). */
    entregaid: bigint('entregaid', { mode: 'number' })
      .references((): AnyPgColumn => entrega.entregaid)
      .unique('mensaje_entregaid_key'),
    /** The company of the message's alert or episode when it was sent (see alerta.empresaid); null for a message about neither. */
    empresaid: integer('empresaid').references(() => empresa.empresaid),
  },
  (table) => [
    index('mensaje_episodioid_idx').on(table.episodioid),
    index('mensaje_fecha_mensajeid_idx').on(table.fecha.desc().nullsFirst(), table.mensajeid.desc().nullsFirst()),
    // Migration 0027 adds INCLUDE (alertaid, episodioid): the messages report counts a company's
    // messages in a farm from the index alone.
    index('mensaje_empresaid_fecha_mensajeid_idx').on(table.empresaid, table.fecha.desc().nullsFirst(), table.mensajeid.desc().nullsFirst()),
    index('mensaje_contactoid_idx').on(table.contactoid),
    index('mensaje_alertaid_idx').on(table.alertaid),
    statusCheck('mensaje', table.statusid),
  ],
);
