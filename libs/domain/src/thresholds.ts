/**
 * The thresholds tab's calls (`/api/sense/umbrales`, `/api/sense/umbral/{id}/…`): the scope
 * listing, the preview of edited limits, the audit trail and the profiles told. Shared by the API,
 * the console and the fixtures, so a mock that drifts from the contract fails the type check.
 */

/**
 * A row of `sense.umbral` as the server reads it: where the threshold applies (location, node,
 * probe type, metric), its criticality and its band. The one definition the API, the ingest
 * engine, the tests and the benches share.
 */
export interface UmbralRow {
  umbralid: number;
  ubicacionid: number;
  nodoid: number;
  tipoid: number;
  metricaid: number;
  criticidadid: number;
  minimo: number;
  maximo: number;
}

/** A threshold's place and band, as the preview counts it. */
export type UmbralBand = Omit<UmbralRow, 'criticidadid'>;

/** A profile told when a threshold breaks (perfilumbral → perfil). */
export interface UmbralPerfil {
  perfilid: number;
  perfil: string;
}

/** One threshold of the scope listing. */
export interface UmbralScopeThreshold {
  umbralid: number;
  umbral: string;
  minimo: number;
  maximo: number;
  criticidadid: number;
  criticidad: string;
  /** 1 is the most severe. */
  grado: number;
  /** 1 active, 0 inactive. */
  statusid: number;
  perfiles: UmbralPerfil[];
}

/** Where a threshold applies (location, node, probe type, metric), with the names a person reads. */
export interface UmbralPlace {
  ubicacionid: number;
  ubicacion: string;
  nodoid: number;
  nodo: string;
  tipoid: number;
  tipo: string;
  metricaid: number;
  metrica: string;
  unidad: string | null;
}

/** A metric a probe reports; no thresholds means "sin umbral". */
export interface UmbralScopeMetric {
  metricaid: number;
  metrica: string;
  unidad: string | null;
  umbrales: UmbralScopeThreshold[];
}

/** A probe (sensor) of a node: one `tipo`. */
export interface UmbralScopeProbe {
  tipoid: number;
  tipo: string;
  metricas: UmbralScopeMetric[];
}

export interface UmbralScopeNode {
  nodoid: number;
  nodo: string;
  sondas: UmbralScopeProbe[];
}

export interface UmbralScopeLocation {
  ubicacionid: number;
  ubicacion: string;
  fundoid: number;
  fundo: string;
  nodos: UmbralScopeNode[];
}

/** `GET /api/sense/umbrales`: every threshold in scope, grouped location → node → probe → metric. */
export interface UmbralScopeResponse {
  ubicaciones: UmbralScopeLocation[];
  /** How many thresholds the listing holds, and how many metrics have none. */
  totals: { umbrales: number; sinUmbral: number };
}

/** The filters of the scope listing and the recent changes; each narrows, none is required. */
export interface UmbralScopeFilters {
  /** Only the probes of this entity's types (tipo.entidadid). */
  entidadId?: number | null;
  paisId?: number | null;
  empresaId?: number | null;
  fundoId?: number | null;
  ubicacionId?: number | null;
  nodoId?: number | null;
  tipoId?: number | null;
  metricaId?: number | null;
}

/** Readings and episodes (runs of consecutive breaking readings) a band would have alerted. */
export interface UmbralPreviewCount {
  minimo: number;
  maximo: number;
  readings: number;
  episodes: number;
}

/** `GET /api/sense/umbral/{id}/preview`: the edited band beside the current one over a window. */
export interface UmbralPreviewResponse {
  umbralid: number;
  days: number;
  start: string;
  /** Exclusive. */
  end: string;
  /** Readings of the threshold's location, node, probe and metric in the window. */
  total: number;
  current: UmbralPreviewCount;
  edited: UmbralPreviewCount;
}

/** The columns of a threshold the audit trail shows. */
export const UMBRAL_AUDIT_FIELDS = [
  'umbral',
  'minimo',
  'maximo',
  'criticidadid',
  'statusid',
  'ubicacionid',
  'nodoid',
  'tipoid',
  'metricaid',
] as const;
export type UmbralAuditField = (typeof UMBRAL_AUDIT_FIELDS)[number];

export type UmbralAuditAction = 'INSERT' | 'UPDATE' | 'DELETE';

/** One changed value: INSERT has no `anterior`, DELETE no `nuevo`. */
export interface UmbralAuditChange {
  campo: UmbralAuditField;
  anterior: string | number | null;
  nuevo: string | number | null;
}

export interface UmbralAuditUser {
  usuarioid: number;
  /** Null for a reader, unless it is the reader's own (no one's e-mail is shown to readers). */
  login: string | null;
  firstname: string | null;
  lastname: string | null;
}

/** One entry of `audit_log_umbral`, with who and a readable diff. */
export interface UmbralAuditEntry {
  auditlogumbralid: number;
  umbralid: number;
  accion: UmbralAuditAction;
  fecha: string;
  usuario: UmbralAuditUser | null;
  cambios: UmbralAuditChange[];
  /** The threshold's label, new or else old. */
  umbral: string | null;
}

/** `PUT /api/sense/umbral/{id}/perfiles` body: the complete set of profiles told. */
export interface UmbralPerfilesBody {
  perfilids: number[];
}

export interface UmbralPerfilesResponse {
  umbralid: number;
  perfiles: UmbralPerfil[];
}

/** The preview's window: 7 days by default, at most 90. */
export const UMBRAL_PREVIEW_DEFAULT_DAYS = 7;
export const UMBRAL_PREVIEW_MAX_DAYS = 90;
/** The recent changes list: 20 by default, at most 200. */
export const UMBRAL_CHANGES_DEFAULT_LIMIT = 20;
export const UMBRAL_CHANGES_MAX_LIMIT = 200;

/**
 * A limit as a person types it, with a decimal point or comma ("12,5"): null when blank, NaN when
 * it is not a number.
 */
export function parseDecimalInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** Rows one massive threshold save may carry: every metric of every probe of a large farm. */
export const UMBRAL_MASSIVE_MAX_ROWS = 5000;

/** One threshold of a massive save: its place, level and band; the label defaults to "metric · level". */
export type UmbralMassiveRow = Omit<UmbralRow, 'umbralid'> & { umbral?: string | undefined };

/** POST /api/sense/umbral/massive: `dryRun` counts what a save would do and writes nothing. */
export interface UmbralMassiveRequest {
  rows: UmbralMassiveRow[];
  dryRun?: boolean;
}

/** How many thresholds the save created and how many active ones (same place and level) it replaced. */
export interface UmbralMassiveResult {
  created: number;
  replaced: number;
  dryRun: boolean;
}
