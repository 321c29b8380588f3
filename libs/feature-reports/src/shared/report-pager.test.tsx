import { render } from '@camposense/ui/testing';
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReportPager } from './report-pager';
import { useReportPaging } from './use-report-paging';

const SORT = { sortBy: 'fecha', sortOrder: 'desc' } as const;

/** The answers of a 3-page report: each page's cursor opens the page after it. */
const answerOf = (page: number) => ({ page, pageSize: 20, totalPages: 3, next: page < 3 ? `cursor-${page + 1}` : null });

describe('ReportPager', () => {
  it('opens the page after the one asked for when SIGUIENTE is pressed again before it has come', async () => {
    const paging = renderHook(() => useReportPaging<'fecha'>(SORT));
    // The answer shown: page 1's, kept on screen while the page asked for loads.
    const { rerender } = render(<ReportPager paging={paging.result.current} pagination={answerOf(1)} />);
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    expect(paging.result.current).toMatchObject({ page: 2, after: 'cursor-2' });
    // Page 2 is on its way; page 1's answer is still shown, and SIGUIENTE is pressed again.
    rerender(<ReportPager paging={paging.result.current} pagination={answerOf(1)} />);
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    // Page 3, by number: page 1's cursor would have opened page 2 again, under page 3's number.
    expect(paging.result.current).toMatchObject({ page: 3, after: undefined });
  });

  it("follows the answer's cursor once the page shown is the one asked for", async () => {
    const paging = renderHook(() => useReportPaging<'fecha'>(SORT));
    act(() => paging.result.current.nextPage('cursor-2'));
    render(<ReportPager paging={paging.result.current} pagination={answerOf(2)} />);
    await userEvent.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    expect(paging.result.current).toMatchObject({ page: 3, after: 'cursor-3' });
  });
});
