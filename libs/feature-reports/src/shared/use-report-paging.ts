import { useState } from 'react';
import type { ReportSort } from './report-table';

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
