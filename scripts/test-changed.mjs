#!/usr/bin/env node
// `npm run test:changed [-- --base REF]`: lint, typecheck, test and test-visual of what the change
// against REF (default: main; uncommitted and untracked files count) can break, through Nx's
// cache, so a second run with nothing changed is a cache hit.
//
// Nx's own `affected` marks every dependent of a touched project, even when the change is a story
// or a test that no dependent imports. Here a change to a project's production code selects the
// project and everything that depends on it; a change to its stories, tests or baselines selects
// that project alone; a change to what every check reads (the Vitest, Storybook, TypeScript or
// ESLint configuration, the lockfile) selects every project.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { base: { type: 'string', default: 'main' }, parallel: { type: 'string', default: '2' } } });
const TARGETS = ['lint', 'typecheck', 'test', 'test-visual'];

/** Files every project's checks read: a change to one of them can break any project. */
const WORKSPACE_WIDE = [
  /^package(-lock)?\.json$/,
  /^nx\.json$/,
  /^tsconfig(\.base)?\.json$/,
  /^eslint\.config\.mjs$/,
  /^vitest\.config\.ts$/,
  /^\.storybook\//,
  /^tools\/(vitest|chromium)/,
];
/** Files that only the project holding them reads. */
const PROJECT_ONLY = [/\.test\.tsx?$/, /\.stories\.tsx?$/, /\/__screenshots__\//];

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

const mergeBase = git('merge-base', values.base, 'HEAD');
const changed = [...new Set([...lines(git('diff', '--name-only', mergeBase)), ...lines(git('ls-files', '--others', '--exclude-standard'))])];
if (changed.length === 0) {
  console.log(`No change against ${values.base}: nothing to check.`);
  process.exit(0);
}

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const folder = mkdtempSync(join(tmpdir(), 'camposense-graph-'));
let graph;
try {
  execFileSync('npx', ['nx', 'graph', `--file=${join(folder, 'graph.json')}`], { cwd: root, env, stdio: 'ignore' });
  graph = JSON.parse(readFileSync(join(folder, 'graph.json'), 'utf8')).graph;
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const projects = Object.values(graph.nodes)
  .filter((node) => node.data.root !== '.')
  .map((node) => ({ name: node.name, root: `${node.data.root}/` }))
  .sort((a, b) => b.root.length - a.root.length);
const dependents = new Map(projects.map(({ name }) => [name, new Set()]));
for (const [source, edges] of Object.entries(graph.dependencies)) {
  // The workspace root is no project of its own here: its files are handled below.
  for (const { target } of edges) if (dependents.has(source)) dependents.get(target)?.add(source);
}

const selected = new Map();
const select = (name, why) => {
  if (!selected.has(name)) selected.set(name, why);
};
const selectWithDependents = (name, why) => {
  const queue = [name];
  while (queue.length > 0) {
    const next = queue.shift();
    if (selected.has(next) && next !== name) continue;
    select(next, next === name ? why : `depends on ${name}`);
    queue.push(...(dependents.get(next) ?? []));
  }
};

const rootCode = [];
for (const file of changed) {
  if (WORKSPACE_WIDE.some((pattern) => pattern.test(file))) {
    for (const { name } of projects) select(name, `workspace file ${file}`);
    continue;
  }
  const owner = projects.find(({ root: projectRoot }) => file.startsWith(projectRoot));
  if (!owner) {
    if (/\.(m?[jt]sx?)$/.test(file)) rootCode.push(file);
    continue;
  }
  if (PROJECT_ONLY.some((pattern) => pattern.test(file))) select(owner.name, `its test or story ${file}`);
  else selectWithDependents(owner.name, `its code ${file}`);
}

console.log(`Changed against ${values.base} (${mergeBase.slice(0, 8)}): ${changed.length} file(s).`);
for (const [name, why] of selected) console.log(`  ${name}: ${why}`);

let failed = false;
const run = (command, args) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
};

if (selected.size > 0) {
  run('npx', ['nx', 'run-many', '-t', ...TARGETS, '-p', [...selected.keys()].join(','), `--parallel=${values.parallel}`, '--outputStyle=stream']);
}
// Scripts, benchmarks and tools outside every project: lint them, and type-check the workspace
// (only its tsconfig includes them).
const existingRootCode = rootCode.filter((file) => existsSync(join(root, file)));
if (existingRootCode.length > 0) {
  run('npx', ['eslint', '--max-warnings=0', ...existingRootCode]);
  run('npx', ['tsc', '-b', 'tsconfig.json']);
  const tests = existingRootCode.filter((file) => /\.test\.ts$/.test(file));
  if (tests.length > 0) run('npx', ['vitest', 'run', '--project', 'unit', ...tests]);
}
if (selected.size === 0 && existingRootCode.length === 0) console.log('Nothing that a check reads has changed.');
process.exit(failed ? 1 : 0);
