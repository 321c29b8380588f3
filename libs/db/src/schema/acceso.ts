import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck } from './audit-columns';
import { empresa } from './location';
import { sense } from './sense-schema';
import { usuario } from './usuario';

/**
 * A user's access to one company (issue 32): `lectura` reads its data, `operacion` also acknowledges
 * and tunes thresholds, `gestion` also writes its reference data and users. A platform admin
 * (`usuario.rol` admin) sees every company without a row here; a user without any sees nothing.
 */
export const usuarioempresa = sense.table(
  'usuarioempresa',
  {
    usuarioid: integer('usuarioid')
      .notNull()
      // A user's grants go with the user, a company's with the company: they are access, not history.
      .references(() => usuario.usuarioid, { onDelete: 'cascade' }),
    empresaid: integer('empresaid')
      .notNull()
      .references(() => empresa.empresaid, { onDelete: 'cascade' }),
    nivel: text('nivel', { enum: ['lectura', 'operacion', 'gestion'] }).notNull(),
    ...auditColumns(),
  },
  (table) => [
    primaryKey({ name: 'usuarioempresa_pkey', columns: [table.usuarioid, table.empresaid] }),
    index('usuarioempresa_empresaid_idx').on(table.empresaid),
    check('usuarioempresa_nivel_check', sql`${table.nivel} in ('lectura', 'operacion', 'gestion')`),
    statusCheck('usuarioempresa', table.statusid),
  ],
);
