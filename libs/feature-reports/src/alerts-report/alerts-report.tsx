import { Stack, Text } from '@chakra-ui/react';
import { downloadReportCsv, useAlertasReport } from '@camposense/data-access';
import { REPORT_DEFAULT_SORT } from '@camposense/domain';
import type { AlertaReportRow, AlertaSortColumn } from '@camposense/domain';
import { localeOf, useTranslation } from '@camposense/i18n';
import { DataTable, DateCell, Pager, QueryState, StatusBadge } from '@camposense/ui';
import type { DataTableColumn } from '@camposense/ui';
import { useMemo } from 'react';
import { ReportFrame } from '../shared/report-frame';
import { reportSort, tableSort, useReportPaging } from '../shared/use-report-paging';
import { measurementText, thresholdText } from './alert-cells';
import { AlertFiltersProvider, useAlertFilters } from './alert-filters';
import { AlertFiltersPanel } from './alert-filters-panel';

/** The alerts report (`reportes-alertas`), inside its own filters provider as the spec wants. */
export function AlertsReport() {
  return (
    <AlertFiltersProvider>
      <Stack gap="4" p="4">
        <AlertFiltersPanel />
        <AlertsRegistry />
      </Stack>
    </AlertFiltersProvider>
  );
}

function AlertsRegistry() {
  const { t, i18n } = useTranslation();
  const { filters } = useAlertFilters();
  const selectionKey = JSON.stringify(filters);
  const { page, setPage, sort, setSort } = useReportPaging<AlertaSortColumn>(REPORT_DEFAULT_SORT, selectionKey);
  const { data, error, isValidating, mutate } = useAlertasReport({ page, ...sort, ...filters });
  const locale = localeOf(i18n.language);

  const columns = useMemo<DataTableColumn<AlertaReportRow, AlertaSortColumn>[]>(
    () => [
      { id: 'alertaid', header: t('reports.alerts.columns.alertaid'), sortKey: 'alertaid', cell: (row) => row.alertaid },
      { id: 'umbral', header: t('reports.alerts.columns.umbral'), sortKey: 'umbral', cell: (row) => thresholdText(row, t) },
      {
        id: 'medicion',
        header: t('reports.alerts.columns.medicion'),
        sortKey: 'valor',
        cell: (row) => <Text as="span" whiteSpace="nowrap">{measurementText(row, t, locale)}</Text>,
      },
      { id: 'fecha', header: t('reports.alerts.columns.fecha'), sortKey: 'fecha', cell: (row) => <DateCell value={row.fecha} /> },
      {
        id: 'datecreated',
        header: t('reports.alerts.columns.datecreated'),
        sortKey: 'datecreated',
        cell: (row) => <DateCell value={row.datecreated} />,
      },
      { id: 'statusid', header: t('reports.alerts.columns.statusid'), sortKey: 'statusid', cell: (row) => <StatusBadge statusid={row.statusid} /> },
    ],
    [t, locale],
  );

  // Retry shows the spinner again (spec: retry returns to loading); an error clears the list.
  return (
    <QueryState
      data={data}
      error={error}
      isValidating={isValidating}
      onRetry={() => void mutate()}
      loadingLabel={t('reports.loading')}
      loadingDetail={t('nav.alertas')}
      errorMessage={t('errors.loadAlerts')}
      isEmpty={(answer) => answer.pagination.total === 0}
      emptyTitle={t('reports.noData')}
      emptyDescription={t('reports.alerts.empty')}
    >
      {(answer) => (
        <ReportFrame
          title={t('reports.alerts.title')}
          total={answer.pagination.total}
          onExport={() => downloadReportCsv({ report: 'alertas', filters, sort, lang: i18n.language })}
        >
          <DataTable
            label={t('reports.alerts.tableLabel')}
            columns={columns}
            rows={answer.data}
            rowKey={(row) => String(row.alertaid)}
            sort={tableSort(sort)}
            onSortChange={(next) => setSort(reportSort(next))}
            busy={isValidating}
          />
          <Pager page={page} totalPages={answer.pagination.totalPages} onPageChange={setPage} />
        </ReportFrame>
      )}
    </QueryState>
  );
}
