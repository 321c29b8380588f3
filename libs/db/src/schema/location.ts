import { sql } from 'drizzle-orm';
import { check, integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { sense } from './sense-schema';

/**
 * The shape of an IANA time-zone name (`America/Lima`, `UTC`, `Etc/GMT+5`). The database keeps only
 * the shape; the API checks that the name is a zone the runtime knows (row-values.ts), since a
 * CHECK cannot ask the time-zone database without depending on the server's tzdata.
 */
const TIME_ZONE_SHAPE = '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$';

/**
 * The zone of a country that says nothing else: CampoSense began in Peru. Migration 0013 gives the
 * existing countries their own (PE America/Lima, CL America/Santiago, …).
 */
export const DEFAULT_ZONA_HORARIA = 'America/Lima';

/**
 * A country. `paisabrev` is its two-letter code (PE, CL). `zonahoraria` is the IANA time zone its
 * farms' readings, alerts and messages are shown in (issue 16), unless a fundo names its own.
 */
export const pais = sense.table(
  'pais',
  {
    paisid: integer('paisid').primaryKey().generatedByDefaultAsIdentity(),
    pais: text('pais').notNull().unique('pais_pais_key'),
    paisabrev: varchar('paisabrev', { length: 2 }).notNull().unique('pais_paisabrev_key'),
    zonahoraria: text('zonahoraria').notNull().default(DEFAULT_ZONA_HORARIA),
    ...auditColumns(),
  },
  (table) => [
    statusCheck('pais', table.statusid),
    check('pais_zonahoraria_check', sql`${table.zonahoraria} ~ ${sql.raw(`'${TIME_ZONE_SHAPE}'`)}`),
  ],
);

/** A company, named uniquely within its country. */
export const empresa = sense.table(
  'empresa',
  {
    empresaid: integer('empresaid').primaryKey().generatedByDefaultAsIdentity(),
    empresa: text('empresa').notNull(),
    empresaabrev: varchar('empresaabrev', { length: 10 }),
    paisid: integer('paisid')
      .notNull()
      .references(() => pais.paisid),
    ...auditColumns(),
  },
  (table) => [unique('empresa_paisid_empresa_key').on(table.paisid, table.empresa), statusCheck('empresa', table.statusid)],
);

/** A farm (fundo) of a company. `zonahoraria` null means its country's time zone. */
export const fundo = sense.table(
  'fundo',
  {
    fundoid: integer('fundoid').primaryKey().generatedByDefaultAsIdentity(),
    fundo: text('fundo').notNull(),
    fundoabrev: varchar('fundoabrev', { length: 10 }),
    empresaid: integer('empresaid')
      .notNull()
      .references(() => empresa.empresaid),
    zonahoraria: text('zonahoraria'),
    ...auditColumns(),
  },
  (table) => [
    unique('fundo_empresaid_fundo_key').on(table.empresaid, table.fundo),
    statusCheck('fundo', table.statusid),
    check('fundo_zonahoraria_check', sql`${table.zonahoraria} ~ ${sql.raw(`'${TIME_ZONE_SHAPE}'`)}`),
  ],
);

/** A place inside a fundo: a sector, a lot, a greenhouse. */
export const ubicacion = sense.table(
  'ubicacion',
  {
    ubicacionid: integer('ubicacionid').primaryKey().generatedByDefaultAsIdentity(),
    ubicacion: text('ubicacion').notNull(),
    ubicacionabrev: varchar('ubicacionabrev', { length: 10 }),
    fundoid: integer('fundoid')
      .notNull()
      .references(() => fundo.fundoid),
    ...auditColumns(),
  },
  (table) => [
    unique('ubicacion_fundoid_ubicacion_key').on(table.fundoid, table.ubicacion),
    statusCheck('ubicacion', table.statusid),
  ],
);

/** What is grown or watched in a place: a crop, a greenhouse. */
export const entidad = sense.table(
  'entidad',
  {
    entidadid: integer('entidadid').primaryKey().generatedByDefaultAsIdentity(),
    entidad: text('entidad').notNull().unique('entidad_entidad_key'),
    entidadabrev: varchar('entidadabrev', { length: 10 }),
    ...auditColumns(),
  },
  (table) => [statusCheck('entidad', table.statusid)],
);
