import { Stack, Text } from '@chakra-ui/react';
import { downloadReportCsv, useAlertasReport } from '@camposense/data-access';
import { REPORT_DEFAULT_SORT } from '@camposense/domain';
import type { AlertaReportRow, AlertaSortColumn } from '@camposense/domain';
import { localeOf, useTranslation } from '@camposense/i18n';
import { EmptyState, ErrorState, LoadingState } from '@camposense/ui';
import { useMemo } from 'react';
import { DateCell } from '../shared/date-cell';
import { ReportFrame } from '../shared/report-frame';
import { ReportPager } from '../shared/report-pager';
import { ReportTable } from '../shared/report-table';
import type { ReportColumn } from '../shared/report-table';
import { StatusBadge } from '../shared/status-badge';
import { useReportPaging } from '../shared/use-report-paging';
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

  const columns = useMemo<ReportColumn<AlertaReportRow, AlertaSortColumn>[]>(
    () => [
      { id: 'alertaid', header: t('reports.alerts.columns.alertaid'), sortBy: 'alertaid', cell: (row) => row.alertaid },
      { id: 'umbral', header: t('reports.alerts.columns.umbral'), sortBy: 'umbral', cell: (row) => thresholdText(row, t) },
      {
        id: 'medicion',
        header: t('reports.alerts.columns.medicion'),
        sortBy: 'valor',
        cell: (row) => <Text as="span" whiteSpace="nowrap">{measurementText(row, t, locale)}</Text>,
      },
      { id: 'fecha', header: t('reports.alerts.columns.fecha'), sortBy: 'fecha', cell: (row) => <DateCell value={row.fecha} /> },
      {
        id: 'datecreated',
        header: t('reports.alerts.columns.datecreated'),
        sortBy: 'datecreated',
        cell: (row) => <DateCell value={row.datecreated} />,
      },
      { id: 'statusid', header: t('reports.alerts.columns.statusid'), sortBy: 'statusid', cell: (row) => <StatusBadge statusid={row.statusid} /> },
    ],
    [t, locale],
  );

  // Retry shows the spinner again (spec: retry returns to loading); an error clears the list.
  if (error) {
    return isValidating ? (
      <LoadingState label={t('reports.loading')} detail={t('nav.alertas')} />
    ) : (
      <ErrorState message={t('errors.loadAlerts')} onRetry={() => void mutate()} />
    );
  }
  if (!data) return <LoadingState label={t('reports.loading')} detail={t('nav.alertas')} />;
  if (data.pagination.total === 0) return <EmptyState title={t('reports.noData')} description={t('reports.alerts.empty')} />;

  return (
    <ReportFrame
      title={t('reports.alerts.title')}
      total={data.pagination.total}
      onExport={() => downloadReportCsv({ report: 'alertas', filters, sort, lang: i18n.language })}
    >
      <ReportTable
        label={t('reports.alerts.tableLabel')}
        columns={columns}
        rows={data.data}
        rowKey={(row) => row.alertaid}
        sort={sort}
        onSortChange={setSort}
        busy={isValidating}
      />
      <ReportPager page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />
    </ReportFrame>
  );
}
