import { Box, Button, Table } from '@chakra-ui/react';
import type { SortDirection } from '@camposense/domain';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';

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
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

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
}: DataTableProps<Row, SortKey>) {
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
                cursor={onRowSelect ? 'pointer' : undefined}
                tabIndex={onRowSelect ? 0 : undefined}
                onClick={select}
                onKeyDown={
                  select
                    ? (event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          select();
                        }
                      }
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => (
                  // Striping paints the cells, so the selection must too.
                  <Table.Cell key={cell.id} bg={selected ? 'orange.subtle' : undefined}>
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
