import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningConsole {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * The production console as a visitor gets it: the built SPA served by the API on one port, on a
 * new embedded database (so the demo users exist), in a folder of its own; `env` adds settings
 * (the broker, the SMTP server).
 */
export async function startConsole(env: NodeJS.ProcessEnv = {}): Promise<RunningConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'camposense-e2e-'));
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined, JWT_SECRET: undefined, ...env });
  try {
    await waitUntilListening(server, 180_000);
  } catch (error) {
    await server.stop();
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
