import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function lint(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@nx/enforce-module-boundaries');
}

describe('the import matrix of architecture.md, enforced by lint', () => {
  beforeAll(() => {
    // The rule reads Nx's cached project graph; build it as `npm test` does.
    execFileSync('node_modules/.bin/nx', ['show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' } });
  }, 60_000);

  it.each([
    ['a feature importing another feature', 'libs/feature-reports/src/probe.ts', "import '@camposense/feature-settings';"],
    ['the UI kit importing data-access', 'libs/ui/src/probe.ts', "import '@camposense/data-access';"],
    ['the UI kit importing swr', 'libs/ui/src/probe.ts', "import useSWR from 'swr';\nexport const x = useSWR;"],
    ['data-access importing Chakra', 'libs/data-access/src/probe.ts', "import { Box } from '@chakra-ui/react';\nexport const x = Box;"],
    ['the database importing the UI kit', 'libs/db/src/probe.ts', "import '@camposense/ui';"],
    ['the server importing React', 'apps/api/src/probe.ts', "import { useState } from 'react';\nexport const x = useState;"],
    ['domain importing i18n', 'libs/domain/src/probe.ts', "import '@camposense/i18n';"],
    ['the console importing the database', 'apps/console/src/probe.ts', "import '@camposense/db';"],
  ])('fails the lint for %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).not.toHaveLength(0);
  });

  it.each([
    ['a feature importing the UI kit and data-access', 'libs/feature-reports/src/probe.ts', "import '@camposense/ui';\nimport '@camposense/data-access';"],
    ['the UI kit importing i18n and domain', 'libs/ui/src/probe.ts', "import '@camposense/i18n';\nimport '@camposense/domain';"],
    ['the API importing the database', 'apps/api/src/probe.ts', "import '@camposense/db';"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([]);
  });
});
