import type { Database } from '@camposense/db';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound, unauthorized } from '../../errors/api-error';
import { filtersOf } from '../reports/filters';
import { alertaConditions } from '../reports/queries';
import { openEpisodesRoute } from './open-episodes';
import { ACKNOWLEDGE_LEVEL, acknowledgeAlertRoute, acknowledgeEpisodeRoute, acknowledgeMatchingRoute as acknowledgeMatchingContract, ROLES } from '@camposense/domain';
import type { AcknowledgeAnswer, AcknowledgeEpisodeResult, AcknowledgeMatchingResult, LiveEvent } from '@camposense/domain';
import { lockLiveAccount } from '../auth/account-status';
import { requireRole } from '../../security/require-role';
import { security } from '../../schemas';
import { cannotAcknowledge, grantAt, grantedEpisode, grantedLocations, grantOf } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';

/**
 * Whether the alarm is in the grant (else 404, as a missing one: nothing disclosed) and whether the
 * grant may acknowledge it (operacion or gestion on its company, else 403), both as columns of the
 * statement that reads it: `place` is "the row is in these locations" for a grant's locations.
 */
function grantColumns(grant: Grant, place: (locations: SQL) => SQL): SQL {
  const visible = grantedLocations(grant);
  const operable = grantedLocations(grantAt(grant, ACKNOWLEDGE_LEVEL));
  return sql`${visible ? place(visible) : sql`true`} as visible, ${operable ? place(operable) : sql`true`} as operable`;
}

/** 404 outside the grant, 403 where it only reads (issue 32). */
function checkGranted<Row extends { visible: boolean; operable: boolean }>(row: Row | undefined, missing: string): asserts row is Row {
  if (!row || row.visible !== true) throw notFound(missing);
  if (row.operable !== true) throw cannotAcknowledge();
}

/** What an acknowledgement tells the live stream (the contract's event without its type). */
export type AcknowledgedEvent = Omit<Extract<LiveEvent, { type: 'acknowledged' }>, 'type'>;

export interface AlertRoutesOptions {
  database: Database;
  /** Told after an acknowledgement commits (the live stream). */
  onAcknowledged?: (event: AcknowledgedEvent) => void;
}

/** What an acknowledgement answers: the episode, who acknowledged it (by name, never the login), when, and how many alerts it processed. */
export type AcknowledgeResult = AcknowledgeAnswer;

interface AlertRow {
  alertaid: number;
  umbralid: number;
  statusid: number;
  episodioid: number | null;
  fechafin: Date | string | null;
  episodiostatusid: number | null;
  visible: boolean;
  operable: boolean;
}

/**
 * Acknowledging is a write (alarms.md, "What may not break the loop"): every route here checks the
 * account as the writes to /api/sense do (security/require-role.ts), with every role allowed: 401
 * for a signed-out session or a deactivated or deleted account, whatever its token still says.
 * Each acknowledgement also re-reads the account inside its own transaction (lockLiveAccount).
 */
const requireLiveAccount = (app: FastifyInstance) => requireRole(app, ROLES);

/**
 * /api/alerts: acknowledging an episode (alarms.md, "Acknowledge"). Any signed-in role may: it is
 * an operator's answer to an alarm, not a change of reference data.
 */
export async function alertRoutes(app: FastifyInstance, { database, onAcknowledged }: AlertRoutesOptions): Promise<void> {
  app.addHook('onRequest', requireLiveAccount(app));
  await acknowledgeMatchingRoute(app, { database, ...(onAcknowledged ? { onAcknowledged } : {}) });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:alertaid/acknowledge',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Reconoce el episodio de la alerta: sus alertas activas pasan a procesadas (-1)',
        description:
          'Detiene las repeticiones y el escalamiento. Reconocer un episodio ya reconocido responde lo mismo sin cambiar nada; ' +
          'uno ya terminado responde 409. Una sesión cerrada o una cuenta desactivada o borrada responde 401.',
        security,
        ...acknowledgeAlertRoute,
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const note = request.body?.nota?.trim() || null;
      const { alertaid } = request.params;
      const grant = await grantOf(request);
      const answer = await database.db.transaction(async (tx) => {
        const actor = await lockLiveAccount(tx, user);
        const rows = (
          await tx.execute(sql`
            select a.alertaid, a.umbralid, a.statusid, a.episodioid, e.fechafin, e.statusid as episodiostatusid,
                   ${grantColumns(grant, (locations) => sql`exists (select 1 from sense.umbral gu where gu.umbralid = a.umbralid and gu.ubicacionid in (${locations}))`)}
              from sense.alerta a
              left join sense.episodio e on e.episodioid = a.episodioid
             where a.alertaid = ${alertaid}
               for update of a`)
        ).rows as unknown as AlertRow[];
        const alert = rows[0];
        checkGranted(alert, 'La alerta no existe');
        const ended = alert.episodioid !== null ? alert.fechafin !== null && alert.episodiostatusid === 0 : alert.statusid === 0;
        let acknowledged = 0;
        if (alert.episodioid !== null) {
          const episodes = await tx.execute(sql`
            update sense.episodio set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
             where episodioid = ${alert.episodioid} and statusid = 1 and fechafin is null returning episodioid`);
          if ((episodes.rows as unknown[]).length > 0) {
            const changed = await tx.execute(sql`
              update sense.alerta set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
               where episodioid = ${alert.episodioid} and statusid = 1 returning alertaid`);
            acknowledged = (changed.rows as unknown[]).length;
          } else if (ended) {
            throw new ApiError(409, 'CONSTRAINT', 'El episodio de esta alerta ya terminó');
          }
        } else if (alert.statusid === 1) {
          // An alert written before episodes were kept: its episode is its threshold's active alerts.
          const changed = await tx.execute(sql`
            update sense.alerta set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
             where umbralid = ${alert.umbralid} and statusid = 1 and episodioid is null returning alertaid`);
          acknowledged = (changed.rows as unknown[]).length;
        } else if (ended) {
          throw new ApiError(409, 'CONSTRAINT', 'El episodio de esta alerta ya terminó');
        }
        const [state] = (
          await tx.execute(sql`
            select a.alertaid, a.episodioid,
                   coalesce(e.reconocidopor, a.reconocidopor) as usuarioid,
                   coalesce(e.fechareconocido, a.fechareconocido) as fechareconocido,
                   coalesce(e.notareconocido, a.notareconocido) as notareconocido,
                   us.firstname, us.lastname
              from sense.alerta a
              left join sense.episodio e on e.episodioid = a.episodioid
              left join sense.usuario us on us.usuarioid = coalesce(e.reconocidopor, a.reconocidopor)
             where a.alertaid = ${alertaid}`)
        ).rows as Array<{
          alertaid: number;
          episodioid: number | null;
          usuarioid: number | null;
          fechareconocido: Date | string | null;
          notareconocido: string | null;
          firstname: string | null;
          lastname: string | null;
        }>;
        if (!state) throw notFound('La alerta no existe');
        const result: AcknowledgeResult = {
          alertaid: state.alertaid,
          episodioid: state.episodioid,
          acknowledged,
          reconocidopor:
            state.usuarioid === null
              ? null
              : { usuarioid: state.usuarioid, firstname: state.firstname, lastname: state.lastname },
          fechareconocido: state.fechareconocido === null ? null : new Date(state.fechareconocido).toISOString(),
          notareconocido: state.notareconocido,
        };
        return result;
      });
      if (answer.acknowledged > 0) onAcknowledged?.({ episodioid: answer.episodioid, alertaid: answer.alertaid, acknowledged: answer.acknowledged, umbrales: [] });
      return answer;
    },
  );
}

// Its answer's type, AcknowledgeMatchingResult, is the contract's (libs/domain, contracts/alerts.ts).

/**
 * POST /api/alerts/acknowledge: every active alert the alerts report's filters select, on every
 * page, acknowledged at once with its episode — the report's bulk action ("acknowledge all the
 * active ones of this filter"), so a flood of alarms takes one call, not one per visible row.
 */
async function acknowledgeMatchingRoute(app: FastifyInstance, { database, onAcknowledged }: AlertRoutesOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/acknowledge',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Reconoce los episodios de todas las alertas activas que seleccionan los filtros del reporte',
        description:
          'Los mismos filtros que GET /api/sense/reports/alertas (criticidad, ubicación, país, empresa, fundo), sobre todas las páginas; ' +
          'solo las alertas activas. Responde cuántos episodios y alertas cambió (0 y 0 si no había ninguna). ' +
          '`confirmar: true` es obligatorio: un cuerpo vacío no reconoce todas las alertas del sistema. ' +
          'Una sesión cerrada o una cuenta desactivada o borrada responde 401.',
        security,
        ...acknowledgeMatchingContract,
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const note = request.body.nota?.trim() || null;
      // Only the companies the user may acknowledge in (issue 32).
      const grant = grantAt(await grantOf(request), ACKNOWLEDGE_LEVEL);
      const conditions = [sql`a.statusid = 1`, ...alertaConditions({ ...filtersOf(request.body, grant), estado: null })];
      const answer = await database.db.transaction(async (tx) => {
        const actor = await lockLiveAccount(tx, user);
        // None at all is refused outright, once the account is known to be live (a gone one is 401).
        if (!grant.all && grant.empresas.length === 0) throw cannotAcknowledge();
        // One statement: the matching active alerts, their open episodes acknowledged, and every
        // active alert of those episodes (and the matched ones kept before episodes) processed.
        const [counts] = (
          await tx.execute(sql`
            with matched as (
              select a.alertaid, a.episodioid from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
               where ${sql.join(conditions, sql` and `)}
            ), episodes as (
              update sense.episodio e set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
               where e.episodioid in (select episodioid from matched where episodioid is not null) and e.statusid = 1 and e.fechafin is null
               returning e.episodioid
            ), alerts as (
              update sense.alerta a set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
               where a.statusid = 1
                 and (a.episodioid in (select episodioid from episodes)
                      or a.alertaid in (select alertaid from matched where episodioid is null))
               returning a.alertaid, a.umbralid
            )
            select (select count(*) from episodes)::int as episodes, (select count(*) from alerts)::int as acknowledged,
                   array(select umbralid from alerts group by umbralid order by umbralid)::int[] as umbrales,
                   array(select count(*) from alerts group by umbralid order by umbralid)::int[] as per_umbral`)
        ).rows as unknown as Array<AcknowledgeMatchingResult & { umbrales: number[]; per_umbral: number[] }>;
        return {
          episodes: Number(counts?.episodes ?? 0),
          acknowledged: Number(counts?.acknowledged ?? 0),
          umbrales: (counts?.umbrales ?? []).map((umbralid, index) => ({ umbralid: Number(umbralid), acknowledged: Number(counts?.per_umbral[index] ?? 0) })),
        };
      });
      // The live event names the thresholds, so a stream scoped to some companies hears only of theirs.
      if (answer.acknowledged > 0) onAcknowledged?.({ episodioid: null, alertaid: null, acknowledged: answer.acknowledged, umbrales: answer.umbrales });
      return { episodes: answer.episodes, acknowledged: answer.acknowledged };
    },
  );
}

// Its answer's type, AcknowledgeEpisodeResult, is the contract's (libs/domain, contracts/alerts.ts).

/**
 * /api/episodes: acknowledging an episode by its id, for the no-data episodes of silent nodes
 * (alarms.md, "Silent nodes"), which have no alert to name them by.
 */
export async function episodeRoutes(app: FastifyInstance, { database, onAcknowledged }: AlertRoutesOptions): Promise<void> {
  app.addHook('onRequest', requireLiveAccount(app));
  await openEpisodesRoute(app, { database });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:episodioid/acknowledge',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Reconoce un episodio (también uno "sin datos" de un nodo en silencio)',
        description:
          'Detiene las repeticiones y el escalamiento; uno ya terminado responde 409. Una sesión cerrada o una cuenta desactivada o borrada responde 401.',
        security,
        ...acknowledgeEpisodeRoute,
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const note = request.body?.nota?.trim() || null;
      const { episodioid } = request.params;
      const grant = await grantOf(request);
      let acknowledgedNow = false;
      const answer = await database.db.transaction(async (tx) => {
        const actor = await lockLiveAccount(tx, user);
        type EpisodeRow = {
          episodioid: number;
          tipo: 'umbral' | 'sindatos';
          statusid: number;
          fechafin: Date | string | null;
          reconocidopor: number | null;
          fechareconocido: Date | string | null;
          notareconocido: string | null;
        };
        const visible = grantedEpisode(grant, 'ge');
        const operable = grantedEpisode(grantAt(grant, ACKNOWLEDGE_LEVEL), 'ge');
        const [episode] = (
          await tx.execute(sql`
            select ge.episodioid, ge.tipo, ge.statusid, ge.fechafin, ge.reconocidopor, ge.fechareconocido, ge.notareconocido,
                   ${visible ?? sql`true`} as visible, ${operable ?? sql`true`} as operable
              from sense.episodio ge where ge.episodioid = ${episodioid} for update`)
        ).rows as unknown as (EpisodeRow & { visible: boolean; operable: boolean })[];
        checkGranted(episode, 'El episodio no existe');
        if (episode.fechafin !== null) throw new ApiError(409, 'CONSTRAINT', 'El episodio ya terminó');
        let acknowledged = 0;
        let state: EpisodeRow = episode;
        if (episode.statusid === 1) {
          const [updated] = (
            await tx.execute(sql`
              update sense.episodio set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
               where episodioid = ${episodioid}
              returning episodioid, tipo, statusid, fechafin, reconocidopor, fechareconocido, notareconocido`)
          ).rows as unknown as EpisodeRow[];
          state = updated ?? episode;
          acknowledgedNow = true;
          const changed = await tx.execute(sql`
            update sense.alerta set statusid = -1, reconocidopor = ${actor}, fechareconocido = now(), notareconocido = ${note}
             where episodioid = ${episodioid} and statusid = 1 returning alertaid`);
          acknowledged = (changed.rows as unknown[]).length;
        }
        const result: AcknowledgeEpisodeResult = {
          episodioid: state.episodioid,
          tipo: state.tipo,
          acknowledged,
          reconocidopor: state.reconocidopor,
          fechareconocido: state.fechareconocido === null ? null : new Date(state.fechareconocido).toISOString(),
          notareconocido: state.notareconocido,
        };
        return result;
      });
      if (acknowledgedNow) onAcknowledged?.({ episodioid: answer.episodioid, alertaid: null, acknowledged: answer.acknowledged, umbrales: [] });
      return answer;
    },
  );
}
