import type { FastifyInstance } from 'fastify';
import { registerCors } from './cors';
import { registerSecurityHeaders } from './headers';
import { registerWriteGuard } from './require-role';
import { registerRouteCatalogue } from './route-catalogue';

export interface SecurityOptions {
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: readonly string[];
}

/** Call on the root instance before any route is registered: the hooks see every later route. */
export function registerSecurity(app: FastifyInstance, { corsOrigins }: SecurityOptions): void {
  registerRouteCatalogue(app);
  registerSecurityHeaders(app);
  registerCors(app, corsOrigins);
  registerWriteGuard(app);
}
