import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether `dir` holds a built console (its index.html). */
export function hasConsoleBuild(dir: string | undefined): dir is string {
  return dir !== undefined && existsSync(join(dir, 'index.html'));
}

export async function registerConsoleStatic(app: FastifyInstance, consoleDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: consoleDir, prefix: '/', index: ['index.html'] });
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
