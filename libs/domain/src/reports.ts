/**
 * The alerts and messages reports (`/api/sense/reports/*`): their rows (`Static<>` of the
 * contract, contracts/reports.ts), the sorts and filters the API accepts, and the CSV export's
 * headers. Shared by the API, the console and the fixtures, so a mock that drifts from the
 * contract fails the type check.
 */
import type { Static } from 'typebox';
import type { PaginatedRows } from './sense-api';
import type {
  AlertaFilterOptionsSchema,
  AlertaReportPageSchema,
  AlertaReportRowSchema,
  MensajeContactoSchema,
  MensajeFilterOptionsSchema,
  MensajeReportPageSchema,
  MensajeReportRowSchema,
  ReportDownloadTokenSchema,
} from './contracts/reports';

/** One alert of the report (contracts/reports.ts says what each field holds). */
export type AlertaReportRow = Static<typeof AlertaReportRowSchema>;

/** The longest note an acknowledgement takes (the API refuses longer with 400 on `nota`). */
export const ACKNOWLEDGE_NOTE_MAX_LENGTH = 500;

/** `POST /api/alerts/{alertaid}/acknowledge`'s answer (the contract's, contracts/alerts.ts). */
export type { AcknowledgeAnswer } from './contracts/alerts';

/** The user behind a message's contact. */
export type MensajeContacto = Static<typeof MensajeContactoSchema>;
/** One message of the report: the `mensaje` columns with `contacto.usuario` embedded. */
export type MensajeReportRow = Static<typeof MensajeReportRowSchema>;

/** A report page: the rows, and the pagination with `next`, the cursor of the page after it (null on the last). */
export interface ReportPage<Row> extends PaginatedRows<Row> {
  pagination: PaginatedRows<Row>['pagination'] & { next: string | null };
}
export type AlertaReportPage = Static<typeof AlertaReportPageSchema>;
export type MensajeReportPage = Static<typeof MensajeReportPageSchema>;

/**
 * The deepest a report (or table) page by number starts, in rows from either end (the API's
 * MAX_PAGE_OFFSET): pages between are reached with `pagination.next`, a jump to them is a 400.
 */
export const REPORT_MAX_PAGE_OFFSET = 10_000;

/** The pages a pager may jump to by number: the first and last ones within REPORT_MAX_PAGE_OFFSET rows of either end. */
export function reachablePage(page: number, pageSize: number, totalPages: number): boolean {
  const deepest = Math.floor(REPORT_MAX_PAGE_OFFSET / pageSize) + 1;
  if (page <= deepest) return true;
  // From the end: the page's rows after it fit within the bound (the API reads it backwards).
  const rowsAfter = (totalPages - page) * pageSize;
  return rowsAfter <= REPORT_MAX_PAGE_OFFSET;
}

/** The columns the alerts report sorts by (the API's whitelist; anything else is a 400). */
export const ALERTA_SORT_COLUMNS = ['alertaid', 'umbral', 'valor', 'fecha', 'datecreated', 'statusid'] as const;
export type AlertaSortColumn = (typeof ALERTA_SORT_COLUMNS)[number];

/** The columns the messages report sorts by; `contacto` is the name the contact cell shows. */
export const MENSAJE_SORT_COLUMNS = ['mensajeid', 'contacto', 'mensaje', 'fecha', 'datecreated', 'statusid'] as const;
export type MensajeSortColumn = (typeof MENSAJE_SORT_COLUMNS)[number];

/** Both reports open on the newest date first. */
export const REPORT_DEFAULT_SORT = { sortBy: 'fecha', sortOrder: 'desc' } as const;

/** The alerts report's state filter: active (1), processed (-1, acknowledged), closed (0). */
export const ALERTA_STATES = ['activa', 'procesada', 'cerrada'] as const;
export type AlertaState = (typeof ALERTA_STATES)[number];

/** The global selection (country, company, farm) that scopes both reports; the narrowest given wins. */
export interface ReportScope {
  paisId?: number | null;
  empresaId?: number | null;
  fundoId?: number | null;
}

/** A date range of both reports: ISO 8601 instants, `desde` included, `hasta` excluded. */
export interface ReportDateRange {
  desde?: string | null;
  hasta?: string | null;
}

export interface AlertaReportFilters extends ReportScope, ReportDateRange {
  /** Only alerts in this state. */
  estado?: AlertaState | null;
  criticidadId?: number | null;
  ubicacionId?: number | null;
  /** Only alerts of this node's thresholds. */
  nodoId?: number | null;
}

/** The messages report's state filter: sent (1), failed (0), processed (-1). */
export const MENSAJE_STATES = ['enviado', 'fallido', 'procesado'] as const;
export type MensajeState = (typeof MENSAJE_STATES)[number];

/**
 * What narrows the messages report: date, contact, state, channel (the contact's medio: SMS or
 * e-mail), and the global selection (through the alert's or the episode's location).
 */
export interface MensajeReportFilters extends ReportScope, ReportDateRange {
  contactoId?: number | null;
  estado?: MensajeState | null;
  medioId?: number | null;
}

/** `GET /api/sense/reports/alertas/filtros`: the options of the alerts filter panel. */
export type AlertaFilterOptions = Static<typeof AlertaFilterOptionsSchema>;
/** `GET /api/sense/reports/mensajes/filtros`: the options of the messages filter panel. */
export type MensajeFilterOptions = Static<typeof MensajeFilterOptionsSchema>;
/** `GET /api/sense/reports/download-token`: a short-lived token for one CSV download link. */
export type ReportDownloadToken = Static<typeof ReportDownloadTokenSchema>;

/**
 * A table status view's CSV (docs/operations.md, "Table CSV files"): each foreign key keeps its id
 * under its own header (`nodoid`), and the row it names follows in a column of its own,
 * `nodoid_nombre`, which an import reads only where the id is empty.
 */
export const CSV_NAME_SUFFIX = '_nombre';

/** The name column that follows foreign key `column` in a table's CSV. */
export const csvNameColumn = (column: string): string => `${column}${CSV_NAME_SUFFIX}`;

export const REPORT_LANGUAGES = ['es', 'en'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** The alerts CSV's headers, in column order: each in Spanish and in English, side by side. */
const ALERTA_CSV_HEADERS = [
  ['ID de alerta', 'Alert ID'],
  ['Umbral', 'Threshold'],
  ['Criticidad', 'Criticality'],
  ['Nodo', 'Node'],
  ['Ubicación', 'Location'],
  ['Métrica', 'Metric'],
  ['Unidad', 'Unit'],
  ['Mínimo', 'Minimum'],
  ['Máximo', 'Maximum'],
  ['Valor', 'Value'],
  ['Fecha de alerta', 'Alert date'],
  ['Fecha de creación', 'Creation date'],
  ['Estado', 'Status'],
  ['Reconocida por', 'Acknowledged by'],
  ['Fecha de reconocimiento', 'Acknowledgement date'],
  ['Nota de reconocimiento', 'Acknowledgement note'],
] as const;

/** The CSV export's headers and status labels in each language (the console's dictionaries hold the same words). */
export const REPORT_CSV_TEXTS = {
  es: {
    alertas: ALERTA_CSV_HEADERS.map(([spanish]) => spanish),
    mensajes: ['ID de mensaje', 'Contacto', 'Mensaje', 'Fecha', 'Fecha de creación', 'Estado', 'ID de alerta'],
    status: { active: 'Activo', inactive: 'Inactivo', processed: 'PROCESADA', unknown: 'DESCONOCIDO' },
    /** Who acknowledged, when they have no first or last name: never their login. */
    user: 'Usuario {id}',
  },
  en: {
    alertas: ALERTA_CSV_HEADERS.map(([, english]) => english),
    mensajes: ['Message ID', 'Contact', 'Message', 'Date', 'Creation date', 'Status', 'Alert ID'],
    status: { active: 'Active', inactive: 'Inactive', processed: 'PROCESSED', unknown: 'UNKNOWN' },
    user: 'User {id}',
  },
} as const satisfies Record<ReportLanguage, unknown>;

/** Status values of alerts and messages (spec section 4). */
export type ReportStatusKind = 'active' | 'inactive' | 'processed' | 'unknown';

export function reportStatusKind(statusid: number | null | undefined): ReportStatusKind {
  if (statusid === 1) return 'active';
  if (statusid === 0) return 'inactive';
  if (statusid === -1) return 'processed';
  return 'unknown';
}
