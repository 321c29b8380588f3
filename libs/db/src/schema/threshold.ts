import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { medicion, metrica, nodo, tipo } from './device';
import { empresa, ubicacion } from './location';
import { linkTable } from './link-table';
import { sense } from './sense-schema';
import { usuario } from './usuario';

/**
 * How severe a broken threshold is: `grado` 1 is the most severe; `frecuencia` minutes between
 * repeated messages, `escalamiento` minutes before escalating to the boss profile, `escalon` how
 * many levels to escalate.
 */
export const criticidad = sense.table(
  'criticidad',
  {
    criticidadid: integer('criticidadid').primaryKey().generatedByDefaultAsIdentity(),
    criticidad: text('criticidad').notNull().unique('criticidad_criticidad_key'),
    criticidadabrev: varchar('criticidadabrev', { length: 10 }),
    grado: integer('grado').notNull(),
    frecuencia: integer('frecuencia'),
    escalamiento: integer('escalamiento'),
    escalon: integer('escalon'),
    ...auditColumns(),
  },
  (table) => [
    check('criticidad_grado_check', sql`${table.grado} >= 1`),
    check('criticidad_frecuencia_check', sql`${table.frecuencia} > 0`),
    check('criticidad_escalamiento_check', sql`${table.escalamiento} >= 0`),
    check('criticidad_escalon_check', sql`${table.escalon} >= 0`),
    statusCheck('criticidad', table.statusid),
  ],
);

/** A band [minimo, maximo] for one metric of one probe in one place; a reading outside breaks it. */
export const umbral = sense.table(
  'umbral',
  {
    umbralid: integer('umbralid').primaryKey().generatedByDefaultAsIdentity(),
    umbral: text('umbral').notNull(),
    ubicacionid: integer('ubicacionid')
      .notNull()
      .references(() => ubicacion.ubicacionid),
    nodoid: integer('nodoid')
      .notNull()
      .references(() => nodo.nodoid),
    tipoid: integer('tipoid')
      .notNull()
      .references(() => tipo.tipoid),
    metricaid: integer('metricaid')
      .notNull()
      .references(() => metrica.metricaid),
    criticidadid: integer('criticidadid')
      .notNull()
      .references(() => criticidad.criticidadid),
    minimo: doublePrecision('minimo').notNull(),
    maximo: doublePrecision('maximo').notNull(),
    ...auditColumns(),
  },
  (table) => [
    check('umbral_minimo_maximo_check', sql`${table.minimo} <= ${table.maximo}`),
    // Inactive thresholds are history: only the active ones must be one per probe, metric and level.
    uniqueIndex('umbral_activo_key')
      .on(table.ubicacionid, table.nodoid, table.tipoid, table.metricaid, table.criticidadid)
      .where(sql`statusid = 1`),
    index('umbral_nodoid_tipoid_metricaid_idx').on(table.nodoid, table.tipoid, table.metricaid),
    index('umbral_criticidadid_idx').on(table.criticidadid),
    statusCheck('umbral', table.statusid),
  ],
);

/** A profile in the boss chain: `nivel` 0 is the top, `jefeid` the boss profile. */
export const perfil = sense.table(
  'perfil',
  {
    perfilid: integer('perfilid').primaryKey().generatedByDefaultAsIdentity(),
    perfil: text('perfil').notNull().unique('perfil_perfil_key'),
    perfilabrev: varchar('perfilabrev', { length: 10 }),
    nivel: integer('nivel').notNull().default(0),
    jefeid: integer('jefeid').references((): AnyPgColumn => perfil.perfilid),
    ...auditColumns(),
  },
  (table) => [
    check('perfil_nivel_check', sql`${table.nivel} >= 0`),
    check('perfil_jefeid_check', sql`${table.jefeid} <> ${table.perfilid}`),
    statusCheck('perfil', table.statusid),
  ],
);

/** Which profiles are told when a threshold breaks. */
export const perfilumbral = linkTable('perfilumbral', ['perfilid', () => perfil.perfilid], ['umbralid', () => umbral.umbralid]);

/** A reading that broke a threshold. statusid: 1 active, 0 closed, -1 processed. */
export const alerta = sense.table(
  'alerta',
  {
    alertaid: bigint('alertaid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    umbralid: integer('umbralid')
      .notNull()
      .references(() => umbral.umbralid),
    medicionid: bigint('medicionid', { mode: 'number' })
      .notNull()
      .references(() => medicion.medicionid),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    statusid: integer('statusid').notNull().default(1),
    /** The episode the alert belongs to; null for alerts written before episodes were kept. */
    episodioid: bigint('episodioid', { mode: 'number' }).references((): AnyPgColumn => episodio.episodioid),
    /** Who acknowledged the alert's episode (statusid -1), when, and what they noted. */
    reconocidopor: integer('reconocidopor').references(() => usuario.usuarioid, { onDelete: 'set null' }),
    fechareconocido: timestamp('fechareconocido', { withTimezone: true, mode: 'date' }),
    notareconocido: text('notareconocido'),
    /**
     * The company the alert was raised under (its threshold's location's farm's), kept as it was:
     * a threshold or node moved to another company later does not carry its past alerts along.
     * What row-level security filters on (issue 32; migration 0023, docs/tenancy.md). Filled by the
     * ingest from the episode, or by the trigger of migration 0023 when an insert leaves it out.
     */
    empresaid: integer('empresaid').references(() => empresa.empresaid),
  },
  (table) => [
    // The id breaks ties so pages and the streamed export walk a stable order without sorting.
    index('alerta_fecha_alertaid_idx').on(table.fecha.desc().nullsFirst(), table.alertaid.desc().nullsFirst()),
    index('alerta_umbralid_idx').on(table.umbralid),
    index('alerta_medicionid_idx').on(table.medicionid),
    index('alerta_episodioid_idx').on(table.episodioid),
    // The engine closes or acknowledges a threshold's active alerts: find them without a scan.
    index('alerta_umbralid_activa_idx').on(table.umbralid).where(sql`statusid = 1`),
    // One company's page walks its own dates (the row-level security policy keys on empresaid).
    index('alerta_empresaid_fecha_alertaid_idx').on(table.empresaid, table.fecha.desc().nullsFirst(), table.alertaid.desc().nullsFirst()),
    statusCheck('alerta', table.statusid),
  ],
);

/**
 * An alarm episode (alarms.md): the run of consecutive breaking readings of one threshold
 * (`tipo` 'umbral'), or a node's silence beyond its inactivity window ('sindatos', no threshold).
 * statusid 1 active, -1 acknowledged (processed), 0 closed (`fechafin` set). At most one open
 * episode per threshold and one open no-data episode per node.
 */
export const episodio = sense.table(
  'episodio',
  {
    episodioid: bigint('episodioid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tipo: text('tipo').notNull().default('umbral'),
    umbralid: integer('umbralid').references(() => umbral.umbralid),
    nodoid: integer('nodoid')
      .notNull()
      .references(() => nodo.nodoid),
    criticidadid: integer('criticidadid')
      .notNull()
      .references(() => criticidad.criticidadid),
    fechainicio: timestamp('fechainicio', { withTimezone: true, mode: 'date' }).notNull(),
    fechafin: timestamp('fechafin', { withTimezone: true, mode: 'date' }),
    reconocidopor: integer('reconocidopor').references(() => usuario.usuarioid, { onDelete: 'set null' }),
    fechareconocido: timestamp('fechareconocido', { withTimezone: true, mode: 'date' }),
    notareconocido: text('notareconocido'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    statusid: integer('statusid').notNull().default(1),
    /**
     * Why it ended, when not by a reading back inside the band (null): 'cambio', what it watches
     * (its threshold, node, probe, probe metric or the node's placement) was deactivated, deleted or
     * repointed (issue 27, item 5). `fechafin` says when, `cerradopor` who, `cambiocierre` which
     * row and how: { tabla, accion, clave }. Written by the database (migration 0016's triggers).
     */
    motivocierre: text('motivocierre'),
    cerradopor: integer('cerradopor').references(() => usuario.usuarioid, { onDelete: 'set null' }),
    cambiocierre: jsonb('cambiocierre'),
    /**
     * The company the episode opened under, kept as it was (see alerta.empresaid): a threshold's
     * through its location, a no-data one through its node's active placement then.
     */
    empresaid: integer('empresaid').references(() => empresa.empresaid),
  },
  (table) => [
    check('episodio_tipo_check', sql`${table.tipo} in ('umbral', 'sindatos')`),
    check('episodio_motivocierre_check', sql`${table.motivocierre} in ('cambio')`),
    check('episodio_umbral_check', sql`(${table.tipo} = 'umbral') = (${table.umbralid} is not null)`),
    uniqueIndex('episodio_umbral_abierto_key').on(table.umbralid).where(sql`fechafin is null and umbralid is not null`),
    uniqueIndex('episodio_sindatos_abierto_key').on(table.nodoid).where(sql`fechafin is null and tipo = 'sindatos'`),
    index('episodio_fechainicio_idx').on(table.fechainicio.desc().nullsFirst()),
    index('episodio_empresaid_fechainicio_idx').on(table.empresaid, table.fechainicio.desc().nullsFirst()),
    // The node list reads each node's open episodes; closed ones pile up for ever, so only the
    // open ones are indexed (a scan of every episode grew with the farm's history).
    index('episodio_abierto_nodoid_idx').on(table.nodoid).where(sql`fechafin is null`),
    statusCheck('episodio', table.statusid),
  ],
);

/**
 * What the database wrote about every insert, update and delete of `umbral` (a trigger, see the
 * custom migration). `umbralid` is deliberately not a foreign key: the log outlives the threshold.
 */
export const auditLogUmbral = sense.table(
  'audit_log_umbral',
  {
    auditlogumbralid: bigint('auditlogumbralid', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    umbralid: integer('umbralid').notNull(),
    accion: text('accion').notNull(),
    valores_anteriores: jsonb('valores_anteriores'),
    valores_nuevos: jsonb('valores_nuevos'),
    usuarioid: integer('usuarioid'),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('audit_log_umbral_accion_check', sql`${table.accion} in ('INSERT', 'UPDATE', 'DELETE')`),
    index('audit_log_umbral_umbralid_fecha_idx').on(table.umbralid, table.fecha),
  ],
);
