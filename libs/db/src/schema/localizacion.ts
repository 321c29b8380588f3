import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, numeric, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { nodo } from './device';
import { entidad, ubicacion } from './location';
import { sense } from './sense-schema';

/** Which node stands in which place for which entity, and where exactly. */
export const localizacion = sense.table(
  'localizacion',
  {
    entidadid: integer('entidadid').notNull(),
    ubicacionid: integer('ubicacionid').notNull(),
    nodoid: integer('nodoid').notNull(),
    latitud: numeric('latitud', { precision: 10, scale: 6, mode: 'number' }),
    longitud: numeric('longitud', { precision: 10, scale: 6, mode: 'number' }),
    referencia: text('referencia'),
    ...auditColumns(),
  },
  (table) => [
    primaryKey({ name: 'localizacion_pkey', columns: [table.entidadid, table.ubicacionid, table.nodoid] }),
    foreignKey({ name: 'localizacion_entidadid_fkey', columns: [table.entidadid], foreignColumns: [entidad.entidadid] }),
    foreignKey({
      name: 'localizacion_ubicacionid_fkey',
      columns: [table.ubicacionid],
      foreignColumns: [ubicacion.ubicacionid],
    }),
    foreignKey({ name: 'localizacion_nodoid_fkey', columns: [table.nodoid], foreignColumns: [nodo.nodoid] }),
    index('localizacion_ubicacionid_idx').on(table.ubicacionid),
    index('localizacion_nodoid_idx').on(table.nodoid),
    check('localizacion_latitud_check', sql`${table.latitud} between -90 and 90`),
    check('localizacion_longitud_check', sql`${table.longitud} between -180 and 180`),
    statusCheck('localizacion', table.statusid),
  ],
);
