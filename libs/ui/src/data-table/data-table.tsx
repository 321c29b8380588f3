import { Box, Button, chakra, HStack, NativeSelect, Stack, Table, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import type { SortDirection } from '@camposense/domain';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { FormField } from '../form-field/form-field';

export interface DataTableColumn<Row, SortKey extends string = string> {
  /** Stable id of the column. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort key for this column; without it the header does not sort. */
  sortKey?: SortKey;
  /** @default 'auto' */
  width?: string;
}

/** The order the rows came in: one column and its direction (the server sorts, the table shows it). */
export interface DataTableSort<SortKey extends string = string> {
  column: SortKey;
  direction: SortDirection;
}

export interface DataTableProps<Row, SortKey extends string = string> {
  /** The table's accessible name. */
  label: string;
  /** Headers, cells and, for sortable ones, the sort key, in display order. */
  columns: readonly DataTableColumn<Row, SortKey>[];
  /** The page of rows shown, in the order given. */
  rows: readonly Row[];
  /** A row's stable key (its id), for React and for `selectedKey`. */
  rowKey: (row: Row) => string;
  /** The current order, as `sortKey` of a column; null when the server's default order applies. */
  sort: DataTableSort<SortKey> | null;
  /** A click on a sortable header: that column ascending, or the other direction when it is already the one. */
  onSortChange?: (sort: DataTableSort<SortKey>) => void;
  /** The next page or order is on its way (the rows shown are the previous ones). @default false */
  busy?: boolean;
  /** The key of the selected row, if rows can be selected. */
  selectedKey?: string | null;
  /** Makes rows selectable (click or Enter/Space on the row). */
  onRowSelect?: (row: Row) => void;
  /** Shown in a single row when there are no rows. */
  emptyText?: string;
  /**
   * Below the `md` breakpoint (phones): `cards` draws each row as a card of header–value pairs
   * (a report read in the field); `scroll` keeps the table, scrolling sideways under a sticky
   * first column (a parameters table, compared across rows). @default 'scroll'
   */
  phoneLayout?: 'cards' | 'scroll';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * On a phone the first column (the row's name or id) stays in view while the rest scrolls under
 * it; opaque where the striping leaves the cell bare. From `md` the table is as before.
 */
const STICKY_FIRST_CELL = {
  position: { base: 'sticky', md: 'static' },
  insetInlineStart: '0',
  zIndex: { base: 1, md: 'auto' },
  bg: { base: 'surface.card', md: undefined },
  borderInlineEndWidth: { base: '1px', md: '0' },
} as const;

interface DataCardsProps<Row, SortKey extends string> extends Pick<DataTableProps<Row, SortKey>, 'label' | 'columns' | 'busy' | 'emptyText' | 'onRowSelect'> {
  rows: { id: string; original: Row }[];
  selectedKey: string | null;
}

/** A row or card with a handler is chosen by click, Enter or Space, and is reachable with Tab. */
function choosable(select: (() => void) | undefined) {
  if (!select) return {};
  return {
    tabIndex: 0,
    cursor: 'pointer',
    onClick: select,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        select();
      }
    },
  };
}

/** The rows as cards (a phone): a list named like the table, each card the columns' header–value pairs. */
function DataCards<Row, SortKey extends string>({ label, columns, rows, busy = false, selectedKey, onRowSelect, emptyText }: DataCardsProps<Row, SortKey>) {
  return (
    <chakra.ul role="list" aria-label={label} aria-busy={busy} display="flex" flexDirection="column" gap="2" opacity={busy ? 0.6 : 1}>
      {rows.length === 0 && emptyText ? (
        <chakra.li borderWidth="1px" rounded="md" p="4" textAlign="center" color="fg.muted">
          {emptyText}
        </chakra.li>
      ) : null}
      {rows.map((row) => {
        const selected = selectedKey !== null && row.id === selectedKey;
        const select = onRowSelect ? () => onRowSelect(row.original) : undefined;
        return (
          <chakra.li
            key={row.id}
            // A list item takes no aria-selected: the picked card is the current one.
            aria-current={selected ? 'true' : undefined}
            data-selected={selected ? '' : undefined}
            {...choosable(select)}
            borderWidth="1px"
            borderColor={selected ? 'orange.emphasized' : 'border'}
            bg={selected ? 'orange.subtle' : 'surface.card'}
            rounded="md"
            px="3"
            py="2"
          >
            <chakra.dl display="grid" gridTemplateColumns="minmax(6rem, max-content) 1fr" columnGap="3" rowGap="1" fontSize="sm">
              {columns.map((column) => (
                <Box key={column.id} display="contents">
                  <chakra.dt color="fg.muted" fontSize="xs" fontWeight="semibold" alignSelf="center">
                    {column.header}
                  </chakra.dt>
                  <chakra.dd minW="0" overflowWrap="anywhere">
                    {column.cell(row.original)}
                  </chakra.dd>
                </Box>
              ))}
            </chakra.dl>
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}

interface CardSortControlProps<SortKey extends string> {
  /** The table's columns; those with a sort key are offered. */
  columns: readonly Pick<DataTableColumn<never, SortKey>, 'id' | 'header' | 'sortKey'>[];
  /** The current order; null while the server's default order applies. */
  sort: DataTableSort<SortKey> | null;
  onSortChange: (sort: DataTableSort<SortKey>) => void;
  /** The next order is on its way. @default false */
  busy?: boolean;
}

/**
 * What the column headers do on a table, for its cards (a phone has no headers to click): a select
 * of the sortable columns and a button turning the direction, both driving the table's one sort.
 * Nothing when no column sorts.
 */
function CardSortControl<SortKey extends string>({ columns, sort, onSortChange, busy = false }: CardSortControlProps<SortKey>) {
  const { t } = useTranslation();
  const sortable = columns.filter((column): column is typeof column & { sortKey: SortKey } => column.sortKey !== undefined);
  if (sortable.length === 0) return null;
  const direction = sort?.direction ?? 'asc';
  const directionText = t(direction === 'asc' ? 'dataTable.ascending' : 'dataTable.descending');
  return (
    <HStack align="end" gap="2" aria-busy={busy}>
      <FormField label={t('dataTable.sortBy')} flex="1" minW="0">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={sort?.column ?? ''}
            onChange={(event) => {
              const column = sortable.find((candidate) => candidate.sortKey === event.currentTarget.value);
              if (column) onSortChange({ column: column.sortKey, direction });
            }}
          >
            {sort ? null : (
              <option value="" disabled>
                {t('dataTable.defaultOrder')}
              </option>
            )}
            {sortable.map((column) => (
              <option key={column.id} value={column.sortKey}>
                {column.header}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Button
        size="sm"
        variant="outline"
        // Without a chosen column there is no direction to turn.
        disabled={!sort}
        aria-label={t('dataTable.direction', { direction: directionText })}
        onClick={() => sort && onSortChange({ column: sort.column, direction: direction === 'asc' ? 'desc' : 'asc' })}
      >
        {direction === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
        {directionText}
      </Button>
    </HStack>
  );
}

/**
 * Every list of the console: headless TanStack Table for the column and sort state (manual: the
 * server pages and sorts), drawn with Chakra's table. Sortable headers carry aria-sort.
 */
export function DataTable<Row, SortKey extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  busy = false,
  selectedKey = null,
  onRowSelect,
  emptyText,
  phoneLayout = 'scroll',
}: DataTableProps<Row, SortKey>) {
  // Read at once (ssr off): a desktop never draws the cards for a frame first.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        // TanStack only sorts columns with an accessor; the rows themselves serve, the server orders them.
        accessorFn: (row) => row,
        enableSorting: column.sortKey !== undefined,
        cell: ({ row }) => column.cell(row.original),
        meta: column,
      })),
    [columns],
  );
  const sorting = useMemo<SortingState>(() => {
    if (!sort) return [];
    const column = columns.find((candidate) => candidate.sortKey === sort.column);
    return column ? [{ id: column.id, desc: sort.direction === 'desc' }] : [];
  }, [columns, sort]);

  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: columnDefs,
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    getRowId: (row) => rowKey(row),
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const column = first ? columns.find((candidate) => candidate.id === first.id) : undefined;
      if (first && column?.sortKey) onSortChange?.({ column: column.sortKey, direction: first.desc ? 'desc' : 'asc' });
    },
  });

  if (phone && phoneLayout === 'cards') {
    // Cards have no headers to click: a control above them sorts instead, through the same onSortChange.
    return (
      <Stack gap="2">
        {onSortChange ? <CardSortControl columns={columns} sort={sort} onSortChange={onSortChange} busy={busy} /> : null}
        <DataCards
          label={label}
          columns={columns}
          rows={table.getRowModel().rows.map((row) => ({ id: row.id, original: row.original }))}
          busy={busy}
          selectedKey={selectedKey}
          onRowSelect={onRowSelect}
          emptyText={emptyText}
        />
      </Stack>
    );
  }

  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" rounded="md" opacity={busy ? 0.6 : 1}>
      <Table.Root size="sm" aria-label={label} aria-busy={busy} striped interactive={onRowSelect !== undefined}>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const column = header.column.columnDef.meta as DataTableColumn<Row, SortKey>;
                const sorted = header.column.getIsSorted();
                const sortable = header.column.getCanSort();
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    {...(header.index === 0 ? STICKY_FIRST_CELL : {})}
                    w={column.width}
                    aria-sort={!sortable ? undefined : sorted ? ARIA_SORT[sorted] : 'none'}
                    whiteSpace="nowrap"
                  >
                    {!sortable ? (
                      column.header
                    ) : (
                      <Button
                        variant="ghost"
                        size="xs"
                        px="1"
                        fontWeight="semibold"
                        // First click ascending, then it toggles (TanStack would start descending on numbers).
                        onClick={() => header.column.toggleSorting(sorted === 'asc', false)}
                      >
                        {column.header}
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden />
                        ) : (
                          <ArrowUpDown aria-hidden opacity={0.4} />
                        )}
                      </Button>
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && emptyText ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" color="fg.muted" py="6">
                {emptyText}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {table.getRowModel().rows.map((row) => {
            const selected = selectedKey !== null && row.id === selectedKey;
            const select = onRowSelect ? () => onRowSelect(row.original) : undefined;
            return (
              <Table.Row
                key={row.id}
                aria-selected={onRowSelect ? selected : undefined}
                data-selected={selected ? '' : undefined}
                {...choosable(select)}
              >
                {row.getVisibleCells().map((cell, index) => (
                  // Striping paints the cells, so the selection must too.
                  <Table.Cell key={cell.id} {...(index === 0 ? STICKY_FIRST_CELL : {})} {...(selected ? { bg: 'orange.subtle' } : {})}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Cell>
                ))}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
