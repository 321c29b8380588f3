import type { Database } from '@camposense/db';
import {
  UMBRAL_AUDIT_FIELDS,
  UMBRAL_CHANGES_DEFAULT_LIMIT,
  UMBRAL_CHANGES_MAX_LIMIT,
  UMBRAL_PREVIEW_DEFAULT_DAYS,
  UMBRAL_PREVIEW_MAX_DAYS,
  UMBRAL_MASSIVE_MAX_ROWS,
} from '@camposense/domain';
import type {
  UmbralAuditEntry,
  UmbralMassiveRequest,
  UmbralMassiveResult,
  UmbralMassiveRow,
  UmbralPerfilesBody,
  UmbralPerfilesResponse,
  UmbralPreviewResponse,
  UmbralScopeFilters,
  UmbralScopeResponse,
} from '@camposense/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound } from '../../errors/api-error';
import { errorResponses, ubicacionInFundoProperties } from '../../schemas';
import { isIsoDate } from '../../sense/row-values';
import { validationError } from '../tables/queries';
import { createThresholdQueries } from './queries';

export interface ThresholdRoutesOptions {
  database: Database;
  /** The server's clock (tests pin it). @default () => new Date() */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 200;
const security = [{ bearerAuth: [] }];
const id = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;

const scopeFilterProperties = {
  entidadId: id('Solo las sondas de los tipos de esta entidad'),
  paisId: id('Solo este país'),
  empresaId: id('Solo esta empresa'),
  fundoId: id('Solo este fundo'),
  ubicacionId: id('Solo esta ubicación'),
  nodoId: id('Solo este nodo'),
  tipoId: id('Solo este tipo de sensor'),
  metricaId: id('Solo esta métrica'),
} as const;

const perfilSchema = {
  type: 'object',
  required: ['perfilid', 'perfil'],
  properties: { perfilid: { type: 'integer' }, perfil: { type: 'string' } },
} as const;

const scopeResponseSchema = {
  type: 'object',
  required: ['ubicaciones', 'totals'],
  properties: {
    totals: {
      type: 'object',
      required: ['umbrales', 'sinUmbral'],
      properties: { umbrales: { type: 'integer' }, sinUmbral: { type: 'integer', description: 'Métricas sin ningún umbral' } },
    },
    ubicaciones: {
      type: 'array',
      items: {
        type: 'object',
        required: ['ubicacionid', 'ubicacion', 'fundoid', 'fundo', 'nodos'],
        properties: {
          ...ubicacionInFundoProperties,
          nodos: {
            type: 'array',
            items: {
              type: 'object',
              required: ['nodoid', 'nodo', 'sondas'],
              properties: {
                nodoid: { type: 'integer' },
                nodo: { type: 'string' },
                sondas: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['tipoid', 'tipo', 'metricas'],
                    properties: {
                      tipoid: { type: 'integer' },
                      tipo: { type: 'string' },
                      metricas: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['metricaid', 'metrica', 'unidad', 'umbrales'],
                          properties: {
                            metricaid: { type: 'integer' },
                            metrica: { type: 'string' },
                            unidad: { type: ['string', 'null'] },
                            umbrales: {
                              type: 'array',
                              description: 'Vacío: la métrica no tiene umbral ("sin umbral")',
                              items: {
                                type: 'object',
                                required: [
                                  'umbralid', 'umbral', 'minimo', 'maximo', 'criticidadid', 'criticidad', 'grado', 'statusid', 'perfiles',
                                ],
                                properties: {
                                  umbralid: { type: 'integer' },
                                  umbral: { type: 'string' },
                                  minimo: { type: 'number' },
                                  maximo: { type: 'number' },
                                  criticidadid: { type: 'integer' },
                                  criticidad: { type: 'string' },
                                  grado: { type: 'integer' },
                                  statusid: { type: 'integer' },
                                  perfiles: { type: 'array', items: perfilSchema },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

const countSchema = {
  type: 'object',
  required: ['minimo', 'maximo', 'readings', 'episodes'],
  properties: {
    minimo: { type: 'number' },
    maximo: { type: 'number' },
    readings: { type: 'integer', description: 'Lecturas fuera de [minimo, maximo]' },
    episodes: { type: 'integer', description: 'Rachas de lecturas consecutivas fuera de la banda' },
  },
} as const;

const auditValue = { type: ['string', 'number', 'null'] } as const;
const auditEntrySchema = {
  type: 'object',
  required: ['auditlogumbralid', 'umbralid', 'accion', 'fecha', 'usuario', 'cambios', 'umbral'],
  properties: {
    auditlogumbralid: { type: 'integer' },
    umbralid: { type: 'integer' },
    accion: { type: 'string', enum: ['INSERT', 'UPDATE', 'DELETE'] },
    fecha: { type: 'string', format: 'date-time' },
    umbral: { type: ['string', 'null'] },
    usuario: {
      type: ['object', 'null'],
      properties: {
        usuarioid: { type: 'integer' },
        // Null for a reader (the redaction at serialisation), unless it is the reader's own.
        login: { type: ['string', 'null'] },
        firstname: { type: ['string', 'null'] },
        lastname: { type: ['string', 'null'] },
      },
    },
    cambios: {
      type: 'array',
      items: {
        type: 'object',
        required: ['campo', 'anterior', 'nuevo'],
        properties: { campo: { type: 'string', enum: [...UMBRAL_AUDIT_FIELDS] }, anterior: auditValue, nuevo: auditValue },
      },
    },
  },
} as const;

interface UmbralParams {
  id: number;
}

interface PreviewQuery {
  minimo?: number;
  maximo?: number;
  days?: number;
  endDate?: string;
}

type ChangesQuery = UmbralScopeFilters & { limit?: number };

/**
 * The thresholds tab: the scope listing (`/umbrales`), the tab's recent changes
 * (`/umbrales/cambios`), and per threshold its preview, audit trail and profiles told
 * (`/umbral/{id}/…`). Fixed paths, so they win over the generic `/:table` routes. Writes are
 * admin-only through the write guard on the whole /api/sense prefix.
 */
export async function thresholdRoutes(app: FastifyInstance, { database, now = () => new Date() }: ThresholdRoutesOptions): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const queries = createThresholdQueries(database);

  app.get<{ Querystring: UmbralScopeFilters; Reply: UmbralScopeResponse }>(
    '/umbrales',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Umbrales en alcance, agrupados por ubicación → nodo → sonda → métrica',
        description:
          'Cada métrica que informa una sonda de un nodo ubicado (localizacion × metricasensor), y cada lugar que nombra un umbral, ' +
          'con sus umbrales del más severo al menos severo y los perfiles avisados. Una métrica sin umbral trae `umbrales: []`.',
        security,
        querystring: { type: 'object', properties: scopeFilterProperties, additionalProperties: false },
        response: { 200: scopeResponseSchema, ...errorResponses(400, 401, 500) },
      },
    },
    async (request) => queries.scope(request.query),
  );

  app.get<{ Querystring: ChangesQuery; Reply: UmbralAuditEntry[] }>(
    '/umbrales/cambios',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Los cambios más recientes a umbrales en alcance (audit_log_umbral)',
        security,
        querystring: {
          type: 'object',
          properties: {
            ...scopeFilterProperties,
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: UMBRAL_CHANGES_MAX_LIMIT,
              description: `Cuántos (por defecto ${UMBRAL_CHANGES_DEFAULT_LIMIT})`,
            },
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: auditEntrySchema }, ...errorResponses(400, 401, 500) },
      },
    },
    async (request) => {
      const { limit = UMBRAL_CHANGES_DEFAULT_LIMIT, ...filters } = request.query;
      return queries.recentChanges(filters, limit);
    },
  );

  const umbralParams = {
    type: 'object',
    required: ['id'],
    properties: { id: id('El umbral') },
  } as const;

  app.get<{ Params: UmbralParams; Querystring: PreviewQuery; Reply: UmbralPreviewResponse }>(
    '/umbral/:id/preview',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Cuántas lecturas y episodios habría alertado una banda editada, junto a la actual',
        description:
          'Cuenta en SQL, sobre las lecturas del lugar del umbral (ubicación, nodo, sonda, métrica) en los últimos `days` días, ' +
          'las que quedan fuera de la banda actual y de la editada, y los episodios (rachas de lecturas consecutivas fuera).',
        security,
        params: umbralParams,
        querystring: {
          type: 'object',
          properties: {
            minimo: { type: 'number', description: 'Mínimo editado; por defecto el actual' },
            maximo: { type: 'number', description: 'Máximo editado; por defecto el actual' },
            days: {
              type: 'integer',
              minimum: 1,
              maximum: UMBRAL_PREVIEW_MAX_DAYS,
              description: `Días hacia atrás (por defecto ${UMBRAL_PREVIEW_DEFAULT_DAYS})`,
            },
            endDate: { type: 'string', description: 'Fin de la ventana (excluido), ISO 8601; por defecto ahora' },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: ['umbralid', 'days', 'start', 'end', 'total', 'current', 'edited'],
            properties: {
              umbralid: { type: 'integer' },
              days: { type: 'integer' },
              start: { type: 'string', format: 'date-time' },
              end: { type: 'string', format: 'date-time' },
              total: { type: 'integer', description: 'Lecturas en la ventana' },
              current: countSchema,
              edited: countSchema,
            },
          },
          ...errorResponses(400, 401, 404, 500),
        },
      },
    },
    async (request) => {
      const { minimo, maximo, days = UMBRAL_PREVIEW_DEFAULT_DAYS, endDate } = request.query;
      if (endDate !== undefined && !isIsoDate(endDate)) throw validationError([{ field: 'endDate', rule: 'format', limit: 'date-time' }]);
      const end = endDate === undefined ? now() : new Date(endDate);
      const start = new Date(end.getTime() - days * DAY_MS);
      const counts = await queries.preview(request.params.id, { minimo, maximo }, { start, end });
      if (!counts) throw notFound('No existe un umbral con ese id');
      // Checked on the answer: one side edited against the other's stored value is only known once
      // the band is read, in the same statement that counts.
      if (counts.edited.minimo > counts.edited.maximo) throw validationError([{ field: 'maximo', rule: 'minimum', limit: 'minimo' }]);
      return { days, start: start.toISOString(), end: end.toISOString(), ...counts };
    },
  );

  app.get<{ Params: UmbralParams; Reply: UmbralAuditEntry[] }>(
    '/umbral/:id/historial',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'El historial de cambios de un umbral (audit_log_umbral), del más reciente al más antiguo',
        description: `Quién, cuándo, qué acción y los valores anteriores → nuevos que cambiaron; a lo sumo ${HISTORY_LIMIT}.`,
        security,
        params: umbralParams,
        response: { 200: { type: 'array', items: auditEntrySchema }, ...errorResponses(400, 401, 500) },
      },
    },
    // A deleted threshold still has its trail, so an id without a row is not a 404.
    async (request) => queries.history(request.params.id, HISTORY_LIMIT),
  );

  app.put<{ Params: UmbralParams; Body: UmbralPerfilesBody; Reply: UmbralPerfilesResponse }>(
    '/umbral/:id/perfiles',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Reemplaza los perfiles avisados de un umbral (perfilumbral) en una transacción',
        security,
        params: umbralParams,
        body: {
          type: 'object',
          required: ['perfilids'],
          properties: {
            perfilids: { type: 'array', items: { type: 'integer', minimum: 1 }, uniqueItems: true, maxItems: 200 },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: ['umbralid', 'perfiles'],
            properties: { umbralid: { type: 'integer' }, perfiles: { type: 'array', items: perfilSchema } },
          },
          ...errorResponses(400, 401, 403, 404, 409, 500),
        },
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const perfiles = await queries.replaceProfiles(request.params.id, request.body.perfilids, actor.id);
      if (!perfiles) throw notFound('No existe un umbral con ese id');
      return { umbralid: request.params.id, perfiles };
    },
  );

  app.post<{ Body: UmbralMassiveRequest; Reply: UmbralMassiveResult }>(
    '/umbral/massive',
    {
      schema: {
        tags: ['umbrales'],
        summary: 'Crea o reemplaza muchos umbrales (un fundo y una entidad de una vez) en una transacción',
        description:
          'Cada fila fija la banda de un (ubicación, nodo, sonda, métrica, criticidad): si ya hay un umbral activo de ese lugar y nivel, ' +
          'reemplaza su mínimo, máximo y etiqueta (si viene); si no, lo crea con la etiqueta dada o "métrica · criticidad". Todo o nada: ' +
          'un id desconocido responde 409 `FOREIGN_KEY`; mínimo > máximo, 400 con `rows/{i}/maximo`; un lugar y nivel repetido en el lote, ' +
          `400 con rule \`repeated\` (limit = índice de la fila anterior). Hasta ${UMBRAL_MASSIVE_MAX_ROWS.toLocaleString('en')} filas. ` +
          '`dryRun: true` solo cuenta cuántos se crearían y cuántos se reemplazarían.',
        security,
        body: {
          type: 'object',
          required: ['rows'],
          additionalProperties: false,
          properties: {
            dryRun: { type: 'boolean' },
            rows: {
              type: 'array',
              minItems: 1,
              maxItems: UMBRAL_MASSIVE_MAX_ROWS,
              items: {
                type: 'object',
                required: ['ubicacionid', 'nodoid', 'tipoid', 'metricaid', 'criticidadid', 'minimo', 'maximo'],
                additionalProperties: false,
                properties: {
                  ubicacionid: id('Ubicación'),
                  nodoid: id('Nodo'),
                  tipoid: id('Tipo de sonda'),
                  metricaid: id('Métrica'),
                  criticidadid: id('Criticidad'),
                  minimo: { type: 'number' },
                  maximo: { type: 'number' },
                  umbral: { type: 'string', maxLength: 200 },
                },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['created', 'replaced', 'dryRun'],
            properties: { created: { type: 'integer' }, replaced: { type: 'integer' }, dryRun: { type: 'boolean' } },
          },
          ...errorResponses(400, 401, 403, 409, 413, 500),
        },
      },
    },
    async (request) => {
      const actor = request.user;
      if (!actor) throw new ApiError(401, 'UNAUTHORIZED');
      const { rows, dryRun = false } = request.body;
      const problems = massiveRowProblems(rows);
      if (problems.length > 0) throw validationError(problems);
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
