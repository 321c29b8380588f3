import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { sense } from './sense-schema';

/**
 * Scheduled work of the notifier (alarms.md, "Exactly once"): a round of an episode's messages
 * ('ronda', one per episode and escalation level, named by `clave`) or one message to hand to a
 * carrier ('envio'). Workers take due rows with `FOR UPDATE SKIP LOCKED` (a round, in one
 * transaction) or lease them until `bloqueadohasta` (a delivery, sent outside any transaction), so
 * several API instances on one PostgreSQL run each job once, and a restart finds what is left.
 */
export const trabajo = sense.table(
  'trabajo',
  {
    trabajoid: bigint('trabajoid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tipo: text('tipo').notNull(),
    /** One round job per (episode, level): 'ronda:<episodioid>:<nivel>'. */
    clave: text('clave').unique('trabajo_clave_key'),
    carga: jsonb('carga').notNull(),
    /** When the job is due. */
    ejecutar: timestamp('ejecutar', { withTimezone: true, mode: 'date' }).notNull(),
    intentos: integer('intentos').notNull().default(0),
    /** A worker holds the job until then; after it, another may take it (the worker died). */
    bloqueadohasta: timestamp('bloqueadohasta', { withTimezone: true, mode: 'date' }),
    ultimoerror: text('ultimoerror'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('trabajo_tipo_check', sql`${table.tipo} in ('ronda', 'envio')`),
    index('trabajo_ejecutar_idx').on(table.ejecutar),
  ],
);
