import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApiServerBundle } from '@camposense/api/testing/server-bundle';

/**
 * The API project's global set-up: a folder for this run's prepared databases (see `openPrepared`
 * in libs/db/src/testing/test-databases.ts), which the workers fill as they first need each one,
 * and the bundle of the server that the tests starting it as a process run (server-bundle.ts).
 * At the end of the run the folder and the PostgreSQL template databases it names are removed.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'camposense-api-snapshots-'));
  project.provide('apiSnapshotDir', folder);
  const stopUsingBundle = await startApiServerBundle();
  return async () => {
    stopUsingBundle();
    const templates = readdirSync(folder)
      .filter((file) => file.startsWith('postgres-'))
      .map((file) => readFileSync(join(folder, file), 'utf8').trim());
    rmSync(folder, { recursive: true, force: true });
    const baseUrl = process.env['TEST_DATABASE_URL'];
    if (!baseUrl || templates.length === 0) return;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      for (const template of templates) await admin.query(`drop database if exists ${pg.escapeIdentifier(template)} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
