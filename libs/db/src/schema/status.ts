import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sense } from './sense-schema';

/**
 * The labels of the status values (-1 PROCESADA, 0 INACTIVO, 1 ACTIVO). The key is the value
 * itself, not an identity: the rows are inserted by the migration and every `statusid` in the
 * schema means one of them. It has no `statusid` audit column of its own (that is its key).
 */
export const status = sense.table(
  'status',
  {
    statusid: integer('statusid').primaryKey(),
    status: text('status').notNull().unique('status_status_key'),
    statusabrev: varchar('statusabrev', { length: 10 }),
    usercreatedid: integer('usercreatedid'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).defaultNow(),
    usermodifiedid: integer('usermodifiedid'),
    datemodified: timestamp('datemodified', { withTimezone: true, mode: 'date' }).defaultNow(),
  },
  (table) => [check('status_statusid_check', sql`${table.statusid} in (-1, 0, 1)`)],
);
