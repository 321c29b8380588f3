import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../config';

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** The entry point: `apps/api/src/cluster.ts` runs it as `WORKERS=N npm start` does. @default 'apps/api/src/main.ts' */
  script?: string;
  /**
   * `capture` keeps stdout and stderr for `output()` (tests, which print it on failure); `stderr`
   * drops stdout and passes stderr through (benches: the API logs every request at info, which a
   * long run must not hold in memory). @default 'capture'
   */
  output?: 'capture' | 'stderr';
  /** Options for Node itself, before the script (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
}

const DEFAULT_SCRIPT = 'apps/api/src/main.ts';

/**
 * The variable that points spawnServer at a bundle of DEFAULT_SCRIPT (server-bundle.ts): set by the
 * test runs' global set-ups (API and e2e), inherited by their workers.
 */
export const API_BUNDLE_VARIABLE = 'CAMPOSENSE_API_BUNDLE';

/**
 * The real server (`apps/api/src/main.ts`, as `npm start` runs it) in a process of its own, on a
 * free loopback port. `env` is laid over this process's environment; a key set to undefined is
 * removed (e.g. `DATABASE_URL: undefined` for the embedded database).
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  { script = DEFAULT_SCRIPT, output: mode = 'capture', nodeArgs = [] }: SpawnOptions = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  // The test runs' bundle of the same entry (server-bundle.ts) where one was built; tsx otherwise.
  const bundle = script === DEFAULT_SCRIPT ? process.env[API_BUNDLE_VARIABLE] : undefined;
  const child = spawn(process.execPath, [...nodeArgs, ...(bundle ? [bundle] : ['--import', 'tsx', script])], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: mode === 'capture' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `path` (`/api/health`) answers 200; throws with the server's output if it exits first. */
export async function waitUntilListening(server: SpawnedServer, timeoutMs = 90_000, path = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      if ((await fetch(`${server.baseUrl}${path}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${path} within ${timeoutMs} ms:\n${server.output()}`);
}
