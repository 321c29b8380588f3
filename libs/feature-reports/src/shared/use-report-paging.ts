import { isApiError } from '@camposense/data-access';
import { reachablePage } from '@camposense/domain';
import type { SortDirection } from '@camposense/domain';
import type { DataTableSort } from '@camposense/ui';
import { useState } from 'react';

/** A report's order as its API call takes it. */
export interface ReportSort<SortColumn extends string> {
  sortBy: SortColumn;
  sortOrder: SortDirection;
}

/** Where the report stands: a page, and the cursor that opened it when it was reached by Next. */
interface Position {
  page: number;
  /** The `after` cursor of this page (null: asked by number). */
  after: string | null;
  /** The cursors of the pages walked by Next, by page number, so Previous can go back past the API's bound. */
  trail: Readonly<Record<number, string>>;
  /** The selection (filters and sort) the position belongs to. */
  key: string;
}

export interface ReportPaging<SortColumn extends string> {
  page: number;
  /** The cursor the page is asked with (`after`), or undefined when asked by number. */
  after: string | undefined;
  /** Jumps to a page by number (first, last, or any the API accepts). */
  setPage: (page: number) => void;
  /** The page after this one: by the answer's `pagination.next` when it gave one, so Next reaches any depth. */
  nextPage: (next: string | null | undefined) => void;
  /** The page before: by the cursor it was reached with, else by number. */
  previousPage: () => void;
  /** Whether Previous can be asked for: a page the API answers by number, or one walked through. */
  canGoPrevious: (pageSize: number, totalPages: number) => boolean;
  sort: ReportSort<SortColumn>;
  setSort: (sort: ReportSort<SortColumn>) => void;
}

/**
 * Page and sort of a report. The page belongs to one selection: when `selectionKey` (the filters)
 * or the sort changes, the report starts again at page 1, since the old page may not exist.
 * Pages by number reach 10,000 rows from either end of a report (the API's bound); Next follows
 * the answer's cursor, so an operator can walk as deep as they like, and Previous goes back
 * through the cursors walked.
 */
export function useReportPaging<SortColumn extends string>(
  initialSort: ReportSort<SortColumn>,
  selectionKey = '',
): ReportPaging<SortColumn> {
  const [sort, setSortState] = useState(initialSort);
  const key = `${selectionKey}|${sort.sortBy}|${sort.sortOrder}`;
  const start: Position = { page: 1, after: null, trail: {}, key };
  const [stored, setPosition] = useState<Position>(start);
  const position = stored.key === key ? stored : start;
  const byNumber = (page: number) => setPosition({ page, after: null, trail: position.trail, key });
  return {
    page: position.page,
    after: position.after ?? undefined,
    setPage: byNumber,
    nextPage: (next) => {
      const page = position.page + 1;
      if (!next) return byNumber(page);
      setPosition({ page, after: next, trail: { ...position.trail, [page]: next }, key });
    },
    previousPage: () => {
      const page = position.page - 1;
      const after = position.trail[page];
      if (after) setPosition({ page, after, trail: position.trail, key });
      else byNumber(page);
    },
    canGoPrevious: (pageSize, totalPages) => {
      const page = position.page - 1;
      return page >= 1 && (page === 1 || position.trail[page] !== undefined || reachablePage(page, pageSize, totalPages));
    },
    sort,
    setSort: (next) => {
      setSortState(next);
    },
  };
}

/** Whether a report answer failed because its page number is past the API's bound (400 naming `page`, rule `maximum`). */
export function isDeepPageRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const details = (error.body as { error?: { details?: { field?: string; rule?: string }[] } } | null)?.error?.details;
  return details?.some((detail) => detail.field === 'page' && detail.rule === 'maximum') ?? false;
}

/** The report's order as the data table shows it, and back. */
export function tableSort<SortColumn extends string>(sort: ReportSort<SortColumn>): DataTableSort<SortColumn> {
  return { column: sort.sortBy, direction: sort.sortOrder };
}

export function reportSort<SortColumn extends string>(sort: DataTableSort<SortColumn>): ReportSort<SortColumn> {
  return { sortBy: sort.column, sortOrder: sort.direction };
}
