#!/usr/bin/env node
// `npm test`: every check of the project, in order, each timed; the exit code is non-zero if any
// failed. API tests also run on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `node_modules/.bin/${name}`;

const chromiumPath = ensureChromium();
const env = { ...process.env, CHROME_PATH: chromiumPath, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

const steps = [
  ['project graph', bin('nx'), ['show', 'projects']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['stories', process.execPath, ['scripts/check-stories.mjs']],
  // The whole workspace, then server code without the DOM and browser code without Node's types.
  ['types', bin('tsc'), ['-b', 'tsconfig.json', 'tsconfig.server.json', 'tsconfig.client.json']],
  ['unit', bin('vitest'), ['run', '--project', 'unit', '--project', 'dom']],
  ['api', bin('vitest'), ['run', '--project', 'api']],
  ['visual', bin('vitest'), ['run', '--project', 'storybook-dark', '--project', 'storybook-light']],
  ['build', bin('vite'), ['build', '--config', 'apps/console/vite.config.ts', '--logLevel', 'warn']],
  ['login bundle', process.execPath, ['scripts/login-bundle-size.mjs']],
  ['e2e', bin('vitest'), ['run', '--project', 'e2e']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}

const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  results.push({ name, ok, seconds });
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
}

console.log('\nSummary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? '✔' : '✘'} ${name.padEnd(14)} ${seconds} s`);
const failed = results.filter((result) => !result.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
