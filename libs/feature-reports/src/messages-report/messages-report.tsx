import { Stack } from '@chakra-ui/react';
import { downloadReportCsv, useGlobalFilters, useMensajesReport } from '@camposense/data-access';
import { REPORT_DEFAULT_SORT } from '@camposense/domain';
import type { MensajeReportFilters, MensajeReportRow, MensajeSortColumn } from '@camposense/domain';
import { useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { DataTable, DateCell, QueryState, StatusBadge } from '@camposense/ui';
import type { DataTableColumn } from '@camposense/ui';
import { useMemo, useState } from 'react';
import { dayRangeInstants } from '../shared/day-range';
import { ReportFrame } from '../shared/report-frame';
import { reportQueryProps } from '../shared/report-query';
import { DeepPageRefused, ReportPager } from '../shared/report-pager';
import { isDeepPageRefusal, reportSort, tableSort, useReportPaging } from '../shared/use-report-paging';
import { contactName, MessageText } from './message-cells';
import { isNarrowed, MessageFiltersPanel, NO_MESSAGE_CHOICES } from './message-filters-panel';

/**
 * The messages report (`reportes-mensajes`): every message of the global Pais / Empresa / Fundo
 * selection and the panel's filters, paged and sorted by the API.
 */
export function MessagesReport() {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const { paisId, empresaId, fundoId } = useGlobalFilters();
  const [choices, setChoices] = useState(NO_MESSAGE_CHOICES);
  const filters = useMemo<MensajeReportFilters>(
    () => ({
      contactoId: choices.contactoId,
      estado: choices.estado,
      medioId: choices.medioId,
      ...dayRangeInstants(choices.days, timeZone),
      paisId,
      empresaId,
      fundoId,
    }),
    [choices, timeZone, paisId, empresaId, fundoId],
  );
  const paging = useReportPaging<MensajeSortColumn>(REPORT_DEFAULT_SORT, JSON.stringify(filters));
  const { page, after, sort, setSort } = paging;
  const report = useMensajesReport({ page, after, ...sort, ...filters });

  const columns = useMemo<DataTableColumn<MensajeReportRow, MensajeSortColumn>[]>(
    () => [
      { id: 'mensajeid', header: t('reports.messages.columns.mensajeid'), sortKey: 'mensajeid', cell: (row) => row.mensajeid },
      { id: 'contacto', header: t('reports.messages.columns.contacto'), sortKey: 'contacto', cell: (row) => contactName(row, t) },
      {
        id: 'mensaje',
        header: t('reports.messages.columns.mensaje'),
        sortKey: 'mensaje',
        // The message column takes the width the others leave.
        width: '100%',
        cell: (row) => (
          <MessageText
            text={row.mensaje}
            title={t('reports.messages.fullTitle', { id: row.mensajeid })}
            showFullLabel={t('reports.messages.showFull')}
          />
        ),
      },
      { id: 'fecha', header: t('reports.messages.columns.fecha'), sortKey: 'fecha', cell: (row) => <DateCell value={row.fecha} /> },
      {
        id: 'datecreated',
        header: t('reports.messages.columns.datecreated'),
        sortKey: 'datecreated',
        cell: (row) => <DateCell value={row.datecreated} />,
      },
      { id: 'statusid', header: t('reports.messages.columns.statusid'), sortKey: 'statusid', cell: (row) => <StatusBadge statusid={row.statusid} /> },
    ],
    [t],
  );

  // Retry shows the spinner again; an error clears the list (spec section 8).
  return (
    <Stack gap="4" p="4">
      <MessageFiltersPanel value={choices} onChange={setChoices} />
      {isDeepPageRefusal(report.error) && !report.isValidating ? (
        <DeepPageRefused onBack={() => paging.setPage(1)} />
      ) : (
      <QueryState
        {...reportQueryProps(report, {
          loadingLabel: t('reports.loading'),
          loadingDetail: t('nav.mensajes'),
          errorMessage: t('errors.loadMessages'),
          emptyTitle: t('reports.messages.empty'),
          emptyDescription: isNarrowed(choices) ? t('reports.messages.emptyFiltered') : t('reports.messages.emptyDescription'),
        })}
      >
        {(answer) => (
          <ReportFrame
            title={t('reports.messages.title')}
            total={answer.pagination.total}
            onExport={() => downloadReportCsv({ report: 'mensajes', filters, sort, lang: i18n.language, timeZone })}
          >
            <DataTable
              label={t('reports.messages.tableLabel')}
              phoneLayout="cards"
              columns={columns}
              rows={answer.data}
              rowKey={(row) => String(row.mensajeid)}
              sort={tableSort(sort)}
              onSortChange={(next) => setSort(reportSort(next))}
              busy={report.isValidating}
            />
            <ReportPager paging={paging} pagination={answer.pagination} />
          </ReportFrame>
        )}
      </QueryState>
      )}
    </Stack>
  );
}
