import { Button, Stack } from '@chakra-ui/react';
import { reachablePage, REPORT_PAGE_SIZE } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
// eslint-disable-next-line no-restricted-imports -- a page the API refused as too deep: not a failed load, so no retry
import { ErrorState, Pager } from '@camposense/ui';
import type { ReportPaging } from './use-report-paging';

export interface ReportPagerProps {
  /** The report's paging (useReportPaging). */
  paging: Pick<ReportPaging<string>, 'page' | 'setPage' | 'nextPage' | 'previousPage' | 'canGoPrevious'>;
  /** The answer's pagination: its page, its pages and the cursor of the page after it. */
  pagination: { page?: number; totalPages: number; pageSize?: number; next?: string | null };
}

/**
 * A report's pager: SIGUIENTE follows the answer's cursor (any depth), ANTERIOR goes back through
 * the cursors walked, and the only jumps by number are the first and the last page, which the API
 * answers however big the report is.
 */
export function ReportPager({ paging, pagination }: ReportPagerProps) {
  const pageSize = pagination.pageSize ?? REPORT_PAGE_SIZE;
  return (
    <Pager
      page={paging.page}
      totalPages={pagination.totalPages}
      onPageChange={paging.setPage}
      onNext={() => {
        // While the page asked for loads, the answer shown is the one before it (kept on screen): its
        // cursor opens the page already on its way, not the one after. A second SIGUIENTE then goes
        // by number where the API answers it, and waits for the page otherwise; before, it opened
        // the page being loaded again under the next page's number.
        if (pagination.page === undefined || pagination.page === paging.page) paging.nextPage(pagination.next);
        else if (reachablePage(paging.page + 1, pageSize, pagination.totalPages)) paging.setPage(paging.page + 1);
      }}
      onPrevious={paging.previousPage}
      previousUnavailable={!paging.canGoPrevious(pageSize, pagination.totalPages)}
      showEnds
    />
  );
}

export interface DeepPageRefusedProps {
  /** Back to page 1 of the same report. */
  onBack: () => void;
}

/** What a report shows when the API refused a page number as too deep (400 on `page`): why, and the way back. */
export function DeepPageRefused({ onBack }: DeepPageRefusedProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="0" pb="6">
      <ErrorState title={t('reports.pager.tooDeepTitle')} message={t('reports.pager.tooDeep')} maxW="40rem" minH="10rem" />
      <Button colorPalette="brand" variant="solid" onClick={onBack}>
        {t('reports.pager.backToFirst')}
      </Button>
    </Stack>
  );
}
