import { defineConfig } from 'vitest/config';
import { storybookProjects } from './.storybook/vitest-projects';
import { chromiumLaunchOptions } from './tools/chromium';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['libs/*/src/**/*.test.ts', 'apps/console/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/api/**', 'libs/db/src/**/*.api.test.ts', 'libs/server-*/**'],
          // The files share each worker's module cache instead of importing their modules afresh per
          // file; what a file stubs (globals, timers, mocks) it restores, so none leaks to the next.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['libs/*/src/**/*.test.tsx', 'apps/console/src/**/*.test.tsx'],
          setupFiles: ['./tools/vitest/dom-setup.ts'],
          // jsdom dialogs take ~1 s alone but over 5 s when the unit and dom files share two cores
          // with each other in CI (seen: the unsaved-changes modal test timed out there).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts', 'libs/db/src/**/*.api.test.ts', 'libs/server-*/src/**/*.test.ts'],
          // Two files at a time: each worker has its own PostgreSQL database (the setup file below)
          // and every PGlite suite its own in-memory one, so nothing is shared but the cores.
          setupFiles: ['./tools/vitest/api-worker-database.ts'],
          // Each worker migrates and seeds once per kind of set-up, then copies (tools/vitest/api-snapshots.ts).
          globalSetup: ['./tools/vitest/api-snapshots.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/console-e2e/src/**/*.e2e.test.ts'],
          globalSetup: ['./apps/console-e2e/src/support/global-setup.ts'],
          provide: { chromiumLaunchOptions: chromiumLaunchOptions() },
          // Journey files run two at a time (E2E_WORKERS), each worker on a console of its own, which
          // apps/console-e2e/src/support/global-setup.ts starts.
          maxWorkers: Number(process.env['E2E_WORKERS'] ?? 2),
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      ...storybookProjects(),
    ],
  },
});
