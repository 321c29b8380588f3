import { Box } from '@chakra-ui/react';
import { downloadReportCsv, useMensajesReport } from '@camposense/data-access';
import { REPORT_DEFAULT_SORT } from '@camposense/domain';
import type { MensajeReportRow, MensajeSortColumn } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { EmptyState, ErrorState, LoadingState } from '@camposense/ui';
import { useMemo } from 'react';
import { DateCell } from '../shared/date-cell';
import { ReportFrame } from '../shared/report-frame';
import { ReportPager } from '../shared/report-pager';
import { ReportTable } from '../shared/report-table';
import type { ReportColumn } from '../shared/report-table';
import { StatusBadge } from '../shared/status-badge';
import { useReportPaging } from '../shared/use-report-paging';
import { contactName, MessageText } from './message-cells';

/** The messages report (`reportes-mensajes`): every message, paged and sorted by the API. */
export function MessagesReport() {
  const { t, i18n } = useTranslation();
  const { page, setPage, sort, setSort } = useReportPaging<MensajeSortColumn>(REPORT_DEFAULT_SORT);
  const { data, error, isValidating, mutate } = useMensajesReport({ page, ...sort });

  const columns = useMemo<ReportColumn<MensajeReportRow, MensajeSortColumn>[]>(
    () => [
      { id: 'mensajeid', header: t('reports.messages.columns.mensajeid'), sortBy: 'mensajeid', cell: (row) => row.mensajeid },
      { id: 'contacto', header: t('reports.messages.columns.contacto'), sortBy: 'contacto', cell: (row) => contactName(row, t) },
      { id: 'mensaje', header: t('reports.messages.columns.mensaje'), sortBy: 'mensaje', cell: (row) => <MessageText text={row.mensaje} /> },
      { id: 'fecha', header: t('reports.messages.columns.fecha'), sortBy: 'fecha', cell: (row) => <DateCell value={row.fecha} /> },
      {
        id: 'datecreated',
        header: t('reports.messages.columns.datecreated'),
        sortBy: 'datecreated',
        cell: (row) => <DateCell value={row.datecreated} />,
      },
      { id: 'statusid', header: t('reports.messages.columns.statusid'), sortBy: 'statusid', cell: (row) => <StatusBadge statusid={row.statusid} /> },
    ],
    [t],
  );

  let content;
  if (error) {
    // Retry shows the spinner again; an error clears the list (spec section 8).
    content = isValidating ? (
      <LoadingState label={t('reports.loading')} detail={t('nav.mensajes')} />
    ) : (
      <ErrorState message={t('errors.loadMessages')} onRetry={() => void mutate()} />
    );
  } else if (!data) {
    content = <LoadingState label={t('reports.loading')} detail={t('nav.mensajes')} />;
  } else if (data.pagination.total === 0) {
    content = <EmptyState title={t('reports.messages.empty')} description={t('reports.messages.emptyDescription')} />;
  } else {
    content = (
      <ReportFrame
        title={t('reports.messages.title')}
        total={data.pagination.total}
        onExport={() => downloadReportCsv({ report: 'mensajes', sort, lang: i18n.language })}
      >
        <ReportTable
          label={t('reports.messages.tableLabel')}
          columns={columns}
          rows={data.data}
          rowKey={(row) => row.mensajeid}
          sort={sort}
          onSortChange={setSort}
          busy={isValidating}
        />
        <ReportPager page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />
      </ReportFrame>
    );
  }
  return <Box p="4">{content}</Box>;
}
