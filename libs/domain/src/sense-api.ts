/** The answers of the /api/sense calls (api.md, "The sense calls"), shared by API and console. */

import type { ApiErrorCode } from './errors';

/** Any table's row as the generic calls answer it: column names to values, dates as ISO strings. */
export type TableRow = Record<string, unknown>;

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /**
   * The table pages (`/api/sense/{table}`) and the report pages (`/api/sense/reports/*`): the cursor
   * of the next page for `after=`, null on the last. Pages by number reach MAX_PAGE_OFFSET rows from
   * either end (10,000); deeper pages are reached by following this cursor.
   */
  next?: string | null;
}

export interface PaginatedRows<Row = TableRow> {
  data: Row[];
  pagination: Pagination;
}

/** One reading as `mediciones` and `mediciones-con-entidad` answer it, newest first. */
export interface MedicionReading {
  medicionid: number;
  fecha: string;
  medicion: number;
  metricaid: number;
  metrica: string;
  unidad: string | null;
  nodoid: number;
  tipoid: number;
  ubicacionid: number;
  entidadid: number | null;
}

export interface CountAnswer {
  count: number;
}

/** A node's latest reading of one metric of one probe. */
export interface LatestReading {
  tipoid: number;
  tipo: string | null;
  metricaid: number;
  metrica: string;
  unidad: string | null;
  medicion: number;
  fecha: string;
}

/** A node with its place in the hierarchy, its coordinates and its last reading (`nodos-con-localizacion`). */
export interface NodoConLocalizacion {
  nodoid: number;
  nodo: string;
  nodoabrev: string | null;
  deveui: string | null;
  statusid: number;
  ubicacionid: number;
  ubicacion: string;
  fundoid: number;
  fundo: string;
  empresaid: number;
  empresa: string;
  paisid: number;
  pais: string;
  entidadid: number;
  entidad: string;
  latitud: number | null;
  longitud: number | null;
  referencia: string | null;
  /** When the node last reported, or null if it never did. */
  ultimaFecha: string | null;
  /** The latest value of each metric of each of its probes. */
  ultimasMediciones: LatestReading[];
  /** Minutes without readings after which the node opens a no-data episode (alarms.md, "Silent nodes"). */
  ventanaInactividad: number;
  /** Its open threshold episodes not yet acknowledged. */
  episodiosActivos: number;
  /** Its open no-data episode (statusid 1 active, -1 acknowledged), or null while it reports. */
  episodioSinDatos: { episodioid: number; statusid: number; fechainicio: string } | null;
}

/** What the catalogue says of a table: `/columns`, `/info`, `/constraints` (the contract's, contracts/tables.ts). */
export type { TableColumn, TableInfo, TableConstraint } from './contracts/tables';

/** `POST /{table}/bulk`: many rows at once, all or none; foreign keys by id or by label. */
export interface BulkCreateRequest {
  rows: Record<string, unknown>[];
  /** Check everything (types, labels, foreign keys, duplicates, checks) and write nothing. */
  dryRun?: boolean;
}

/** One problem of one row of a massive import. */
export interface BulkCreateError {
  /** The row's position in the request, from 0. */
  index: number;
  /** The column at fault; absent when the row as a whole is (not an object, a composite key). */
  field?: string;
  /** VALIDATION (type, size, required, unknown column), FOREIGN_KEY (unknown or ambiguous label, missing row), DUPLICATE, CONSTRAINT. */
  code: ApiErrorCode;
  /** What exactly: the validation rule (`type`, `maxLength`, `unknown`…), `unknownLabel`, `ambiguousLabel`, `missing`, `repeated` (an earlier row of the batch), `exists` (a stored row), `check`. */
  rule: string;
  limit?: number | string;
  /** Human readable (Spanish), naming the value or the row it repeats. */
  message: string;
}

export interface BulkCreateResult {
  /** Rows written: 0 on a dry run and whenever any row has an error (nothing is written then). */
  created: number;
  dryRun: boolean;
  /** Rows without any error: what a run would create if the others were fixed. */
  valid: number;
  /** The errors in row order, at most MAX_BULK_ERRORS of them. */
  errors: BulkCreateError[];
  /** How many errors there were in all (more than `errors` lists when it was cut). */
  errorCount: number;
}

/** `GET /{table}/labels`: a row's key and the words that name it, a page of them (the contract's, contracts/tables.ts). */
export type { LabelOption, LabelPage } from './contracts/tables';

/** One table whose rows still point at a row that a delete was refused for. */
export interface ReferencingRows {
  table: string;
  /** The referencing columns. */
  columns: string[];
  count: number;
}
