#!/usr/bin/env node
// `npm run start:cluster`: INSTANCES API processes (default 2) on one PostgreSQL, HAProxy in front
// on PORT (default 3000) with deploy/haproxy.cfg. Needs DATABASE_URL, JWT_SECRET and Debian's
// haproxy (`apt-get install -y haproxy`). Each instance listens on 127.0.0.1:PORT+1, PORT+2…;
// HAProxy sends a request to those that pass their readiness check (/api/health/ready).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fail = (message) => {
  console.error(message);
  process.exit(1);
};

const instances = Number(process.env.INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail(`INSTANCES must be a whole number from 1 to 32, not "${process.env.INSTANCES}"`);
if (!Number.isInteger(port) || port < 1 || port + instances > 65535) fail(`PORT is not valid: ${process.env.PORT}`);
if (!process.env.DATABASE_URL) fail('start:cluster needs PostgreSQL: set DATABASE_URL (the embedded database is one process).');
if (!process.env.JWT_SECRET) fail('start:cluster needs JWT_SECRET, the same for every instance (e.g. JWT_SECRET=$(openssl rand -base64 48)).');
if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error) fail('haproxy is not installed: apt-get install -y haproxy');

console.log('Building the console…');
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/console/vite.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

// Migrations once, before the instances (which would otherwise race to create the same tables).
const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'libs/db/src/cli/seed.ts'], { cwd: root, stdio: 'inherit' });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

/** deploy/haproxy.cfg with the frontend on PORT and one `server` line per instance. */
function haproxyConfig() {
  const template = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = Array.from({ length: instances }, (_, i) => `    server api${i + 1} 127.0.0.1:${port + i + 1} check`).join('\n');
  return template
    .replace(/^ {4}bind 127\.0\.0\.1:\d+$/m, `    bind ${process.env.HOST ?? '127.0.0.1'}:${port}`)
    .replace(/(^ {4}server api\d+ .*\n?)+/m, `${servers}\n`);
}
const configFile = join(mkdtempSync(join(tmpdir(), 'camposense-haproxy-')), 'haproxy.cfg');
writeFileSync(configFile, haproxyConfig());

const children = [];
let stopping = false;
const stopAll = (signal = 'SIGTERM') => {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (let i = 0; i < instances; i += 1) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      HOST: '127.0.0.1',
      PORT: String(port + i + 1),
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    },
  });
  children.push(child);
}
const haproxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: 'inherit' });
children.push(haproxy);
console.log(`HAProxy on ${process.env.HOST ?? '127.0.0.1'}:${port} in front of ${instances} instance(s) on ports ${port + 1}-${port + instances}`);

for (const child of children) {
  child.on('exit', (code, signal) => {
    // One instance down is what HAProxy is there for: the others keep answering. HAProxy down
    // (or every instance) ends the cluster.
    if (!stopping && (child === haproxy || children.every((c) => c === haproxy || c.exitCode !== null || c.signalCode !== null))) {
      console.error(`${child === haproxy ? 'HAProxy' : 'every instance'} ended (${signal ?? code}): stopping`);
      stopAll();
      process.exitCode = 1;
    }
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
