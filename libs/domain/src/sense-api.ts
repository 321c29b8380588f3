/** The answers of the /api/sense calls (api.md, "The sense calls"), shared by API and console. */
import type { Static } from 'typebox';
import type { CursorPaginationSchema, PaginationSchema } from './contracts/reports';

/** Any table's row as the generic calls answer it: column names to values, dates as ISO strings. */
export type TableRow = Record<string, unknown>;

/**
 * A page's pagination (contracts/reports.ts). The table pages (`/api/sense/{table}`) and the report
 * pages (`/api/sense/reports/*`) add `next`: the cursor of the next page for `after=`, null on the
 * last. Pages by number reach MAX_PAGE_OFFSET rows from either end (10,000); deeper pages are
 * reached by following this cursor.
 */
export type Pagination = Static<typeof PaginationSchema> & Partial<Pick<Static<typeof CursorPaginationSchema>, 'next'>>;

export interface PaginatedRows<Row = TableRow> {
  data: Row[];
  pagination: Pagination;
}

/** The reading calls' answers (the contract's, contracts/readings.ts). */
export type { MedicionReading, CountAnswer, NodoConLocalizacion } from './contracts/readings';

/** What the catalogue says of a table: `/columns`, `/info`, `/constraints` (the contract's, contracts/tables.ts). */
export type { TableColumn, TableInfo, TableConstraint } from './contracts/tables';

/** `POST /{table}/bulk`: the massive import's request, a row's problem and the result (the contract's, contracts/tables.ts). */
export type { BulkCreateRequest, BulkCreateError, BulkCreateResult } from './contracts/tables';

/** `GET /{table}/labels`: a row's key and the words that name it, a page of them (the contract's, contracts/tables.ts). */
export type { LabelOption, LabelPage } from './contracts/tables';

/** One table whose rows still point at a row that a delete was refused for. */
export interface ReferencingRows {
  table: string;
  /** The referencing columns. */
  columns: string[];
  count: number;
}
