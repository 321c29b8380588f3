#!/usr/bin/env node
// `npm run chromatic`: publishes the built Storybook to Chromatic where a project token is set.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('CHROMATIC_PROJECT_TOKEN is not set: skipping Chromatic. The local visual regression (npm run test:visual) still runs in npm test.');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build-storybook'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('node_modules/.bin/chromatic', ['--storybook-build-dir', 'dist/storybook', '--exit-zero-on-changes'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
