/**
 * The bus's LISTEN connection on PostgreSQL when the server drops it: before closing (it listens
 * again) and after closing (the pool's idle connection, not the bus's any more). A second release
 * of a pooled connection throws from inside the socket's event: an uncaught exception, which ends
 * the server (it failed a CI run while a test's database was dropped under a closed bus).
 */
import { createDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from './event-bus';

const serverUrl = process.env['TEST_DATABASE_URL'];
/** A database of this file's own: ending every connection of it touches no other test's. */
const BUS_DATABASE = `live_bus_${process.pid}`;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Every connection of the bus's database ended by the server, as a restart or an admin would, from outside its pool. */
async function terminateConnections(): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const ended = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [BUS_DATABASE]);
    return ended.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Uncaught exceptions of the process while `work` runs and a moment after (the sockets' events). */
async function uncaughtDuring(work: () => Promise<void>): Promise<unknown[]> {
  const caught: unknown[] = [];
  const listener = (error: unknown) => caught.push(error);
  process.on('uncaughtException', listener);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    process.off('uncaughtException', listener);
  }
  return caught;
}

describe.skipIf(!serverUrl)('the live event bus when PostgreSQL drops its LISTEN connection', () => {
  let database: Database;
  beforeAll(async () => {
    await onServer(`drop database if exists ${BUS_DATABASE} with (force)`);
    await onServer(`create database ${BUS_DATABASE}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${BUS_DATABASE}`;
    database = await createDatabase({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await database?.close();
    await onServer(`drop database if exists ${BUS_DATABASE} with (force)`);
  });

  it('listens again on a new connection, and events published afterwards arrive', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const bus = await createEventBus(database, logger);
    const received: unknown[] = [];
    const unsubscribe = bus.subscribe((event) => received.push(event));
    try {
      const caught = await uncaughtDuring(async () => {
        expect(await terminateConnections()).toBeGreaterThan(0);
      });
      expect(caught).toEqual([]);
      expect(logger.warn).toHaveBeenCalledWith(expect.anything(), 'live: LISTEN connection lost; listening again');
      await expect
        .poll(
          async () => {
            await bus.publish({ type: 'episodes', opened: 1, nodes: [1] });
            return received.length;
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBeGreaterThan(0);
    } finally {
      unsubscribe();
      await bus.close();
    }
  });

  it('leaves a connection dropped after close to the pool, without releasing it twice', async () => {
    const bus = await createEventBus(database, { warn: vi.fn(), error: vi.fn() });
    await bus.close();
    const caught = await uncaughtDuring(async () => {
      expect(await terminateConnections()).toBeGreaterThan(0);
    });
    expect(caught).toEqual([]);
    // The pool still answers.
    expect(await database.query(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
