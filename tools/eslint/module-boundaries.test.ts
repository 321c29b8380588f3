import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The probes are files that do not exist: lint them without type information (the project service
 * only knows files on disk), which the import rule does not need.
 */
const withoutTypes: Linter.Config = {
  files: ['**/*.ts'],
  languageOptions: { parserOptions: { projectService: false } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    '@typescript-eslint/no-misused-promises': 'off',
    '@typescript-eslint/switch-exhaustiveness-check': 'off',
  },
};

const eslint = new ESLint({ cwd: root, overrideConfig: [withoutTypes] });

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@nx/enforce-module-boundaries');
}

describe('the import matrix of architecture.md, enforced by lint', () => {
  beforeAll(() => {
    // The rule reads Nx's cached project graph; build it as `npm test` does.
    execFileSync('node_modules/.bin/nx', ['show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' } });
  }, 60_000);
  // The first lint loads every plugin, slow on a loaded machine: not within one test's time.
  beforeAll(() => lint('libs/domain/src/probe.ts', 'export {};'), 60_000);

  it.each([
    ['a feature importing another feature', 'libs/feature-reports/src/probe.ts', "import '@camposense/feature-settings';"],
    ['the UI kit importing data-access', 'libs/ui/src/probe.ts', "import '@camposense/data-access';"],
    ['the UI kit importing swr', 'libs/ui/src/probe.ts', "import useSWR from 'swr';\nexport const x = useSWR;"],
    ['data-access importing Chakra', 'libs/data-access/src/probe.ts', "import { Box } from '@chakra-ui/react';\nexport const x = Box;"],
    ['the database importing the UI kit', 'libs/db/src/probe.ts', "import '@camposense/ui';"],
    ['the server importing React', 'apps/api/src/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    ['domain importing i18n', 'libs/domain/src/probe.ts', "import '@camposense/i18n';"],
    ['the console importing the database', 'apps/console/src/probe.ts', "import '@camposense/db';"],
    ['a server library importing the API', 'libs/server-notify/src/probe.ts', "import '@camposense/api';"],
    ['a server library importing data-access', 'libs/server-ingest/src/probe.ts', "import '@camposense/data-access';"],
  ])('fails the lint for %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).not.toHaveLength(0);
  });

  it.each([
    ['a feature importing the UI kit and data-access', 'libs/feature-reports/src/probe.ts', "import '@camposense/ui';\nimport '@camposense/data-access';"],
    ['the UI kit importing i18n and domain', 'libs/ui/src/probe.ts', "import '@camposense/i18n';\nimport '@camposense/domain';"],
    ['the API importing the database', 'apps/api/src/probe.ts', "import '@camposense/db';"],
    ['ingest importing the database, the alarm engine and the notifier', 'libs/server-ingest/src/probe.ts', "import '@camposense/db';\nimport '@camposense/server-alarms';\nimport '@camposense/server-notify';"],
    ['the API importing the server libraries', 'apps/api/src/probe.ts', "import '@camposense/server-ingest';\nimport '@camposense/server-notify';"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([]);
  });
});

// In this file, after the project graph exists: run beside the import-rule tests in another
// worker, the Nx rule could find no graph and skip.
describe('type-aware lint', () => {
  it('fails on a floating promise, a promise where void is expected and a non-exhaustive switch', async () => {
    const typed = new ESLint({ cwd: root, ignore: false });
    const [result] = await typed.lintFiles(['tools/eslint/fixtures/type-aware-mistakes.ts']);
    const rules = new Set((result?.messages ?? []).map((message) => message.ruleId));
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
    expect(rules).toContain('@typescript-eslint/no-misused-promises');
    expect(rules).toContain('@typescript-eslint/switch-exhaustiveness-check');
  }, 120_000);
});
