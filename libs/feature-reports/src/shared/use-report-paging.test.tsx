import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReportPaging } from './use-report-paging';

const SORT = { sortBy: 'fecha', sortOrder: 'desc' } as const;

describe('useReportPaging', () => {
  it('follows the cursor for Next, so a report can be walked past the pages a number reaches, and goes back through it', () => {
    const { result } = renderHook(() => useReportPaging<'fecha'>(SORT, 'filters'));
    act(() => result.current.setPage(501));
    expect(result.current).toMatchObject({ page: 501, after: undefined });
    act(() => result.current.nextPage('cursor-502'));
    expect(result.current).toMatchObject({ page: 502, after: 'cursor-502' });
    act(() => result.current.nextPage('cursor-503'));
    expect(result.current).toMatchObject({ page: 503, after: 'cursor-503' });
    // Page 502 is out of reach by number in a report of 3,000 pages, but it was walked through.
    expect(result.current.canGoPrevious(20, 3000)).toBe(true);
    act(() => result.current.previousPage());
    expect(result.current).toMatchObject({ page: 502, after: 'cursor-502' });
    act(() => result.current.previousPage());
    expect(result.current).toMatchObject({ page: 501, after: undefined });
  });

  it('offers Previous by number only where the API answers it: near either end, or page 1', () => {
    const { result } = renderHook(() => useReportPaging<'fecha'>(SORT, 'filters'));
    act(() => result.current.setPage(3000));
    expect(result.current.canGoPrevious(20, 3000)).toBe(true);
    act(() => result.current.setPage(1500));
    expect(result.current.canGoPrevious(20, 3000)).toBe(false);
    act(() => result.current.setPage(2));
    expect(result.current.canGoPrevious(20, 3000)).toBe(true);
    // Without a cursor (an answer that gave none) Next asks the page by number.
    act(() => result.current.nextPage(null));
    expect(result.current).toMatchObject({ page: 3, after: undefined });
  });

  it('starts again at page 1, without cursors, when the filters or the sort change', () => {
    const { result, rerender } = renderHook(({ key }) => useReportPaging<'fecha' | 'statusid'>(SORT, key), { initialProps: { key: 'a' } });
    act(() => result.current.nextPage('cursor-2'));
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ page: 1, after: undefined });
    act(() => result.current.nextPage('cursor-2b'));
    act(() => result.current.setSort({ sortBy: 'statusid', sortOrder: 'asc' }));
    expect(result.current).toMatchObject({ page: 1, after: undefined });
  });
});
