import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  downloadTableCsv,
  errorMessage,
  globalTableScope,
  useOptionalGlobalFilters,
  useReferenceLabelSets,
  useTableMeta,
  useTableRows,
  useTableTotal,
} from '@camposense/data-access';
import { REPORT_PAGE_SIZE } from '@camposense/domain';
import type { TableName, TableRow } from '@camposense/domain';
import { localeOf, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
import { DataTable, ErrorBox, FormField, Pager, QueryState, showToast } from '@camposense/ui';
import type { DataTableSort } from '@camposense/ui';
import { Download, Pencil } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { RowActions } from './row-actions';
import { referencedIds, rowKeyOf, statusColumns } from './status-columns';

export interface StatusViewProps {
  table: TableName;
  /** Opens the picked row in the update form; without it there is no update button. */
  onUpdateRow?: (row: TableRow) => void;
  /** An admin: the picked row can be switched active/inactive and deleted. @default false */
  canWrite?: boolean;
}

interface ViewState {
  page: number;
  sort: DataTableSort | null;
}

/**
 * The status sub-tab of any table: one page at a time from the server, sorted by any column,
 * searched across every text column, with "{filtered} de {total} registros". Nothing but the
 * page is loaded, so a table of 100,000 rows costs what a table of 20 does.
 */
export function StatusView({ table, onUpdateRow, canWrite = false }: StatusViewProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useDisplayTimeZone();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [view, setView] = useState<ViewState>({ page: 1, sort: null });
  const [selected, setSelected] = useState<TableRow | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const selectable = Boolean(onUpdateRow) || canWrite;
  const meta = useTableMeta(table);
  // Every table of the hierarchy follows the sidebar's country, company and farm: companies, farms
  // and locations by their parent column, the others (nodes, sensors, thresholds…) through the
  // API's joins.
  const global = useOptionalGlobalFilters();
  const scopeQuery = useMemo(
    () => globalTableScope(table, global && { paisId: global.paisId, empresaId: global.empresaId, fundoId: global.fundoId }),
    [table, global],
  );
  // Another scope is another list: back to its first page.
  const scopeKey = JSON.stringify(scopeQuery);
  useEffect(() => setView((current) => (current.page === 1 ? current : { ...current, page: 1 })), [scopeKey]);
  const rows = useTableRows(table, {
    filters: scopeQuery.filters,
    scope: scopeQuery.scope,
    page: view.page,
    pageSize: REPORT_PAGE_SIZE,
    search: deferredSearch,
    sortBy: view.sort?.column,
    sortOrder: view.sort?.direction,
  });
  const { total } = useTableTotal(table);
  const tableName = t(`tables.${table}`);
  // Only the page's foreign keys are named, one request per referenced table.
  const { labels } = useReferenceLabelSets(referencedIds(table, meta.data?.columns ?? [], rows.data?.data ?? []));
  const columns = useMemo(() => statusColumns(table, meta.data?.columns ?? [], t, labels, i18n.language), [table, meta.data, t, labels, i18n.language]);
  const number = new Intl.NumberFormat(localeOf(i18n.language));

  const loaded = meta.data && rows.data ? { rows: rows.data } : undefined;
  // The picked row as the page now has it (its status after a switch), else as it was picked.
  const selectedKey = selected ? rowKeyOf(table, selected) : null;
  const picked = (selectedKey && rows.data?.data.find((row) => rowKeyOf(table, row) === selectedKey)) || selected;
  return (
    <Stack gap="4" p="4">
      <HStack justify="space-between" align="end" wrap="wrap" gap="3">
        <FormField label={t('parameters.search')} maxW="24rem">
          <Input
            type="search"
            value={search}
            placeholder={t('parameters.searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setView((current) => ({ ...current, page: 1 }));
            }}
          />
        </FormField>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              // The same streaming link as the reports: the rows the view selects (search, sort, scope),
              // every page, the dates in the zone the screen shows.
              downloadTableCsv(table, {
                search: deferredSearch,
                sortBy: view.sort?.column,
                sortOrder: view.sort?.direction,
                filters: scopeQuery.filters,
                scope: scopeQuery.scope,
                timeZone,
              }).catch((error: unknown) => {
                const failure = errorMessage(error);
                showToast({ type: 'error', title: t('toast.error'), message: t(failure.key, failure.values) });
              });
            }}
          >
            <Download aria-hidden />
            {t('parameters.actions.export')}
          </Button>
          {onUpdateRow ? (
            <Button size="sm" colorPalette="orange" disabled={!selected} onClick={() => picked && onUpdateRow(picked)}>
              <Pencil aria-hidden />
              {t('parameters.update')}
            </Button>
          ) : null}
          {canWrite ? (
            <RowActions
              table={table}
              row={picked}
              hasStatus={meta.data?.columns.some((column) => column.column_name === 'statusid') ?? false}
              onDeleted={() => setSelected(null)}
              onError={setActionError}
            />
          ) : null}
        </HStack>
      </HStack>
      {actionError ? <ErrorBox title={t('parameters.actions.failedTitle')} message={actionError} /> : null}
      <QueryState
        query={{
          data: loaded,
          error: meta.error ?? rows.error,
          isValidating: meta.isValidating || rows.isValidating,
          mutate: () => {
            void meta.mutate();
            void rows.mutate();
          },
        }}
        loadingLabel={t('parameters.loading')}
        loadingDetail={tableName}
        errorMessage={t('parameters.loadError', { table: tableName })}
        empty={{
          when: (answer) => answer.rows.pagination.total === 0 && !deferredSearch.trim(),
          title: t('parameters.empty'),
          description: t('parameters.emptyDescription', { table: tableName }),
        }}
      >
        {({ rows: answer }) => (
          <Stack gap="2">
            <Text color="fg.muted" fontSize="sm" role="status">
              {t('parameters.records', {
                count: total ?? answer.pagination.total,
                filtered: number.format(answer.pagination.total),
                total: number.format(total ?? answer.pagination.total),
              })}
            </Text>
            <DataTable
              label={t('parameters.tableLabel', { table: tableName })}
              columns={columns}
              rows={answer.data}
              rowKey={(row) => rowKeyOf(table, row)}
              sort={view.sort}
              onSortChange={(sort) => setView({ page: 1, sort })}
              busy={rows.isValidating}
              emptyText={t('parameters.noMatches')}
              selectedKey={selectedKey}
              onRowSelect={selectable ? setSelected : undefined}
            />
            <Pager page={view.page} totalPages={answer.pagination.totalPages} onPageChange={(page) => setView((current) => ({ ...current, page }))} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
