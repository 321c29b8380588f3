import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The full path with the prefix and Fastify's parameters: `/api/sense/:table/:id`. */
  url: string;
  /** A POST that writes nothing, which every signed-in role may call (its route config's writesNothing). */
  writesNothing: boolean;
  /** A write a granted user may make at some level (its route config's grantedWrite); else admin-only. */
  grantedWrite: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app (HEAD twins left out), as registered: the hostile tests walk it. */
    routeCatalogue: readonly RouteEntry[];
  }
}

export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method.toUpperCase() === 'HEAD') continue;
      routes.push({ method: method.toUpperCase(), url: route.url, writesNothing: route.config?.writesNothing === true, grantedWrite: route.config?.grantedWrite !== undefined });
    }
  });
}
