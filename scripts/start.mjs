#!/usr/bin/env node
// `npm start`: build the console, then serve it and the API on one port (default 3000) over the
// embedded database in ./data, which a first start fills with the demo farm and users.
// `WORKERS=N npm start` runs N API processes on that port (Node's cluster module; PostgreSQL
// and JWT_SECRET required, see apps/api/src/cluster.ts).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = ['--import', 'tsx', 'apps/api/src/cluster.ts'];

// A setting that cannot work is told before the build, not after it.
const check = spawnSync(process.execPath, [...server, '--check'], { cwd: root, stdio: 'inherit' });
if (check.status !== 0) process.exit(check.status ?? 1);

console.log('Building the console…');
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/console/vite.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const api = spawn(process.execPath, server, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
