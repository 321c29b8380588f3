import type { SortDirection } from '@camposense/domain';
import type { DataTableSort } from '@camposense/ui';
import { useState } from 'react';

/** A report's order as its API call takes it. */
export interface ReportSort<SortColumn extends string> {
  sortBy: SortColumn;
  sortOrder: SortDirection;
}

export interface ReportPaging<SortColumn extends string> {
  page: number;
  setPage: (page: number) => void;
  sort: ReportSort<SortColumn>;
  setSort: (sort: ReportSort<SortColumn>) => void;
}

/**
 * Page and sort of a report. The page belongs to one selection: when `selectionKey` (the filters)
 * or the sort changes, the report starts again at page 1, since the old page may not exist.
 */
export function useReportPaging<SortColumn extends string>(
  initialSort: ReportSort<SortColumn>,
  selectionKey = '',
): ReportPaging<SortColumn> {
  const [sort, setSortState] = useState(initialSort);
  const [paging, setPaging] = useState({ page: 1, key: selectionKey });
  const page = paging.key === selectionKey ? paging.page : 1;
  return {
    page,
    setPage: (next) => setPaging({ page: next, key: selectionKey }),
    sort,
    setSort: (next) => {
      setSortState(next);
      setPaging({ page: 1, key: selectionKey });
    },
  };
}

/** The report's order as the data table shows it, and back. */
export function tableSort<SortColumn extends string>(sort: ReportSort<SortColumn>): DataTableSort<SortColumn> {
  return { column: sort.sortBy, direction: sort.sortOrder };
}

export function reportSort<SortColumn extends string>(sort: DataTableSort<SortColumn>): ReportSort<SortColumn> {
  return { sortBy: sort.column, sortOrder: sort.direction };
}
