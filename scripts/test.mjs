#!/usr/bin/env node
// `npm test`: every check of the project, in order, each timed; the exit code is non-zero if any
// failed. API tests also run on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters as stripAnsi } from 'node:util';
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

/** Runs one check, streaming its output, and keeps the lines that say what failed. */
function runStep(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
    const failureLines = [];
    let tail = [];
    let partial = '';
    const keep = (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 40) tail = tail.slice(-40);
        if (FAILURE_LINE.test(stripAnsi(line)) && failureLines.length < 80) failureLines.push(line);
      }
    };
    child.stdout.on('data', (chunk) => { process.stdout.write(chunk); keep(chunk); });
    child.stderr.on('data', (chunk) => { process.stderr.write(chunk); keep(chunk); });
    child.on('close', (status) => resolve({ status, failureLines, tail }));
  });
}

// Vitest's failed tests and assertion messages, ESLint's and tsc's errors: CI keeps only the end of
// the output, so a failed check's own lines are printed again beside the summary.
const FAILURE_LINE = /(FAIL|×|✗|✘|AssertionError|Error:|error TS|\berror\b|expected|Timeout|timed out)/;

const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = await runStep(command, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  results.push({ name, ok, seconds, failureLines: run.failureLines, tail: run.tail });
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
}

for (const { name, ok, failureLines, tail } of results) {
  if (ok) continue;
  console.log(`\nWhat failed in ${name}:`);
  for (const line of failureLines.length > 0 ? failureLines : tail) console.log(`  ${stripAnsi(line)}`);
}

console.log('\nSummary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? '✔' : '✘'} ${name.padEnd(14)} ${seconds} s`);
const failed = results.filter((result) => !result.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
