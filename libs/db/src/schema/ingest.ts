import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { metricasensor } from './device';
import { ubicacion } from './location';
import { sense } from './sense-schema';

/**
 * The latest reading of each probe metric (alarms.md, "Readings come in"), kept by the ingest
 * service in the transaction that stores the reading, so "last reading" questions
 * (nodos-con-localizacion, the dashboard's node list) read one row per metric, never `medicion`.
 */
export const ultimamedicion = sense.table(
  'ultimamedicion',
  {
    nodoid: integer('nodoid').notNull(),
    tipoid: integer('tipoid').notNull(),
    metricaid: integer('metricaid').notNull(),
    medicionid: bigint('medicionid', { mode: 'number' }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    medicion: doublePrecision('medicion').notNull(),
    ubicacionid: integer('ubicacionid')
      .notNull()
      .references(() => ubicacion.ubicacionid),
  },
  (table) => [
    primaryKey({ name: 'ultimamedicion_pkey', columns: [table.nodoid, table.tipoid, table.metricaid] }),
    foreignKey({
      name: 'ultimamedicion_metricasensor_fkey',
      columns: [table.nodoid, table.metricaid, table.tipoid],
      foreignColumns: [metricasensor.nodoid, metricasensor.metricaid, metricasensor.tipoid],
    }).onDelete('cascade'),
  ],
);

/**
 * Readings that versions before migration 0015 stored dated more than five minutes ahead of the
 * server's clock (they took dates up to a day ahead), listed once by that migration for an
 * operator to review or delete. The ingest service no longer takes them, and its late rule judges
 * a reading against the newest one at or before the clock, so none of these makes a current breach
 * "late". No foreign key: retention may drop a reading's month.
 */
export const medicionadelantada = sense.table('medicionadelantada', {
  medicionid: bigint('medicionid', { mode: 'number' }).primaryKey(),
  nodoid: integer('nodoid').notNull(),
  tipoid: integer('tipoid').notNull(),
  metricaid: integer('metricaid').notNull(),
  ubicacionid: integer('ubicacionid').notNull(),
  fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
  medicion: doublePrecision('medicion').notNull(),
  /** When the migration found it ahead of the clock. */
  detectada: timestamp('detectada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A key that gateways and scripts present to `POST /api/ingest/readings`. Only the SHA-256 of
 * the key is kept (the key is 32 random bytes, so a plain hash is enough); `prefijo` is its first
 * characters, to tell keys apart in the list. statusid 0 is a revoked key.
 */
export const claveingesta = sense.table(
  'claveingesta',
  {
    claveingestaid: integer('claveingestaid').primaryKey().generatedByDefaultAsIdentity(),
    nombre: text('nombre').notNull(),
    prefijo: varchar('prefijo', { length: 16 }).notNull(),
    hash: text('hash').notNull().unique('claveingesta_hash_key'),
    ultimouso: timestamp('ultimouso', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (table) => [statusCheck('claveingesta', table.statusid)],
);

/**
 * The readings of each probe metric per UTC hour and place (min, max, sum, count, newest time),
 * kept by statement triggers on `medicion` (migration 0019): charts of more than a few days read
 * hours instead of every reading (issue 31: the series statement was ~80 % of the database's time
 * under the load mix). Exact at every snapshot: inserts add to their hour, and an edit or delete
 * recounts the hours it touched from `medicion`.
 */
export const medicionhora = sense.table(
  'medicionhora',
  {
    nodoid: integer('nodoid').notNull(),
    metricaid: integer('metricaid').notNull(),
    hora: timestamp('hora', { withTimezone: true, mode: 'date' }).notNull(),
    tipoid: integer('tipoid').notNull(),
    ubicacionid: integer('ubicacionid').notNull(),
    minimo: doublePrecision('minimo').notNull(),
    maximo: doublePrecision('maximo').notNull(),
    suma: doublePrecision('suma').notNull(),
    cantidad: integer('cantidad').notNull(),
    ultima: timestamp('ultima', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // Leads like medicion's reading key, so a node's series reads one range of it. Migration 0028
    // gives both indexes the figures in INCLUDE (drizzle-kit cannot say INCLUDE), so a chart reads
    // the index alone instead of a heap page per hour; the ingest's updates of them are not HOT.
    primaryKey({ name: 'medicionhora_pkey', columns: [table.nodoid, table.metricaid, table.hora, table.tipoid, table.ubicacionid] }),
    index('medicionhora_ubicacionid_metricaid_hora_idx').on(table.ubicacionid, table.metricaid, table.hora),
  ],
);
