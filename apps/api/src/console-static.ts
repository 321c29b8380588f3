import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether `dir` holds a built console (its index.html). */
export function hasConsoleBuild(dir: string | undefined): dir is string {
  return dir !== undefined && existsSync(join(dir, 'index.html'));
}

/** Files under /assets/ carry a content hash in their name (Vite): they never change. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console. The build writes `.br` and `.gz` beside every asset
 * (apps/console/vite.config.ts), served by the browser's Accept-Encoding; hashed assets are cached
 * for a year, anything else (index.html, the service worker sw.js, the manifest, the favicon) is
 * revalidated on every use (issue 30): a new sw.js is how a deployment reaches installed consoles.
 */
export async function registerConsoleStatic(app: FastifyInstance, consoleDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      const hashed = /[\\/]assets[\\/]/.test(path);
      response.setHeader('cache-control', hashed ? IMMUTABLE_CACHE : 'no-cache');
    },
  });
}

/** A browser navigating to a client route (`/dashboard`), which the SPA answers with index.html. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    path !== '/api' &&
    !path.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}
