import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  downloadReportCsv,
  useAcknowledgeAlertMutation,
  useAcknowledgeMatchingMutation,
  useAlertasReport,
  useNodosConLocalizacion,
  useOptionalDashboardFilters,
  useOptionalGlobalFilters,
  reportErrorDetail,
} from '@camposense/data-access';
import { REPORT_DEFAULT_SORT } from '@camposense/domain';
import type { AlertaReportFilters, AlertaReportRow, AlertaSortColumn } from '@camposense/domain';
import { formatDateTime, localeOf, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { ConfirmDialog, DataTable, DateCell, gradoPalette, QueryState, showToast, StatusBadge, useWriteLock } from '@camposense/ui';
import type { DataTableColumn } from '@camposense/ui';
import { ChartLine } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { ReportFrame } from '../shared/report-frame';
import { reportQueryProps } from '../shared/report-query';
import { DeepPageRefused, ReportPager } from '../shared/report-pager';
import { isDeepPageRefusal, reportSort, tableSort, useReportPaging } from '../shared/use-report-paging';
import { AcknowledgeEpisodeDialog } from '../shared/acknowledge-episode-dialog';
import { useReadOnlyReason } from '../shared/operate-access';
import { alertChartFocus } from './alert-chart';
import { limitsText, measurementText, metricText, thresholdText } from './alert-cells';
import { AlertFiltersProvider, useAlertFilters } from './alert-filters';
import { AlertFiltersPanel } from './alert-filters-panel';

export interface AlertsReportProps {
  /** The tab being shown (the console passes it to every report). */
  tab?: string;
  /**
   * Shows the dashboard, once an alert's row has set it to its node, days and threshold; without
   * it (or without the dashboard's filters) the rows have no chart action.
   */
  onOpenChart?: () => void;
}

/** The alerts report (`reportes-alertas`), inside its own filters provider as the spec wants. */
export function AlertsReport({ onOpenChart }: AlertsReportProps) {
  return (
    <AlertFiltersProvider>
      <Stack gap="4" p="4">
        <AlertFiltersPanel />
        <AlertsRegistry onOpenChart={onOpenChart} />
      </Stack>
    </AlertFiltersProvider>
  );
}

function AlertsRegistry({ onOpenChart }: Pick<AlertsReportProps, 'onOpenChart'>) {
  const { t, i18n } = useTranslation();
  // Offline the acknowledgements wait for the connection (issue 30, item 2).
  const writeLock = useWriteLock();
  const dashboard = useOptionalDashboardFilters();
  const nodes = useNodosConLocalizacion();
  const canOpenChart = Boolean(onOpenChart && dashboard);
  // Acknowledging needs the level operacion in the alert's company (issue 32): the global scope's
  // company when one is chosen, else the company of the threshold's node.
  const readOnlyReason = useReadOnlyReason();
  const scopedCompany = useOptionalGlobalFilters()?.empresaId ?? null;
  const companyOfNode = useMemo(() => new Map((nodes.data ?? []).map((node) => [node.nodoid, node.empresaid])), [nodes.data]);
  const readOnlyIn = useCallback(
    (row: AlertaReportRow) => readOnlyReason(scopedCompany ?? (row.umbral ? (companyOfNode.get(row.umbral.nodoid) ?? null) : null)),
    [readOnlyReason, scopedCompany, companyOfNode],
  );
  const bulkReadOnly = readOnlyReason(scopedCompany);
  const { timeZone } = useDisplayTimeZone();
  const openChart = useCallback(
    (row: AlertaReportRow) => {
      const focus = alertChartFocus(row, nodes.data, timeZone);
      if (!focus || !dashboard || !onOpenChart) return;
      dashboard.focus(focus);
      onOpenChart();
    },
    [dashboard, nodes.data, onOpenChart, timeZone],
  );
  const { filters, narrowed } = useAlertFilters();
  const { estado } = filters;
  const paging = useReportPaging<AlertaSortColumn>(REPORT_DEFAULT_SORT, JSON.stringify(filters));
  const { page, after, sort, setSort } = paging;
  const report = useAlertasReport({ page, after, ...sort, ...filters });
  const { data, isValidating, mutate } = report;
  const locale = localeOf(i18n.language);
  /** The row whose episode the operator is acknowledging (its dialog is open), and how that goes. */
  const [acknowledging, setAcknowledging] = useState<AlertaReportRow | null>(null);
  const acknowledgeOne = useAcknowledgeAlertMutation();
  const acknowledgeMatching = useAcknowledgeMatchingMutation();
  // A try under way hides the last one's failure.
  const acknowledgeFailed = acknowledgeOne.error !== undefined && !acknowledgeOne.isMutating;
  const failed = acknowledgeMatching.error !== undefined && !acknowledgeMatching.isMutating;
  const bulkPending = acknowledgeMatching.isMutating;
  /** The bulk action asks first: the dialog says how many active alerts it will acknowledge. */
  const [confirmingAll, setConfirmingAll] = useState(false);
  const readOnlyNoteId = useId();

  /**
   * Reloads the page after an acknowledgement without holding the action on it: the screen may be
   * gone by then (left, or a story ended), and SWR's cache with it, which makes mutate reject.
   */
  const refreshAfterAction = useCallback(() => {
    mutate().catch((error: unknown) => reportErrorDetail('alerts report refresh', error));
  }, [mutate]);

  /** Every active alert of the filters, on all pages (not only the rows shown). */
  const { trigger: triggerMatching } = acknowledgeMatching;
  const acknowledgeAll = useCallback(async () => {
    try {
      await triggerMatching(filters);
    } catch {
      // Said from the mutation's `error`.
    } finally {
      setConfirmingAll(false);
      refreshAfterAction();
    }
  }, [filters, refreshAfterAction, triggerMatching]);

  const { trigger: triggerOne, reset: resetOne } = acknowledgeOne;
  /** Acknowledges the row's episode with the note; a toast names how many alerts it took. */
  const acknowledgeEpisode = useCallback(
    async (row: AlertaReportRow, note: string) => {
      try {
        const answer = await triggerOne({ alertaid: row.alertaid, nota: note || undefined });
        setAcknowledging(null);
        showToast({
          type: 'success',
          title: t('reports.alerts.acknowledgedToastTitle'),
          message: answer.acknowledged > 0 ? t('reports.alerts.acknowledgedToast', { count: answer.acknowledged }) : t('reports.alerts.acknowledgedAlready'),
        });
      } catch {
        showToast({ type: 'error', title: t('reports.alerts.acknowledgeError') });
      } finally {
        refreshAfterAction();
      }
    },
    [refreshAfterAction, t, triggerOne],
  );

  const columns = useMemo<DataTableColumn<AlertaReportRow, AlertaSortColumn>[]>(
    () => [
      { id: 'alertaid', header: t('reports.alerts.columns.alertaid'), sortKey: 'alertaid', cell: (row) => row.alertaid },
      {
        id: 'criticidad',
        header: t('reports.alerts.columns.criticidad'),
        cell: (row) =>
          row.criticidad === null ? null : (
            <Badge colorPalette={gradoPalette(row.grado ?? 1)} variant="solid" size="sm">
              {row.criticidad}
            </Badge>
          ),
      },
      { id: 'umbral', header: t('reports.alerts.columns.umbral'), sortKey: 'umbral', cell: (row) => thresholdText(row, t) },
      { id: 'nodo', header: t('reports.alerts.columns.nodo'), cell: (row) => <Text as="span" whiteSpace="nowrap">{row.nodo}</Text> },
      { id: 'ubicacion', header: t('reports.alerts.columns.ubicacion'), cell: (row) => row.ubicacion },
      { id: 'metrica', header: t('reports.alerts.columns.metrica'), cell: (row) => metricText(row, t) },
      {
        id: 'limites',
        header: t('reports.alerts.columns.limites'),
        cell: (row) => <Text as="span" whiteSpace="nowrap">{limitsText(row, t, locale)}</Text>,
      },
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
      // The alert's state and what to do with it stay in view while the wide middle scrolls (issue 28
      // item 6): pinned at the end, with the chart after them, as the id is at the start.
      {
        id: 'statusid',
        header: t('reports.alerts.columns.statusid'),
        sortKey: 'statusid',
        pin: 'end',
        cell: (row) => <StatusBadge statusid={row.statusid} />,
      },
      {
        id: 'reconocida',
        pin: 'end',
        header: t('reports.alerts.columns.reconocida'),
        cell: (row) => {
          if (row.reconocidopor) {
            const { usuarioid, firstname, lastname } = row.reconocidopor;
            // By name; without one "Usuario {id}", never the login (an e-mail).
            const name = [firstname, lastname].filter(Boolean).join(' ') || t('reports.alerts.userFallback', { id: usuarioid });
            return (
              <Text as="span" whiteSpace="nowrap" title={row.notareconocido ?? undefined}>
                {t('reports.alerts.acknowledgedBy', { name, date: formatDateTime(row.fechareconocido, i18n.language, { timeZone }) ?? '' })}
              </Text>
            );
          }
          if (row.statusid !== 1) return null;
          const readOnly = readOnlyIn(row);
          // Hidden, not merely disabled: a reader has nothing to do here, and the reason stays at hand.
          if (readOnly)
            return (
              <Text as="span" whiteSpace="nowrap" fontSize="xs" color="fg.muted" title={readOnly}>
                {t('reports.access.readOnlyShort')}
              </Text>
            );
          return (
            <Button
              size="xs"
              variant="outline"
              disabled={writeLock.locked}
              title={writeLock.reason ?? undefined}
              onClick={(event) => {
                event.stopPropagation();
                resetOne();
                setAcknowledging(row);
              }}
            >
              {t('reports.alerts.acknowledgeEpisode', { count: Math.max(1, row.episodioactivas) })}
            </Button>
          );
        },
      },
      ...(canOpenChart
        ? [
            {
              id: 'grafico',
              header: t('reports.alerts.columns.grafico'),
              pin: 'end' as const,
              cell: (row: AlertaReportRow) =>
                row.umbral ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="brand"
                    aria-label={t('reports.alerts.openChart', { nodo: row.nodo ?? '', metrica: row.metrica ?? '' })}
                    title={t('reports.alerts.openChart', { nodo: row.nodo ?? '', metrica: row.metrica ?? '' })}
                    onClick={(event) => {
                      event.stopPropagation();
                      openChart(row);
                    }}
                  >
                    <ChartLine aria-hidden />
                    {t('reports.alerts.chart')}
                  </Button>
                ) : null,
            },
          ]
        : []),
    ],
    [t, locale, i18n.language, timeZone, canOpenChart, openChart, resetOne, writeLock, readOnlyIn],
  );
  // Processed or closed alerts have nothing to acknowledge; an empty selection neither.
  const nothingToAcknowledge = estado === 'procesada' || estado === 'cerrada' || (data?.pagination.total ?? 0) === 0;

  // A page number past the API's bound (a Last page that grew away, a stale link): why, and back.
  if (isDeepPageRefusal(report.error) && !report.isValidating) return <DeepPageRefused onBack={() => paging.setPage(1)} />;

  // Retry shows the spinner again (spec: retry returns to loading); an error clears the list.
  return (
    <QueryState
      {...reportQueryProps(report, {
        loadingLabel: t('reports.loading'),
        loadingDetail: t('nav.alertas'),
        errorMessage: t('errors.loadAlerts'),
        emptyTitle: t('reports.noData'),
        emptyDescription: narrowed ? t('reports.alerts.emptyFiltered') : t('reports.alerts.empty'),
      })}
    >
      {(answer) => (
        <ReportFrame
          title={t('reports.alerts.title')}
          total={answer.pagination.total}
          onExport={() => downloadReportCsv({ report: 'alertas', filters, sort, lang: i18n.language, timeZone })}
        >
          <HStack gap="3" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              disabled={nothingToAcknowledge || writeLock.locked || bulkReadOnly !== null}
              title={writeLock.reason ?? bulkReadOnly ?? undefined}
              aria-describedby={bulkReadOnly ? readOnlyNoteId : undefined}
              loading={bulkPending} loadingText={t('reports.alerts.acknowledgeAll')}
              onClick={() => setConfirmingAll(true)}
            >
              {t('reports.alerts.acknowledgeAll')}
            </Button>
            {bulkReadOnly && (
              <Text id={readOnlyNoteId} fontSize="sm" color="fg.muted">
                {bulkReadOnly}
              </Text>
            )}
            {acknowledging && (
              <AcknowledgeEpisodeDialog
                count={Math.max(1, acknowledging.episodioactivas)}
                busy={acknowledgeOne.isMutating}
                failed={acknowledgeFailed}
                onConfirm={(note) => void acknowledgeEpisode(acknowledging, note)}
                onCancel={() => setAcknowledging(null)}
              />
            )}
            {confirmingAll && (
              <AcknowledgeAllDialog
                filters={filters}
                busy={bulkPending}
                onConfirm={() => void acknowledgeAll()}
                onCancel={() => setConfirmingAll(false)}
              />
            )}
            {failed && (
              <Text role="alert" color="fg.error" fontSize="sm">
                {t('reports.alerts.acknowledgeError')}
              </Text>
            )}
          </HStack>
          <DataTable
            label={t('reports.alerts.tableLabel')}
            phoneLayout="cards"
            columns={columns}
            rows={answer.data}
            rowKey={(row) => String(row.alertaid)}
            sort={tableSort(sort)}
            onSortChange={(next) => setSort(reportSort(next))}
            busy={isValidating}
          />
          <ReportPager paging={paging} pagination={answer.pagination} />
        </ReportFrame>
      )}
    </QueryState>
  );
}

interface AcknowledgeAllDialogProps {
  filters: AlertaReportFilters;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before the bulk acknowledge and says how many active alerts it will take: the count is the
 * report itself filtered to active alerts (its total), asked only while the dialog is open.
 */
function AcknowledgeAllDialog({ filters, busy, onConfirm, onCancel }: AcknowledgeAllDialogProps) {
  const { t } = useTranslation();
  const active = useAlertasReport({ page: 1, ...REPORT_DEFAULT_SORT, ...filters, estado: 'activa' });
  const count = active.data?.pagination.total;
  let description: string;
  if (count !== undefined) description = t('reports.alerts.acknowledgeAllCount', { count });
  else if (active.error) description = t('reports.alerts.acknowledgeAllCountError');
  else description = t('reports.alerts.acknowledgeAllCounting');
  return (
    <ConfirmDialog
      open
      title={t('reports.alerts.acknowledgeAllTitle')}
      description={description}
      confirmLabel={t('reports.alerts.acknowledgeAllConfirm')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
