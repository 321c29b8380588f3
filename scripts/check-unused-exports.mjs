#!/usr/bin/env node
// Each library exports what others use (issue 29, item 6): lists every export nothing imports, in
// a library's public entry (src/index.ts, src/testing/index.ts) or inside it, and every file no
// entry reaches, and fails if any remain. Knip (knip.json) finds them across the whole workspace; an export used only in its own
// file counts as unused, since the `export` keyword is then surface without a user. Stories, tests,
// scripts, tools and benches are entries whose own exports are not surface.
//
// `npx knip --fix --fix-type exports,types` removes what it lists (then read the diff: it leaves
// stray `;` lines, and a declaration that was only exported becomes an unused local).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const KINDS = ['exports', 'types', 'nsExports', 'nsTypes'];

const run = spawnSync(process.execPath, ['node_modules/knip/bin/knip.js', '--reporter', 'json', '--no-progress', '--no-exit-code'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.status !== 0 || !run.stdout.trim().startsWith('{')) {
  process.stderr.write(run.stderr || run.stdout);
  console.error('check-unused-exports: knip did not answer');
  process.exit(2);
}

const unused = [];
for (const issue of JSON.parse(run.stdout).issues) {
  // A module nothing imports (and no entry names): all of it is unused.
  if (issue.files?.length) unused.push({ file: issue.file, line: 1, name: '(the whole file)', kind: 'files' });
  for (const kind of KINDS) {
    for (const { name, line } of issue[kind] ?? []) unused.push({ file: issue.file, line, name, kind });
  }
}

if (unused.length === 0) {
  console.log('Unused exports: 0');
  process.exit(0);
}
for (const { file, line, name, kind } of unused) console.log(`${file}:${line}  ${name}  (${kind})`);
console.error(`\n${unused.length} exports nothing imports: remove them, or the export keyword, or use them.`);
process.exit(1);
