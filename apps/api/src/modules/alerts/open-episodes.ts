import type { Database } from '@camposense/db';
import { openEpisodesRoute as openEpisodesContract } from '@camposense/domain';
import type { OpenEpisode, OpenEpisodesResponse } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error';
import { security } from '../../schemas';
import { grantedEpisode, grantOf } from '../../security/tenancy';

/** More open episodes than this on one node or location is a farm on fire; the chart needs no more. */
const MAX_EPISODES = 500;

interface EpisodeRow extends Omit<OpenEpisode, 'fechainicio' | 'fechareconocido' | 'minimo' | 'maximo'> {
  fechainicio: Date | string;
  fechareconocido: Date | string | null;
  minimo: number | string | null;
  maximo: number | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * GET /api/episodes: the open episodes (active or acknowledged) of a node or of a location, oldest
 * first. The alerts report pages alerts, not episodes, and knows neither an episode's start nor a
 * no-data episode; the dashboard's charts need both to mark an episode of their metric.
 */
export async function openEpisodesRoute(app: FastifyInstance, { database }: { database: Database }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Episodios abiertos (activos o reconocidos) de un nodo o de una ubicación',
        description:
          'Exactamente uno de nodoId o ubicacionId. De una ubicación: los episodios de sus umbrales y los "sin datos" de los nodos ' +
          `localizados allí. Como máximo ${MAX_EPISODES}, del más antiguo al más reciente.`,
        security,
        ...openEpisodesContract,
      },
    },
    async (request): Promise<OpenEpisodesResponse> => {
      const { nodoId, ubicacionId } = request.query;
      if ((nodoId === undefined) === (ubicacionId === undefined)) {
        throw new ApiError(400, 'VALIDATION', 'Indique nodoId o ubicacionId (uno de los dos)');
      }
      // Only the grant's episodes (issue 32): another company's node or location has none to show.
      const granted = grantedEpisode(await grantOf(request), 'e');
      const scope =
        nodoId !== undefined
          ? sql`e.nodoid = ${nodoId}`
          : sql`(u.ubicacionid = ${ubicacionId}
                 or (e.tipo = 'sindatos' and exists (
                       select 1 from sense.localizacion l where l.nodoid = e.nodoid and l.ubicacionid = ${ubicacionId} and l.statusid = 1)))`;
      // Prepared (issue 31): asked on every dashboard visit, in four shapes (node or location, with or without a grant).
      const rows = await database.query<EpisodeRow>(
        sql`
          select e.episodioid, e.tipo, e.nodoid, e.umbralid, u.metricaid, u.tipoid, u.minimo, u.maximo,
                 c.criticidad, c.grado, e.fechainicio, e.statusid, e.fechareconocido
            from sense.episodio e
            join sense.criticidad c on c.criticidadid = e.criticidadid
            left join sense.umbral u on u.umbralid = e.umbralid
           where e.fechafin is null and e.statusid in (1, -1) and ${scope} and ${granted ?? sql`true`}
           order by e.fechainicio, e.episodioid
           limit ${MAX_EPISODES}`,
        { prepare: true },
      );
      return {
        episodes: rows.map((row) => ({
          ...row,
          minimo: numberOrNull(row.minimo),
          maximo: numberOrNull(row.maximo),
          fechainicio: iso(row.fechainicio),
          fechareconocido: row.fechareconocido === null ? null : iso(row.fechareconocido),
        })),
      };
    },
  );
}
