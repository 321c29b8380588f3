import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { entidad, ubicacion } from './location';
import { linkTable } from './link-table';
import { sense } from './sense-schema';

/** A LoRaWAN node; `deveui` is its 16-hex-character DevEUI when known. */
export const nodo = sense.table(
  'nodo',
  {
    nodoid: integer('nodoid').primaryKey().generatedByDefaultAsIdentity(),
    nodo: text('nodo').notNull().unique('nodo_nodo_key'),
    nodoabrev: varchar('nodoabrev', { length: 10 }),
    deveui: varchar('deveui', { length: 16 }).unique('nodo_deveui_key'),
    /** Minutes without a reading after which the node is silent (alarms.md, "Silent nodes"). */
    ventanainactividad: integer('ventanainactividad').notNull().default(60),
    ...auditColumns(),
  },
  (table) => [
    check('nodo_deveui_check', sql`${table.deveui} ~ '^[0-9A-Fa-f]{16}$'`),
    check('nodo_ventanainactividad_check', sql`${table.ventanainactividad} > 0`),
    statusCheck('nodo', table.statusid),
  ],
);

/** A sensor type of an entity, e.g. "Sonda suelo 20 cm" for palta. */
export const tipo = sense.table(
  'tipo',
  {
    tipoid: integer('tipoid').primaryKey().generatedByDefaultAsIdentity(),
    tipo: text('tipo').notNull(),
    entidadid: integer('entidadid')
      .notNull()
      .references(() => entidad.entidadid),
    ...auditColumns(),
  },
  (table) => [unique('tipo_entidadid_tipo_key').on(table.entidadid, table.tipo), statusCheck('tipo', table.statusid)],
);

/** A node's probe of one type. */
export const sensor = linkTable('sensor', ['nodoid', () => nodo.nodoid], ['tipoid', () => tipo.tipoid]);

/** A measured quantity and its unit (°C, %, dS/m). */
export const metrica = sense.table(
  'metrica',
  {
    metricaid: integer('metricaid').primaryKey().generatedByDefaultAsIdentity(),
    metrica: text('metrica').notNull().unique('metrica_metrica_key'),
    metricaabrev: varchar('metricaabrev', { length: 10 }),
    unidad: text('unidad'),
    ...auditColumns(),
  },
  (table) => [statusCheck('metrica', table.statusid)],
);

/** Which metrics a probe (node × type) reports. */
export const metricasensor = sense.table(
  'metricasensor',
  {
    nodoid: integer('nodoid').notNull(),
    metricaid: integer('metricaid')
      .notNull()
      .references(() => metrica.metricaid),
    tipoid: integer('tipoid').notNull(),
    ...auditColumns(),
  },
  (table) => [
    primaryKey({ name: 'metricasensor_pkey', columns: [table.nodoid, table.metricaid, table.tipoid] }),
    foreignKey({
      name: 'metricasensor_sensor_fkey',
      columns: [table.nodoid, table.tipoid],
      foreignColumns: [sensor.nodoid, sensor.tipoid],
    }),
    index('metricasensor_metricaid_idx').on(table.metricaid),
    statusCheck('metricasensor', table.statusid),
  ],
);

/**
 * One reading of one metric by one probe, in the place the node stood at the time. Its probe and
 * metric must exist in `metricasensor` (one composite key check per row, cheaper than three).
 */
export const medicion = sense.table(
  'medicion',
  {
    medicionid: bigint('medicionid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    medicion: doublePrecision('medicion').notNull(),
    nodoid: integer('nodoid').notNull(),
    tipoid: integer('tipoid').notNull(),
    metricaid: integer('metricaid').notNull(),
    ubicacionid: integer('ubicacionid')
      .notNull()
      .references(() => ubicacion.ubicacionid),
    medicionabrev: varchar('medicionabrev', { length: 10 }),
  },
  (table) => [
    foreignKey({
      name: 'medicion_metricasensor_fkey',
      columns: [table.nodoid, table.metricaid, table.tipoid],
      foreignColumns: [metricasensor.nodoid, metricasensor.metricaid, metricasensor.tipoid],
    }),
    index('medicion_ubicacionid_fecha_idx').on(table.ubicacionid, table.fecha),
    // A location's chart of one metric (migration 0019 adds INCLUDE (medicion), 0026 nodoid and
    // tipoid for its count of active probes, so it reads the index alone): without it a week of
    // one place read every reading of the week (68 ms → 1 ms).
    index('medicion_ubicacionid_metricaid_fecha_idx').on(table.ubicacionid, table.metricaid, table.fecha),
    // A reading is identified by (nodoid, tipoid, metricaid, fecha) (alarms.md, "Idempotent"): a
    // second copy is a duplicate. The key leads with (nodoid, metricaid, fecha) so that the same
    // index serves series, and migration 0008 adds INCLUDE (medicion) so they read it alone; 0026
    // adds ubicacionid, which a tenant's row-security policy filters on (else a heap fetch a row).
    uniqueIndex('medicion_lectura_key').on(table.nodoid, table.metricaid, table.fecha, table.tipoid),
    // Unfiltered lists and pages sorted by date (newest first) read this instead of sorting every
    // reading; NULLS FIRST is what ORDER BY fecha DESC means, or the planner would not use it.
    index('medicion_fecha_idx').on(table.fecha.desc().nullsFirst()),
  ],
);
