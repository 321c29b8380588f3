import { sql } from 'drizzle-orm';
import { check, integer, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The status values the console knows: 1 active, 0 inactive, -1 processed. */
export const STATUS_ACTIVE = 1;

/**
 * The audit columns every reference table carries (data-model.md, "Conventions").
 * Spread them into a table's columns: `{ paisid: ..., ...auditColumns() }`.
 * A function, not a shared object: drizzle binds a column builder to one table.
 */
export function auditColumns() {
  return {
    statusid: integer('statusid').notNull().default(STATUS_ACTIVE),
    usercreatedid: integer('usercreatedid'),
    datecreated: timestamp('datecreated', { withTimezone: true, mode: 'date' }).defaultNow(),
    usermodifiedid: integer('usermodifiedid'),
    datemodified: timestamp('datemodified', { withTimezone: true, mode: 'date' }).defaultNow(),
  };
}

/** The check that keeps `statusid` within STATUS_VALUES; name it after the table. */
export function statusCheck(table: string, statusid: AnyPgColumn) {
  return check(`${table}_statusid_check`, sql`${statusid} in (-1, 0, 1)`);
}
