import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, DEMO_PASSWORD, DEMO_USERS, migrate, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { LoginSuccess } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestFarm, TEST_FARM_NOW } from '../../testing/sense-farm';
import { spawnServer, waitUntilListening } from '../../testing/spawn-server';
import type { SpawnedServer } from '../../testing/spawn-server';
import type { IngestResult } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

/**
 * Issue 15: "kill -9 during a batch loses nothing acknowledged to the sender and duplicates nothing
 * on re-delivery", over HTTP, with the real server process (`apps/api/src/main.ts`, as `npm start`
 * runs it) killed by SIGKILL while a sender has batches in flight, on PGlite's data folder and on
 * PostgreSQL. Every batch answered 200 must be there whole after the restart, no batch may be there
 * in part, each stored breach has its one alert, and sending every batch again stores exactly what
 * was missing.
 */
const BATCHES = 24;
const PER_BATCH = 400;
const IN_FLIGHT = 3;
/** The server is killed once this many batches were acknowledged, with others in flight. */
const KILL_AFTER = 6;
/** Every BREACH_EVERY-th reading is above its threshold: it is stored with an alert. */
const BREACH_EVERY = 25;
const BREACHES_PER_BATCH = PER_BATCH / BREACH_EVERY;
const JWT_SECRET = 'ingest-kill-test-secret-0123456789abcdef';
const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;

describe.each(testDrivers())('HTTP ingest killed with -9 mid-batch on $kind', (driver) => {
  let dataDir: string;
  let database: Database | undefined;
  let probe: ProbeUnderTest;
  let serverEnv: NodeJS.ProcessEnv;
  const servers: SpawnedServer[] = [];
  /** The server now serving (PGlite: restarted whenever the test reads the folder itself). */
  let current: SpawnedServer;

  /** The readings of batch `index`: one probe metric, one minute apart, after the farm's readings. */
  const batchOf = (index: number) => ({
    readings: Array.from({ length: PER_BATCH }, (_, offset) => {
      const position = index * PER_BATCH + offset;
      return readingOf(probe, minutesAfter(TEST_FARM_NOW, 60 + position), position % BREACH_EVERY === 0 ? probe.above : probe.inside);
    }),
  });

  const start = async () => {
    const server = await spawnServer(serverEnv);
    servers.push(server);
    await waitUntilListening(server);
    current = server;
    return server;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'camposense-kill-'));
    // Prepared here, so the server finds a migrated database and writes no demo farm of its own.
    const prepared = driver.kind === 'pglite' ? await createDatabase({ dataDir }) : await driver.open();
    await migrate(prepared);
    await seedDemoUsers(prepared);
    await seedTestFarm(prepared);
    probe = await findProbe(prepared);
    await prepared.close();
    serverEnv = {
      JWT_SECRET,
      CONSOLE_DIR: '/nonexistent',
      ...(driver.kind === 'pglite' ? { DATA_DIR: dataDir, DATABASE_URL: undefined } : { DATABASE_URL: process.env['TEST_DATABASE_URL'] }),
    };
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ingestKey = async (server: SpawnedServer) => {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.login, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { session } = (await login.json()) as LoginSuccess;
    const created = await fetch(`${server.baseUrl}/api/ingest/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nombre: 'Gateway del test de caída' }),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { clave: string }).clave;
  };

  const send = async (key: string, index: number): Promise<IngestResult | null> => {
    const server = current;
    try {
      const response = await fetch(`${server.baseUrl}/api/ingest/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(batchOf(index)),
      });
      if (response.status !== 200) throw new Error(`batch ${index}: ${response.status} ${await response.text()}`);
      return (await response.json()) as IngestResult;
    } catch (error) {
      // The killed server's connection broke: this batch was not acknowledged.
      if (error instanceof TypeError) return null;
      throw error;
    }
  };

  it('keeps every acknowledged batch whole, no batch in part, and a second delivery adds only what was missing', async () => {
    const victim = await start();
    const key = await ingestKey(victim);

    const acknowledged = new Set<number>();
    let next = 0;
    const sender = async () => {
      while (next < BATCHES) {
        const index = next++;
        const result = await send(key, index);
        if (result === null) return;
        expect(result).toEqual({ accepted: PER_BATCH, duplicates: 0, rejected: [] });
        acknowledged.add(index);
        if (acknowledged.size === KILL_AFTER) victim.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    await victim.exited;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(BATCHES);

    // Back on the same database (PGlite: the same data folder, its lock left by the killed process).
    await start();
    database = driver.kind === 'pglite' ? undefined : await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! });
    const before = await storedAfterFarm({ serveAfterwards: true });
    for (const index of acknowledged) expect(before.perBatch.get(index), `acknowledged batch ${index}`).toBe(PER_BATCH);
    for (const [index, count] of before.perBatch) expect([0, PER_BATCH], `batch ${index} stored in part`).toContain(count);
    // A reading and its alert commit together: each stored batch has its breaches' alerts.
    expect(before.alerts).toBe(before.perBatch.size * BREACHES_PER_BATCH);

    // The sender delivers every batch again: what was stored comes back as duplicates, the rest is taken.
    let accepted = 0;
    let duplicates = 0;
    for (let index = 0; index < BATCHES; index += 1) {
      const result = await send(key, index);
      expect(result).not.toBeNull();
      expect(result!.rejected).toEqual([]);
      expect(result!.accepted + result!.duplicates).toBe(PER_BATCH);
      if (before.perBatch.has(index)) expect(result!.duplicates).toBe(PER_BATCH);
      accepted += result!.accepted;
      duplicates += result!.duplicates;
    }
    const storedBefore = before.perBatch.size * PER_BATCH;
    expect(duplicates).toBe(storedBefore);
    expect(accepted).toBe(BATCHES * PER_BATCH - storedBefore);

    const after = await storedAfterFarm({ serveAfterwards: false });
    for (let index = 0; index < BATCHES; index += 1) expect(after.perBatch.get(index), `batch ${index}`).toBe(PER_BATCH);
    // Batches that came late (after newer ones) are alerted too, and a breach delivered twice once.
    expect(after.alerts).toBe(BATCHES * BREACHES_PER_BATCH);
  }, 240_000);

  /**
   * The probe's stored readings after the farm's, counted per batch, and their alerts, read with
   * bare SQL: on PostgreSQL beside the server; on PGlite the server holds the one connection, so
   * it is stopped, the folder opened here, and the server started again when the test goes on.
   */
  async function storedAfterFarm({ serveAfterwards }: { serveAfterwards: boolean }) {
    const read = async (open: Database) => {
      const readings = await open.query<{ batch: number; count: number }>(sql`
        select ((extract(epoch from fecha - ${TEST_FARM_NOW.toISOString()}::timestamptz) / 60)::int - 60) / ${PER_BATCH} as batch,
               count(*)::int as count
          from sense.medicion
         where nodoid = ${probe.nodoid} and tipoid = ${probe.tipoid} and metricaid = ${probe.metricaid}
           and fecha > ${minutesAfter(TEST_FARM_NOW, 59).toISOString()}::timestamptz
         group by 1`);
      const [alerts] = await open.query<{ count: number }>(sql`
        select count(*)::int as count from sense.alerta
         where umbralid = ${probe.umbralid} and fecha > ${minutesAfter(TEST_FARM_NOW, 59).toISOString()}::timestamptz`);
      return { perBatch: new Map(readings.map((row) => [row.batch, row.count])), alerts: alerts?.count ?? -1 };
    };
    if (database) return read(database);
    await current.stop();
    const open = await createDatabase({ dataDir });
    try {
      return await read(open);
    } finally {
      await open.close();
      if (serveAfterwards) await start();
    }
  }
});
