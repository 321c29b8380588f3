/**
 * The thresholds tab's calls (`/api/sense/umbrales`, `/api/sense/umbral/{id}/…`): the scope
 * listing, the preview of edited limits, the audit trail and the profiles told. Shared by the API,
 * the console and the fixtures, so a mock that drifts from the contract fails the type check.
 */

/** The wire types of the tab's calls (the contract's, contracts/thresholds.ts). */
export type {
  UmbralPerfil,
  UmbralScopeThreshold,
  UmbralScopeMetric,
  UmbralScopeLocation,
  UmbralScopeResponse,
  UmbralPreviewCount,
  UmbralPreviewResponse,
  UmbralAuditChange,
  UmbralAuditEntry,
  UmbralPerfilesBody,
  UmbralPerfilesResponse,
  UmbralMassiveRow,
  UmbralMassiveRequest,
  UmbralMassiveResult,
} from './contracts/thresholds';

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

export type UmbralAuditAction = 'INSERT' | 'UPDATE' | 'DELETE';

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

