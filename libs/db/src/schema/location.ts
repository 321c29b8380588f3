import { integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { sense } from './sense-schema';

/** A country. `paisabrev` is its two-letter code (PE, CL). */
export const pais = sense.table(
  'pais',
  {
    paisid: integer('paisid').primaryKey().generatedByDefaultAsIdentity(),
    pais: text('pais').notNull().unique('pais_pais_key'),
    paisabrev: varchar('paisabrev', { length: 2 }).notNull().unique('pais_paisabrev_key'),
    ...auditColumns(),
  },
  (table) => [statusCheck('pais', table.statusid)],
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

/** A farm (fundo) of a company. */
export const fundo = sense.table(
  'fundo',
  {
    fundoid: integer('fundoid').primaryKey().generatedByDefaultAsIdentity(),
    fundo: text('fundo').notNull(),
    fundoabrev: varchar('fundoabrev', { length: 10 }),
    empresaid: integer('empresaid')
      .notNull()
      .references(() => empresa.empresaid),
    ...auditColumns(),
  },
  (table) => [unique('fundo_empresaid_fundo_key').on(table.empresaid, table.fundo), statusCheck('fundo', table.statusid)],
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

export type PaisRow = typeof pais.$inferSelect;
export type EmpresaRow = typeof empresa.$inferSelect;
export type FundoRow = typeof fundo.$inferSelect;
export type UbicacionRow = typeof ubicacion.$inferSelect;
export type EntidadRow = typeof entidad.$inferSelect;
