import type { Database } from '@camposense/db';
import {
  MANAGE_LEVEL,
  TUNE_THRESHOLDS_LEVEL,
  UMBRAL_CHANGES_DEFAULT_LIMIT,
  UMBRAL_PREVIEW_DEFAULT_DAYS,
  UMBRAL_MASSIVE_MAX_ROWS,
  umbralChangesRoute,
  umbralHistoryRoute,
  umbralMassiveRoute,
  umbralPerfilesRoute,
  umbralPreviewRoute,
  umbralScopeRoute,
} from '@camposense/domain';
import type { UmbralMassiveRow } from '@camposense/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import { isIsoDate } from '../../sense/row-values';
import { assertGrantedPlaces, grantOf } from '../../security/tenancy';
import { assertIdsWritable, writeAccessAt } from '../../security/write-access';
import { validationError } from '../tables/queries';
import { createThresholdQueries } from './queries';
import { security } from '../../schemas';

export interface ThresholdRoutesOptions {
  database: Database;
  /** The server's clock (tests pin it). @default () => new Date() */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 200;
/**
 * The thresholds tab: the scope listing (`/umbrales`), the tab's recent changes
 * (`/umbrales/cambios`), and per threshold its preview, audit trail and profiles told
 * (`/umbral/{id}/…`). Fixed paths, so they win over the generic `/:table` routes. Writes: an admin
 * anywhere; a granted user tunes bands at level operacion and chooses the profiles told at level
 * gestion, on the thresholds' own companies (issue 32; the write guard lets the levels through).
 */
export async function thresholdRoutes(fastify: FastifyInstance, { database, now = () => new Date() }: ThresholdRoutesOptions): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const queries = createThresholdQueries(database);

  app.get(
    '/umbrales',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Umbrales en alcance, agrupados por ubicación → nodo → sonda → métrica',
        description:
          'Cada métrica que informa una sonda de un nodo ubicado (localizacion × metricasensor), y cada lugar que nombra un umbral, ' +
          'con sus umbrales del más severo al menos severo y los perfiles avisados. Una métrica sin umbral trae `umbrales: []`.',
        security,
        ...umbralScopeRoute,
      },
    },
    async (request) => queries.scope(request.query, await grantOf(request)),
  );

  app.get(
    '/umbrales/cambios',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Los cambios más recientes a umbrales en alcance (audit_log_umbral)',
        security,
        ...umbralChangesRoute,
      },
    },
    async (request) => {
      const { limit = UMBRAL_CHANGES_DEFAULT_LIMIT, ...filters } = request.query;
      return queries.recentChanges(filters, limit, await grantOf(request));
    },
  );

  app.get(
    '/umbral/:id/preview',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Cuántas lecturas y episodios habría alertado una banda editada, junto a la actual',
        description:
          'Cuenta en SQL, sobre las lecturas del lugar del umbral (ubicación, nodo, sonda, métrica) en los últimos `days` días, ' +
          'las que quedan fuera de la banda actual y de la editada, y los episodios (rachas de lecturas consecutivas fuera).',
        security,
        ...umbralPreviewRoute,
      },
    },
    async (request) => {
      const { minimo, maximo, days = UMBRAL_PREVIEW_DEFAULT_DAYS, endDate } = request.query;
      if (endDate !== undefined && !isIsoDate(endDate)) throw validationError([{ field: 'endDate', rule: 'format', limit: 'date-time' }]);
      const end = endDate === undefined ? now() : new Date(endDate);
      const start = new Date(end.getTime() - days * DAY_MS);
      await assertGrantedPlaces(database, await grantOf(request), { umbralId: request.params.id });
      const counts = await queries.preview(request.params.id, { minimo, maximo }, { start, end });
      if (!counts) throw notFound('No existe un umbral con ese id');
      // Checked on the answer: one side edited against the other's stored value is only known once
      // the band is read, in the same statement that counts.
      if (counts.edited.minimo > counts.edited.maximo) throw validationError([{ field: 'maximo', rule: 'minimum', limit: 'minimo' }]);
      return { days, start: start.toISOString(), end: end.toISOString(), ...counts };
    },
  );

  app.get(
    '/umbral/:id/historial',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'El historial de cambios de un umbral (audit_log_umbral), del más reciente al más antiguo',
        description: `Quién, cuándo, qué acción y los valores anteriores → nuevos que cambiaron; a lo sumo ${HISTORY_LIMIT}.`,
        security,
        ...umbralHistoryRoute,
      },
    },
    // A deleted threshold still has its trail, so an id without a row is not a 404 (nor one outside the grant: an empty trail).
    async (request) => queries.history(request.params.id, HISTORY_LIMIT, await grantOf(request)),
  );

  app.put(
    '/umbral/:id/perfiles',
    {
      // Who is told is about people, as usuarioempresa: the company's managers decide it.
      config: { grantedWrite: () => MANAGE_LEVEL },
      schema: {
        tags: ['umbrales'],
        summary: 'Reemplaza los perfiles avisados de un umbral (perfilumbral) en una transacción',
        description: 'Un administrador, o un usuario con el nivel gestión en la empresa del umbral (fuera de su concesión, 404; con menos nivel, 403).',
        security,
        ...umbralPerfilesRoute,
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      await assertIdsWritable(database, 'umbral', [request.params.id], await writeAccessAt(request, MANAGE_LEVEL));
      const perfiles = await queries.replaceProfiles(request.params.id, request.body.perfilids, actor.id);
      if (!perfiles) throw notFound('No existe un umbral con ese id');
      return { umbralid: request.params.id, perfiles };
    },
  );

  app.post(
    '/umbral/massive',
    {
      config: { grantedWrite: () => TUNE_THRESHOLDS_LEVEL },
      schema: {
        tags: ['umbrales'],
        summary: 'Crea o reemplaza muchos umbrales (un fundo y una entidad de una vez) en una transacción',
        description:
          'Cada fila fija la banda de un (ubicación, nodo, sonda, métrica, criticidad): si ya hay un umbral activo de ese lugar y nivel, ' +
          'reemplaza su mínimo, máximo y etiqueta (si viene); si no, lo crea con la etiqueta dada o "métrica · criticidad". Todo o nada: ' +
          'un id desconocido responde 409 `FOREIGN_KEY`; mínimo > máximo, 400 con `rows/{i}/maximo`; un lugar y nivel repetido en el lote, ' +
          `400 con rule \`repeated\` (limit = índice de la fila anterior). Hasta ${UMBRAL_MASSIVE_MAX_ROWS.toLocaleString('en')} filas. ` +
          '`dryRun: true` solo cuenta cuántos se crearían y cuántos se reemplazarían. Un usuario con concesión necesita el nivel operación ' +
          'o gestión en la empresa de cada ubicación y nodo: uno fuera de su concesión responde 404; con nivel lectura, 403.',
        security,
        ...umbralMassiveRoute,
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const { rows, dryRun = false } = request.body;
      const problems = massiveRowProblems(rows);
      if (problems.length > 0) throw validationError(problems);
      // Every place named must be the user's to tune: all or nothing, as the save itself.
      const access = await writeAccessAt(request, TUNE_THRESHOLDS_LEVEL);
      await assertIdsWritable(database, 'ubicacion', rows.map((row) => row.ubicacionid), access);
      await assertIdsWritable(database, 'nodo', rows.map((row) => row.nodoid), access);
      return queries.saveMassive(rows, actor.id, dryRun);
    },
  );
}

/** Bands upside down, and a place and level given twice: both would fail in SQL without saying which row. */
function massiveRowProblems(rows: readonly UmbralMassiveRow[]) {
  const problems = [];
  const seen = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    if (row.minimo > row.maximo) problems.push({ field: `rows/${index}/maximo`, rule: 'minimum', limit: 'minimo' });
    const key = [row.ubicacionid, row.nodoid, row.tipoid, row.metricaid, row.criticidadid].join('/');
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, index);
    else problems.push({ field: `rows/${index}`, rule: 'repeated', limit: earlier });
  }
  return problems;
}
