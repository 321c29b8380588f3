import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { createDatabase, prepareDatabase } from '@camposense/db';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningConsole {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * A data folder as a first `npm start` leaves it (migrated, the demo users and the demo farm up to
 * now), written once per run: seeding the farm is ~20 CPU-seconds, copying the folder a third of
 * one. Each console (and each journey with a database of its own) starts on a copy, so none of them
 * sees another's writes, and each still opens its database the way the server always does.
 */
export async function seedConsoleTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'camposense-e2e-template-'));
  try {
    const database = await createDatabase({ dataDir });
    try {
      await prepareDatabase(database, { progress: false });
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

/** A folder of its own holding a copy of `template` (the database closed: its lock is gone). */
export function copyConsoleTemplate(template: string, prefix = 'camposense-e2e-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The production console as a visitor gets it: the built SPA served by the API on one port, on a
 * copy of the run's seeded data folder (so the demo users and farm exist), in a folder of its own;
 * `env` adds settings (the broker, the SMTP server).
 */
export async function startConsole(template: string, env: NodeJS.ProcessEnv = {}): Promise<RunningConsole> {
  const dataDir = copyConsoleTemplate(template);
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined, JWT_SECRET: undefined, ...env });
  try {
    await waitUntilListening(server, 180_000);
  } catch (error) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
