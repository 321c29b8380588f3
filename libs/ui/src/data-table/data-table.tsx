import { Box, Button, chakra, HStack, NativeSelect, Stack, Table, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import type { SortDirection } from '@camposense/domain';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
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
  /**
   * Kept in view while the rest of the row scrolls sideways under it: `start` for the column that
   * names the row, `end` for its actions. Without any `start` column the first one is pinned.
   */
  pin?: 'start' | 'end';
  /**
   * A column of lower priority, left out below this breakpoint so the key ones fit (its value is
   * still in the row's card on a phone, and in the CSV). @default shown at every width
   */
  hideBelow?: 'lg' | 'xl' | '2xl';
  /** Its header may break over two lines, so a long name does not set the column's width. @default false */
  wrapHeader?: boolean;
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

/** Where the pinned columns stand, in pixels from the table's edges, and whether anything scrolls under them. */
interface PinnedLayout {
  /** The table is wider than its scroll container (or on a phone): pinned cells get an opaque ground and an edge. */
  overflowing: boolean;
  /** By column id: the offset of each pinned column from its side. */
  offsets: Record<string, number>;
}

/**
 * Measures the header cells of the pinned columns (their widths come from the content) and the
 * scroll container, again whenever either is resized: two columns pinned to one side stand side by
 * side, each offset by the widths of those before it.
 */
function usePinnedLayout(
  container: RefObject<HTMLDivElement | null>,
  pinned: readonly { id: string; pin: 'start' | 'end' }[],
  /** False while the rows are drawn as cards (nothing to measure); measured again when the table comes back. */
  drawsTable: boolean,
): PinnedLayout {
  const [layout, setLayout] = useState<PinnedLayout>({ overflowing: false, offsets: {} });
  const pinnedKey = pinned.map((column) => `${column.id}:${column.pin}`).join(',');
  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return;
    const measure = () => {
      const table = box.querySelector('table');
      const widthOf = (id: string) => box.querySelector<HTMLElement>(`th[data-column="${CSS.escape(id)}"]`)?.offsetWidth ?? 0;
      const offsets: Record<string, number> = {};
      let start = 0;
      for (const column of pinned.filter((candidate) => candidate.pin === 'start')) {
        offsets[column.id] = start;
        start += widthOf(column.id);
      }
      let end = 0;
      for (const column of pinned.filter((candidate) => candidate.pin === 'end').reverse()) {
        offsets[column.id] = end;
        end += widthOf(column.id);
      }
      const overflowing = table !== null && table.scrollWidth > box.clientWidth + 1;
      setLayout((current) =>
        current.overflowing === overflowing && JSON.stringify(current.offsets) === JSON.stringify(offsets) ? current : { overflowing, offsets },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
    // The pinned columns are compared by their ids and sides, not by the array's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, pinnedKey, drawsTable]);
  return layout;
}

/**
 * A pinned cell: sticky on its side at its measured offset. While rows scroll under it, it gets the
 * row's own ground (striped, selected or plain) and a rule on its inner edge; a table that fits
 * looks as it did.
 */
function pinnedCellProps(
  pin: 'start' | 'end' | undefined,
  offset: number,
  showEdge: boolean,
  ground: string | undefined,
  edge: boolean,
) {
  if (!pin) return {};
  const side = pin === 'start' ? { insetInlineStart: `${offset}px` } : { insetInlineEnd: `${offset}px` };
  return {
    position: 'sticky',
    ...side,
    zIndex: 1,
    ...(showEdge
      ? {
          bg: ground,
          ...(edge ? (pin === 'start' ? { borderInlineEndWidth: '1px' } : { borderInlineStartWidth: '1px' }) : {}),
        }
      : {}),
  } as const;
}

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

  const pinned = useMemo(() => {
    const explicit = columns.some((column) => column.pin === 'start');
    return columns.flatMap((column, index): { id: string; pin: 'start' | 'end' }[] => {
      const pin = column.pin ?? (!explicit && index === 0 ? 'start' : undefined);
      return pin ? [{ id: column.id, pin }] : [];
    });
  }, [columns]);
  const pinOf = (id: string) => pinned.find((column) => column.id === id)?.pin;
  /** The inner edge of each pinned side: the last start column and the first end one carry the rule. */
  const edgeColumns = new Set(
    [pinned.filter((column) => column.pin === 'start').at(-1)?.id, pinned.find((column) => column.pin === 'end')?.id].filter(
      (id): id is string => id !== undefined,
    ),
  );
  const container = useRef<HTMLDivElement>(null);
  const layout = usePinnedLayout(container, pinned, !(phone && phoneLayout === 'cards'));
  // A phone's table always scrolls under its first column, as it did before it was measured.
  const showEdges = layout.overflowing || phone;

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
    <Box
      ref={container}
      // The table's own sideways scroll: the page never scrolls, the pinned columns stay in view.
      overflowX="auto"
      maxW="full"
      minW="0"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      data-overflowing={layout.overflowing ? '' : undefined}
      opacity={busy ? 0.6 : 1}
    >
      <Table.Root
        size="sm"
        aria-label={label}
        aria-busy={busy}
        striped
        interactive={onRowSelect !== undefined}
        // Collapsed borders leave a sliver of the scrolled cells beside a sticky one, and its rule behind.
        borderCollapse="separate"
        borderSpacing="0"
      >
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
                    data-column={column.id}
                    {...pinnedCellProps(pinOf(column.id), layout.offsets[column.id] ?? 0, showEdges, 'bg', edgeColumns.has(column.id))}
                    hideBelow={column.hideBelow}
                    w={column.width}
                    aria-sort={!sortable ? undefined : sorted ? ARIA_SORT[sorted] : 'none'}
                    whiteSpace={column.wrapHeader ? 'normal' : 'nowrap'}
                  >
                    {!sortable ? (
                      column.header
                    ) : (
                      <Button
                        variant="ghost"
                        size="xs"
                        px="1"
                        fontWeight="semibold"
                        whiteSpace={column.wrapHeader ? 'normal' : undefined}
                        h={column.wrapHeader ? 'auto' : undefined}
                        minH={column.wrapHeader ? '6' : undefined}
                        textAlign="start"
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
          {table.getRowModel().rows.map((row, rowIndex) => {
            const selected = selectedKey !== null && row.id === selectedKey;
            const select = onRowSelect ? () => onRowSelect(row.original) : undefined;
            // A row's ground is bg and the striping paints odd rows (1st, 3rd…) bg.muted: a pinned cell takes the same.
            const ground = selected ? 'orange.subtle' : rowIndex % 2 === 0 ? 'bg.muted' : 'bg';
            return (
              <Table.Row
                key={row.id}
                aria-selected={onRowSelect ? selected : undefined}
                data-selected={selected ? '' : undefined}
                {...choosable(select)}
              >
                {row.getVisibleCells().map((cell) => {
                  const column = cell.column.columnDef.meta as DataTableColumn<Row, SortKey>;
                  return (
                    // Striping paints the cells, so the selection must too.
                    <Table.Cell
                      key={cell.id}
                      {...pinnedCellProps(pinOf(column.id), layout.offsets[column.id] ?? 0, showEdges, ground, edgeColumns.has(column.id))}
                      hideBelow={column.hideBelow}
                      {...(selected ? { bg: 'orange.subtle' } : {})}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
