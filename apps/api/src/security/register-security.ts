import type { FastifyInstance } from 'fastify';
import { registerCors } from './cors';
import { contentSecurityPolicy, registerSecurityHeaders } from './headers';
import { registerWriteGuard } from './require-role';
import { registerRouteCatalogue } from './route-catalogue';

export interface SecurityOptions {
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: readonly string[];
  /** Origins the console's map loads its style and tiles from (MAP_STYLE_URL, MAP_TILE_ORIGINS). */
  mapOrigins?: readonly string[] | undefined;
}

/** Call on the root instance before any route is registered: the hooks see every later route. */
export function registerSecurity(app: FastifyInstance, { corsOrigins, mapOrigins }: SecurityOptions): void {
  registerRouteCatalogue(app);
  registerSecurityHeaders(app, contentSecurityPolicy(mapOrigins));
  registerCors(app, corsOrigins);
  registerWriteGuard(app);
}
