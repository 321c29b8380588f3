import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../config';
import { API_BUNDLE_VARIABLE } from './spawn-server';

/**
 * The real server's entry (`apps/api/src/main.ts`) and the workspace code it imports, compiled into
 * one JavaScript file for the tests that start the API as a process of its own. Started through
 * tsx, each such process spent about 3 of its 6 CPU-seconds of start-up translating and resolving
 * TypeScript module by module; the suite starts dozens of them. npm packages stay outside the
 * bundle, loaded from node_modules as `npm start` loads them, and every `import.meta.url` keeps the
 * address of its own source file, so paths built from it (the repository root, the migrations
 * folder) are those of the source. Built afresh by each run, so it never lags the code under test.
 */
async function buildApiServerBundle(): Promise<{ file: string; remove: () => void }> {
  // Inside the repository, so the bundle's bare imports resolve to its node_modules.
  const folder = join(REPO_ROOT, 'dist', 'api-under-test', `${process.pid}-${Date.now()}`);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'main.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, 'apps/api/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: `${file}.partial.mjs`,
    logLevel: 'warning',
    plugins: [
      {
        name: 'workspace-only',
        setup(builder) {
          // Bare imports but the workspace's own libraries are npm packages: left as imports.
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@camposense/') ? undefined : { path: args.path, external: true }));
          builder.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  renameSync(`${file}.partial.mjs`, file);
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Builds the bundle and points this process's spawnServer (and that of the workers it starts from
 * now on) at it; the answer removes it. For a test run's global set-up.
 */
export async function startApiServerBundle(): Promise<() => void> {
  const { file, remove } = await buildApiServerBundle();
  process.env[API_BUNDLE_VARIABLE] = file;
  return () => {
    delete process.env[API_BUNDLE_VARIABLE];
    remove();
  };
}
