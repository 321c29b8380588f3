import type { Database } from '@camposense/db';
import { HEALTH_DEFAULT_DAYS, nodeHealthRoute, nodeMapRoute } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { NodeHealthQuery } from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { assertGrantedPlaces, grantOf } from '../../security/tenancy';
import { notFound } from '../../errors/api-error';
import { security } from '../../schemas';
import { parseDateWindow } from '../../sense/date-window';
import { validationError } from '../tables/queries';
import { createNodeHealthQueries } from './queries';

export interface NodeHealthRoutesOptions {
  database: Database;
  /** The server's clock (tests pin it): what "silent" and the default window are measured from. @default () => new Date() */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/sense/mapa and /api/sense/nodos/:nodoid/salud (issue 33), for every signed-in role. Not
 * kept in the read cache: a status event or an uplink without readings changes them without
 * telling it, and both read a handful of rows per node by key.
 */
export async function nodeHealthRoutes(fastify: FastifyInstance, { database, now = () => new Date() }: NodeHealthRoutesOptions): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const queries = createNodeHealthQueries(database);

  app.get(
    '/mapa',
    {
      schema: {
        tags: ['sense'],
        summary: 'Los nodos del ámbito con coordenadas, su estado, últimos valores, batería y RSSI',
        description:
          'Filtros opcionales del ámbito: `paisid`, `empresaid`, `fundoid`, `ubicacionid` (la ubicación del nodo es su localización, la activa primero). ' +
          'Estado, en este orden: `silencioso` (nada recibido dentro de su ventana de inactividad) > `alerta` (un episodio de umbral abierto de una métrica que no es de salud) > ' +
          '`bateria-baja` (batería bajo 20 % o un episodio de umbral de batería abierto) > `normal`. Los nodos sin coordenadas se cuentan en `sinCoordenadas`.',
        security,
        ...nodeMapRoute,
      },
    },
    async (request) => queries.map(request.query, now().getTime(), await grantOf(request)),
  );

  app.get(
    '/nodos/:nodoid/salud',
    {
      schema: {
        tags: ['sense'],
        summary: 'La salud de un nodo según la radio: última recepción, batería, tendencia de RSSI y SNR, tramas perdidas',
        description:
          `Ventana [desde, hasta]; por omisión los últimos ${HEALTH_DEFAULT_DAYS} días. \`tendencia\`: promedios por intervalo, a lo más 200, el más antiguo primero. ` +
          '`tramas`: recepciones distintas y tramas perdidas según los huecos del contador (un contador que vuelve atrás, al reingresar el nodo, es un reinicio, no una pérdida); ' +
          'los últimos 20 huecos, el más reciente primero. 404 si el nodo no existe.',
        security,
        ...nodeHealthRoute,
      },
    },
    async (request) => {
      const query: NodeHealthQuery = request.query;
      const { start, end } = parseDateWindow('desde', query.desde, 'hasta', query.hasta);
      const windowEnd = end ?? now();
      const windowStart = start ?? new Date(windowEnd.getTime() - HEALTH_DEFAULT_DAYS * DAY_MS);
      // Only `desde` given, after now: the window would be empty.
      if (windowStart >= windowEnd) throw validationError([{ field: 'hasta', rule: 'minimum', limit: 'desde' }]);
      // A node outside the grant is as unknown as a missing one (issue 32).
      await assertGrantedPlaces(database, await grantOf(request), { nodoId: request.params.nodoid });
      const health = await queries.health(request.params.nodoid, { start: windowStart, end: windowEnd }, now().getTime());
      if (!health) throw notFound('El nodo no existe');
      return health;
    },
  );
}
