import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, DATA_DIR_LOCK_FILE, migrate } from '@camposense/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilListening } from './testing/spawn-server';
import type { SpawnedServer } from './testing/spawn-server';

/**
 * Issue 10, item 3: two servers on one DATA_DIR both wrote the embedded database and corrupted it.
 * Real processes, as `npm start` runs them, on a data folder of their own (PGlite only: PostgreSQL
 * has no data folder here).
 */
describe('two servers on one DATA_DIR', () => {
  let dataDir: string;
  const servers: SpawnedServer[] = [];
  const start = async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined, JWT_SECRET: 'data-dir-lock-test-secret-0123456789' });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'camposense-lock-'));
    // Migrated beforehand, so the servers do not write the demo farm (a minute) on first start.
    const database = await createDatabase({ dataDir });
    await migrate(database);
    await database.close();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the second with a clear message and a non-zero exit, and the first keeps serving', async () => {
    const first = await start();
    await waitUntilListening(first);
    expect(JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.child.pid });

    const second = await start();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('ya está en uso por otro proceso de CampoSense');
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace

    const health = await fetch(`${first.baseUrl}/api/health/ready`);
    expect(health.status).toBe(200);
  });

  it('releases the folder on a clean stop, so the next start succeeds', async () => {
    await Promise.all(servers.map((server) => server.stop()));
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const next = await start();
    await waitUntilListening(next);
    expect((await fetch(`${next.baseUrl}/api/health/ready`)).status).toBe(200);
  });

  it('takes over a lock left by a process that no longer runs (kill -9)', async () => {
    const running = servers.at(-1)!;
    running.child.kill('SIGKILL');
    await running.exited;
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(true);
    const next = await start();
    await waitUntilListening(next);
    expect(JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: next.child.pid });
  });

  it('refuses a second open in the same process too, and an unreadable lock file counts as stale', async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const database = await createDatabase({ dataDir });
    try {
      await expect(createDatabase({ dataDir })).rejects.toThrow(/ya está en uso/);
    } finally {
      await database.close();
    }
    writeFileSync(join(dataDir, DATA_DIR_LOCK_FILE), '{"pid":'); // a crash while writing it
    const reopened = await createDatabase({ dataDir });
    await reopened.close();
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  });
});
