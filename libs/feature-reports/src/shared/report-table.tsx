import { Box, Button, Table } from '@chakra-ui/react';
import type { ReportSortOrder } from '@camposense/domain';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ReportColumn<Row, SortColumn extends string> {
  /** Stable id of the column. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The API's sort column for this one; without it the header does not sort. */
  sortBy?: SortColumn;
  /** @default 'auto' */
  width?: string;
}

export interface ReportSort<SortColumn extends string> {
  sortBy: SortColumn;
  sortOrder: ReportSortOrder;
}

export interface ReportTableProps<Row, SortColumn extends string> {
  /** The table's accessible name. */
  label: string;
  columns: ReportColumn<Row, SortColumn>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  sort: ReportSort<SortColumn>;
  /** A click on a sortable header: that column, or the other direction when it is already the one. */
  onSortChange: (sort: ReportSort<SortColumn>) => void;
  /** The next page or order is on its way (the rows shown are the previous ones). @default false */
  busy?: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The table of both reports: sortable headers (aria-sort) over rows the API already ordered. */
export function ReportTable<Row, SortColumn extends string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  busy = false,
}: ReportTableProps<Row, SortColumn>) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" rounded="md" opacity={busy ? 0.6 : 1}>
      <Table.Root size="sm" aria-label={label} aria-busy={busy} striped>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const active = column.sortBy !== undefined && column.sortBy === sort.sortBy;
              return (
                <Table.ColumnHeader
                  key={column.id}
                  w={column.width}
                  aria-sort={column.sortBy === undefined ? undefined : active ? ARIA_SORT[sort.sortOrder] : 'none'}
                  whiteSpace="nowrap"
                >
                  {column.sortBy === undefined ? (
                    column.header
                  ) : (
                    <Button
                      variant="ghost"
                      size="xs"
                      px="1"
                      fontWeight="semibold"
                      onClick={() => {
                        const sortBy = column.sortBy!;
                        const sortOrder = active ? (sort.sortOrder === 'asc' ? 'desc' : 'asc') : 'asc';
                        onSortChange({ sortBy, sortOrder });
                      }}
                    >
                      {column.header}
                      {active ? (
                        sort.sortOrder === 'asc' ? (
                          <ArrowUp aria-hidden />
                        ) : (
                          <ArrowDown aria-hidden />
                        )
                      ) : (
                        <ArrowUpDown aria-hidden opacity={0.4} />
                      )}
                    </Button>
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.id}>{column.cell(row)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
