#!/usr/bin/env node
// `npm test`: every check of the project, each timed; the exit code is non-zero if any failed.
// API tests also run on PostgreSQL when TEST_DATABASE_URL is set.
//
// The checks run in phases. The steps of one phase run side by side: each of them leaves a core
// idle most of the time (one ESLint or tsc thread, a browser waiting on its page), so two of them
// share the machine's two cores; a phase starts when the one before it has ended, and a step marked
// `after` starts within its phase once the step it names has passed. What every step
// took, the slowest test files and any test that needed a retry are written to
// test-results/timings.json (docs/contributing.md gives the budget per step).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters as stripAnsi } from 'node:util';
import { ensureChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'test-results');
const bin = (name) => `node_modules/.bin/${name}`;

const chromiumPath = ensureChromium();
const env = { ...process.env, CHROME_PATH: chromiumPath, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

/** A Vitest step: its own reporter writes the step's file timings and retried tests. */
const vitest = (name, projects, extraArgs = []) => ({
  name,
  command: bin('vitest'),
  args: ['run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=./tools/vitest/timings-reporter.ts', ...extraArgs],
  timingsFile: join(resultsDir, `vitest-${name}.json`),
});
const step = (name, command, args) => ({ name, command, args });
/** A step of a phase that starts when the named step of the same phase has passed (it is skipped, failed, if that one failed). */
const after = (previous, entry) => ({ ...entry, after: previous });

const phases = [
  [step('project graph', bin('nx'), ['show', 'projects'])],
  // The whole workspace, then server code without the DOM and browser code without Node's types.
  [step('lint', bin('eslint'), ['.', '--max-warnings=0']), step('types', bin('tsc'), ['-b', 'tsconfig.json', 'tsconfig.server.json', 'tsconfig.client.json', 'apps/console/sw/tsconfig.json'])],
  [
    step('stories', process.execPath, ['scripts/check-stories.mjs']),
    step('baselines', process.execPath, ['scripts/check-baselines.mjs']),
    step('contract mirrors', process.execPath, ['scripts/check-contract-mirrors.mjs']),
    step('unused exports', process.execPath, ['scripts/check-unused-exports.mjs']),
    vitest('unit', ['unit', 'dom']),
  ],
  [vitest('api', ['api'])],
  // The production build (and then its bundle check) beside the stories: the stories never read
  // it, and their two themes' pages leave room on the cores for a build of under half a minute.
  [
    // Browser mode's close never ends (@vitest/browser 4.1 leaves each screenshot's stability timer
    // and Chromium's handles behind: "close timed out", then "something prevents the main process
    // from exiting"), so Vitest waits out its teardown timeout after every result is reported:
    // 10 s of nothing by default.
    vitest('visual', ['storybook-dark', 'storybook-light'], ['--teardown-timeout=1000']),
    step('build', bin('vite'), ['build', '--config', 'apps/console/vite.config.ts', '--logLevel', 'warn']),
    after('build', step('login bundle', process.execPath, ['scripts/login-bundle-size.mjs'])),
  ],
  [vitest('e2e', ['e2e'])],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}

// Vitest's failed tests and assertion messages, ESLint's and tsc's errors: CI keeps only the end of
// the output, so a failed check's own lines are printed again beside the summary.
const FAILURE_LINE = /(FAIL|×|✗|✘|AssertionError|Error:|error TS|\berror\b|expected|Timeout|timed out)/;

/** Runs one check, streaming its output (each line named by its step when steps share a phase). */
function runStep({ name, command, args, timingsFile }, shared) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: timingsFile ? { ...env, VITEST_TIMINGS_FILE: timingsFile } : env,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const failureLines = [];
    let tail = [];
    const partial = { stdout: '', stderr: '' };
    const keep = (stream, chunk) => {
      const lines = (partial[stream] + chunk.toString()).split('\n');
      partial[stream] = lines.pop() ?? '';
      for (const line of lines) {
        (stream === 'stdout' ? process.stdout : process.stderr).write(shared ? `[${name}] ${line}\n` : `${line}\n`);
        tail.push(line);
        if (tail.length > 40) tail = tail.slice(-40);
        if (FAILURE_LINE.test(stripAnsi(line)) && failureLines.length < 80) failureLines.push(line);
      }
    };
    child.stdout.on('data', (chunk) => keep('stdout', chunk));
    child.stderr.on('data', (chunk) => keep('stderr', chunk));
    child.on('close', (status) => {
      for (const stream of ['stdout', 'stderr']) if (partial[stream]) keep(stream, '\n');
      resolve({ status, failureLines, tail });
    });
  });
}

/** The machine's busy and total CPU time so far (Linux /proc/stat), to tell how much of the cores a phase used. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
const busyPercent = (from, to) => (from && to && to.total > from.total ? Math.round((100 * (to.busy - from.busy)) / (to.total - from.total)) : null);

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const seconds = (from, to = Date.now()) => Number(((to - from) / 1000).toFixed(1));

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const runStarted = Date.now();
const loadBefore = loadavg();
const results = [];
for (const [index, phase] of phases.entries()) {
  const shared = phase.length > 1;
  for (const { name, command, args, after: previous } of phase) console.log(`\n▶ ${name}${previous ? ` (once ${previous} has passed)` : ''}: ${command} ${args.join(' ')}`);
  const cpuBefore = cpuTimes();
  /** Each step's run by name, for the steps that wait for another (`after`). */
  const running = new Map();
  const runStepOfPhase = async (entry) => {
    const previous = entry.after ? await running.get(entry.after) : undefined;
    const started = Date.now();
    const run =
      previous && !previous.ok
        ? { status: 1, failureLines: [`not run: ${entry.after} failed`], tail: [] }
        : await runStep(entry, shared);
    // A story that passed without its screenshot compared is a failure of the visual step,
    // whatever made the comparison not happen (the reporter lists them, see its comment).
    const uncompared = entry.timingsFile ? (readJson(entry.timingsFile)?.uncompared ?? []) : [];
    for (const story of uncompared) run.failureLines.push(`passed without its screenshot compared: ${story.project} ${story.file} › ${story.name}`);
    const result = { ...entry, phase: index + 1, ok: run.status === 0 && uncompared.length === 0, startedAfter: seconds(runStarted, started), seconds: seconds(started), run };
    console.log(`${result.ok ? '✔' : '✘'} ${entry.name} (${result.seconds} s)`);
    return result;
  };
  // In the phase's order, so a step's `after` names one already started.
  for (const entry of phase) running.set(entry.name, runStepOfPhase(entry));
  const runs = await Promise.all(running.values());
  const cpuBusy = busyPercent(cpuBefore, cpuTimes());
  results.push(...runs.map((result) => ({ ...result, cpuBusy })));
}

for (const { name, ok, run } of results) {
  if (ok) continue;
  console.log(`\nWhat failed in ${name}:`);
  for (const line of run.failureLines.length > 0 ? run.failureLines : run.tail) console.log(`  ${stripAnsi(line)}`);
}

const vitestReports = results.filter((result) => result.timingsFile).map((result) => ({ step: result.name, report: readJson(result.timingsFile) }));
const slowestFiles = vitestReports
  .flatMap(({ step: stepName, report }) => (report?.files ?? []).map((file) => ({ step: stepName, ...file })))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 15);
const retried = vitestReports.flatMap(({ step: stepName, report }) => (report?.retried ?? []).map((test) => ({ step: stepName, ...test })));

console.log('\nSlowest test files (seconds of their own; all of them in test-results/vitest-<step>.json)');
for (const file of slowestFiles) console.log(`  ${String(file.seconds).padStart(7)}  ${file.project.padEnd(16)} ${file.file}`);
if (retried.length > 0) {
  console.log('\nTests that needed a retry (a flake to fix, even where the retry passed):');
  for (const test of retried) console.log(`  ${test.project} ${test.file} › ${test.name} (${test.retries} ${test.retries === 1 ? 'retry' : 'retries'}, ${test.state})`);
}

const wallSeconds = seconds(runStarted);
writeFileSync(
  join(resultsDir, 'timings.json'),
  `${JSON.stringify(
    {
      startedAt: new Date(runStarted).toISOString(),
      wallSeconds,
      machine: { cores: cpus().length, loadAverageBefore: loadBefore.map((value) => Number(value.toFixed(2))), loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))) },
      // cpuBusy: how much of all cores the machine spent busy during the step's phase, in percent.
      steps: results.map(({ name, phase, ok, startedAfter, seconds: stepSeconds, cpuBusy }) => ({ name, phase, ok, startedAfter, seconds: stepSeconds, cpuBusy })),
      slowestFiles,
      retried,
    },
    null,
    2,
  )}\n`,
);

console.log('\nSummary (phases run one after another; steps of one phase side by side)');
for (const { name, ok, phase, seconds: stepSeconds, cpuBusy } of results) {
  console.log(`  ${ok ? '✔' : '✘'} ${String(phase).padStart(2)} ${name.padEnd(14)} ${String(stepSeconds).padStart(7)} s${cpuBusy === null ? '' : `  (cores ${cpuBusy}% busy)`}`);
}
console.log(`  wall time ${wallSeconds} s (load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadavg().map((value) => value.toFixed(2)).join(' ')} after); test-results/timings.json`);
const failed = results.filter((result) => !result.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
