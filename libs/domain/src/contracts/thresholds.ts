/**
 * The thresholds tab's calls (`/api/sense/umbrales`, `/api/sense/umbral/{id}/…`): the scope
 * listing, the recent changes, the preview of edited limits, the audit trail, the profiles told and
 * the massive save. The routes register these schemas; thresholds.ts keeps the type names the
 * console and the fixtures have always used, as `Static<>` of them.
 */
import { Type } from 'typebox';
import type { Static } from 'typebox';
import {
  UMBRAL_AUDIT_FIELDS,
  UMBRAL_CHANGES_DEFAULT_LIMIT,
  UMBRAL_CHANGES_MAX_LIMIT,
  UMBRAL_MASSIVE_MAX_ROWS,
  UMBRAL_PREVIEW_DEFAULT_DAYS,
  UMBRAL_PREVIEW_MAX_DAYS,
} from '../thresholds';
import { errorResponses, Lenient, Nullable, StringEnum } from './common';
import { UbicacionInFundoSchema } from './reports';

const id = (description: string) => Type.Integer({ minimum: 1, description });

/** The filters of the scope listing and the recent changes; each narrows, none is required. */
const scopeFilterProperties = {
  entidadId: Type.Optional(id('Solo las sondas de los tipos de esta entidad')),
  paisId: Type.Optional(id('Solo este país')),
  empresaId: Type.Optional(id('Solo esta empresa')),
  fundoId: Type.Optional(id('Solo este fundo')),
  ubicacionId: Type.Optional(id('Solo esta ubicación')),
  nodoId: Type.Optional(id('Solo este nodo')),
  tipoId: Type.Optional(id('Solo este tipo de sensor')),
  metricaId: Type.Optional(id('Solo esta métrica')),
};
const UmbralScopeQuerySchema = Type.Object(scopeFilterProperties, { additionalProperties: false });
const UmbralChangesQuerySchema = Type.Object(
  {
    ...scopeFilterProperties,
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: UMBRAL_CHANGES_MAX_LIMIT, description: `Cuántos (por defecto ${UMBRAL_CHANGES_DEFAULT_LIMIT})` }),
    ),
  },
  { additionalProperties: false },
);

/** A profile told when a threshold breaks (perfilumbral → perfil). */
export const UmbralPerfilSchema = Type.Object({ perfilid: Type.Integer(), perfil: Type.String() });

/** One threshold of the scope listing; `grado` 1 is the most severe, `statusid` 1 active, 0 inactive. */
export const UmbralScopeThresholdSchema = Type.Object({
  umbralid: Type.Integer(),
  umbral: Type.String(),
  minimo: Type.Number(),
  maximo: Type.Number(),
  criticidadid: Type.Integer(),
  criticidad: Type.String(),
  grado: Type.Integer(),
  statusid: Type.Integer(),
  perfiles: Type.Array(UmbralPerfilSchema),
});

/** A metric a probe reports; no thresholds means "sin umbral". */
export const UmbralScopeMetricSchema = Type.Object({
  metricaid: Type.Integer(),
  metrica: Type.String(),
  unidad: Nullable(Type.String()),
  umbrales: Type.Array(UmbralScopeThresholdSchema, { description: 'Vacío: la métrica no tiene umbral ("sin umbral")' }),
});

/** A probe (sensor) of a node: one `tipo`. */
export const UmbralScopeProbeSchema = Type.Object({ tipoid: Type.Integer(), tipo: Type.String(), metricas: Type.Array(UmbralScopeMetricSchema) });
export const UmbralScopeNodeSchema = Type.Object({ nodoid: Type.Integer(), nodo: Type.String(), sondas: Type.Array(UmbralScopeProbeSchema) });
/** A location of the scope with its farm's company: the grant's level there decides whether its thresholds may be tuned (issue 32). */
export const UmbralScopeLocationSchema = Type.Object({
  ...UbicacionInFundoSchema.properties,
  empresaid: Type.Integer(),
  empresa: Type.String(),
  nodos: Type.Array(UmbralScopeNodeSchema),
});

/** `GET /api/sense/umbrales`: every threshold in scope, grouped location → node → probe → metric, and how many thresholds and metrics without one. */
export const UmbralScopeResponseSchema = Type.Object({
  ubicaciones: Type.Array(UmbralScopeLocationSchema),
  totals: Type.Object({ umbrales: Type.Integer(), sinUmbral: Type.Integer({ description: 'Métricas sin ningún umbral' }) }),
});

const auditValue = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] });

/** One changed value: INSERT has no `anterior`, DELETE no `nuevo`. */
export const UmbralAuditChangeSchema = Type.Object({ campo: StringEnum(UMBRAL_AUDIT_FIELDS), anterior: auditValue, nuevo: auditValue });

/** Who changed a threshold; `login` is null for a reader, unless it is the reader's own (no one's e-mail is shown to readers). */
export const UmbralAuditUserSchema = Type.Object({
  usuarioid: Type.Integer(),
  login: Nullable(Type.String()),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
});

/** One entry of `audit_log_umbral`, with who and a readable diff; `umbral` is the threshold's label, new or else old. */
export const UmbralAuditEntrySchema = Type.Object({
  auditlogumbralid: Type.Integer(),
  umbralid: Type.Integer(),
  accion: StringEnum(['INSERT', 'UPDATE', 'DELETE']),
  fecha: Type.String({ format: 'date-time' }),
  usuario: Nullable(Lenient(UmbralAuditUserSchema)),
  cambios: Type.Array(UmbralAuditChangeSchema),
  umbral: Nullable(Type.String()),
});

/** Readings and episodes (runs of consecutive breaking readings) a band would have alerted. */
export const UmbralPreviewCountSchema = Type.Object({
  minimo: Type.Number(),
  maximo: Type.Number(),
  readings: Type.Integer({ description: 'Lecturas fuera de [minimo, maximo]' }),
  episodes: Type.Integer({ description: 'Rachas de lecturas consecutivas fuera de la banda' }),
});

/** `GET /api/sense/umbral/{id}/preview`: the edited band beside the current one over a window (`end` exclusive). */
export const UmbralPreviewResponseSchema = Type.Object({
  umbralid: Type.Integer(),
  days: Type.Integer(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  total: Type.Integer({ description: 'Lecturas en la ventana' }),
  current: UmbralPreviewCountSchema,
  edited: UmbralPreviewCountSchema,
});

const UmbralPreviewQuerySchema = Type.Object(
  {
    minimo: Type.Optional(Type.Number({ description: 'Mínimo editado; por defecto el actual' })),
    maximo: Type.Optional(Type.Number({ description: 'Máximo editado; por defecto el actual' })),
    days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: UMBRAL_PREVIEW_MAX_DAYS, description: `Días hacia atrás (por defecto ${UMBRAL_PREVIEW_DEFAULT_DAYS})` }),
    ),
    endDate: Type.Optional(Type.String({ description: 'Fin de la ventana (excluido), ISO 8601; por defecto ahora' })),
  },
  { additionalProperties: false },
);

/** `PUT /api/sense/umbral/{id}/perfiles` body: the complete set of profiles told. */
export const UmbralPerfilesBodySchema = Type.Object(
  { perfilids: Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true, maxItems: 200 }) },
  { additionalProperties: false },
);
export const UmbralPerfilesResponseSchema = Type.Object({ umbralid: Type.Integer(), perfiles: Type.Array(UmbralPerfilSchema) });

/** One threshold of a massive save: its place, level and band; the label defaults to "metric · level". */
export const UmbralMassiveRowSchema = Type.Object(
  {
    ubicacionid: id('Ubicación'),
    nodoid: id('Nodo'),
    tipoid: id('Tipo de sonda'),
    metricaid: id('Métrica'),
    criticidadid: id('Criticidad'),
    minimo: Type.Number(),
    maximo: Type.Number(),
    umbral: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** `POST /api/sense/umbral/massive`: `dryRun` counts what a save would do and writes nothing. */
export const UmbralMassiveRequestSchema = Type.Object(
  { dryRun: Type.Optional(Type.Boolean()), rows: Type.Array(UmbralMassiveRowSchema, { minItems: 1, maxItems: UMBRAL_MASSIVE_MAX_ROWS }) },
  { additionalProperties: false },
);

/** How many thresholds the save created and how many active ones (same place and level) it replaced. */
export const UmbralMassiveResultSchema = Type.Object({ created: Type.Integer(), replaced: Type.Integer(), dryRun: Type.Boolean() });

const umbralParams = Type.Object({ id: id('El umbral') });

export const umbralScopeRoute = { querystring: UmbralScopeQuerySchema, response: { 200: UmbralScopeResponseSchema, ...errorResponses(400, 401, 500) } } as const;
export const umbralChangesRoute = {
  querystring: UmbralChangesQuerySchema,
  response: { 200: Type.Array(UmbralAuditEntrySchema), ...errorResponses(400, 401, 500) },
} as const;
export const umbralPreviewRoute = {
  params: umbralParams,
  querystring: UmbralPreviewQuerySchema,
  response: { 200: UmbralPreviewResponseSchema, ...errorResponses(400, 401, 404, 500) },
} as const;
export const umbralHistoryRoute = { params: umbralParams, response: { 200: Type.Array(UmbralAuditEntrySchema), ...errorResponses(400, 401, 500) } } as const;
export const umbralPerfilesRoute = {
  params: umbralParams,
  body: UmbralPerfilesBodySchema,
  response: { 200: UmbralPerfilesResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 500) },
} as const;
export const umbralMassiveRoute = {
  body: UmbralMassiveRequestSchema,
  response: { 200: UmbralMassiveResultSchema, ...errorResponses(400, 401, 403, 409, 413, 500) },
} as const;

export type UmbralPerfil = Static<typeof UmbralPerfilSchema>;
export type UmbralScopeThreshold = Static<typeof UmbralScopeThresholdSchema>;
export type UmbralScopeMetric = Static<typeof UmbralScopeMetricSchema>;
export type UmbralScopeLocation = Static<typeof UmbralScopeLocationSchema>;
export type UmbralScopeResponse = Static<typeof UmbralScopeResponseSchema>;
export type UmbralAuditChange = Static<typeof UmbralAuditChangeSchema>;
export type UmbralAuditEntry = Static<typeof UmbralAuditEntrySchema>;
export type UmbralPreviewCount = Static<typeof UmbralPreviewCountSchema>;
export type UmbralPreviewResponse = Static<typeof UmbralPreviewResponseSchema>;
export type UmbralPerfilesBody = Static<typeof UmbralPerfilesBodySchema>;
export type UmbralPerfilesResponse = Static<typeof UmbralPerfilesResponseSchema>;
export type UmbralMassiveRow = Static<typeof UmbralMassiveRowSchema>;
export type UmbralMassiveRequest = Static<typeof UmbralMassiveRequestSchema>;
export type UmbralMassiveResult = Static<typeof UmbralMassiveResultSchema>;
