import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { StatusBadge } from '../status-badge';
import { DataTable } from './data-table';
import type { DataTableColumn, DataTableProps, DataTableSort } from './data-table';

interface Farm {
  fundoid: number;
  fundo: string;
  fundoabrev: string;
  statusid: number;
}

const FARMS: Farm[] = [
  { fundoid: 1, fundo: 'Fundo Los Olivos', fundoabrev: 'OLIV', statusid: 1 },
  { fundoid: 2, fundo: 'Fundo San José', fundoabrev: 'SJOS', statusid: 1 },
  { fundoid: 3, fundo: 'Fundo El Pedregal', fundoabrev: 'PEDR', statusid: 0 },
];

const COLUMNS: DataTableColumn<Farm>[] = [
  { id: 'fundoid', header: 'ID', sortKey: 'fundoid', cell: (row) => row.fundoid, width: '6rem' },
  { id: 'fundo', header: 'Fundo', sortKey: 'fundo', cell: (row) => row.fundo },
  { id: 'fundoabrev', header: 'Abreviatura', sortKey: 'fundoabrev', cell: (row) => row.fundoabrev },
  { id: 'statusid', header: 'Estado', cell: (row) => <StatusBadge statusid={row.statusid} /> },
];

function SelectableTable(props: DataTableProps<Farm>) {
  const [selected, setSelected] = useState<string | null>('2');
  const [sort, setSort] = useState<DataTableSort | null>(props.sort);
  return (
    <DataTable
      {...props}
      sort={sort}
      onSortChange={setSort}
      selectedKey={selected}
      onRowSelect={(row) => setSelected(String(row.fundoid))}
    />
  );
}

/** The server's part, played here: the rows in the order asked for. */
function SortedRows(props: DataTableProps<Farm>) {
  const [sort, setSort] = useState<DataTableSort | null>(props.sort);
  const rows = sort
    ? [...props.rows].sort((left, right) => {
        const key = sort.column as keyof Farm;
        const order = String(left[key]).localeCompare(String(right[key]), 'es', { numeric: true });
        return sort.direction === 'asc' ? order : -order;
      })
    : props.rows;
  return <DataTable {...props} rows={rows} sort={sort} onSortChange={setSort} />;
}

const meta = {
  title: 'UI/DataTable',
  component: DataTable<Farm>,
  argTypes: {
    columns: { control: false },
    rowKey: { control: false },
    emptyText: { control: 'text' },
    selectedKey: { control: 'text' },
  },
  args: {
    label: 'Fundos',
    columns: COLUMNS,
    rows: FARMS,
    rowKey: (row: Farm) => String(row.fundoid),
    sort: { column: 'fundo', direction: 'asc' },
    onSortChange: fn(),
  },
} satisfies Meta<typeof DataTable<Farm>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sorted by name ascending: the header says so (aria-sort) and a click asks for the other direction. */
export const Sorted: Story = {
  play: async ({ args }) => {
    const header = screen.getByRole('columnheader', { name: /Fundo/ });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button'));
    await expect(args.onSortChange).toHaveBeenCalledWith({ column: 'fundo', direction: 'desc' });
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Abreviatura/ })).getByRole('button'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: 'fundoabrev', direction: 'asc' });
  },
};

export const SortedDescending: Story = { args: { sort: { column: 'fundoid', direction: 'desc' } } };

/** The next page is on its way: the previous rows stay, dimmed, and the table says it is busy. */
export const Busy: Story = {
  args: { busy: true },
  // Busy dims the rows it is replacing (aria-busy tells assistive tech they are stale); the dim
  // text is meant to read as not current, so axe's contrast rule is off for this state only.
  parameters: { a11y: { config: { rules: [{ id: 'color-contrast', enabled: false }] } } },
  play: async () => {
    await expect(screen.getByRole('table', { name: 'Fundos' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: { rows: [], emptyText: 'No se encontraron registros' },
  play: async () => {
    await expect(screen.getByText('No se encontraron registros')).toBeVisible();
  },
};

/** Rows can be picked (for update); the picked one is marked and announced as selected. */
export const Selectable: Story = {
  render: (args) => <SelectableTable {...args} />,
  play: async () => {
    const rows = screen.getAllByRole('row');
    await expect(rows[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByText('Fundo El Pedregal'));
    await expect(screen.getAllByRole('row')[3]).toHaveAttribute('aria-selected', 'true');
  },
};

const phone = { viewport: { value: 'phone' } };

/** A phone, a report: each row a card of header–value pairs, named like the table. */
export const PhoneCards: Story = {
  args: { phoneLayout: 'cards' },
  globals: phone,
  play: async () => {
    const cards = screen.getByRole('list', { name: 'Fundos' });
    await expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(cards).getAllByText('Abreviatura')[0]).toBeVisible();
    await expect(screen.queryByRole('table')).toBeNull();
  },
};
export const PhoneCardsEmpty: Story = {
  args: { phoneLayout: 'cards', rows: [], emptyText: 'No se encontraron registros' },
  globals: phone,
  play: async () => {
    await expect(screen.getByText('No se encontraron registros')).toBeVisible();
  },
};
/** Cards can be picked too: Enter on a card selects it, the picked one is the current one. */
export const PhoneCardsSelectable: Story = {
  args: { phoneLayout: 'cards' },
  globals: phone,
  render: (args) => <SelectableTable {...args} />,
  play: async () => {
    const cards = screen.getAllByRole('listitem');
    await expect(cards[1]).toHaveAttribute('aria-current', 'true');
    cards[2]!.focus();
    await userEvent.keyboard('{Enter}');
    await expect(screen.getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'true');
  },
};
/** A phone, a wide table: it scrolls sideways in its frame under a sticky first column. */
export const PhoneScroll: Story = {
  args: {
    columns: [...COLUMNS, { id: 'notes', header: 'Observaciones', cell: () => 'Riego por goteo en todo el fundo, revisión semanal' }],
  },
  globals: phone,
  play: async () => {
    const table = screen.getByRole('table', { name: 'Fundos' });
    const frame = table.parentElement!;
    await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
    const firstCell = screen.getAllByRole('cell')[0]!;
    frame.scrollLeft = 200;
    await expect(getComputedStyle(firstCell).position).toBe('sticky');
    await expect(firstCell.getBoundingClientRect().left).toBeLessThanOrEqual(frame.getBoundingClientRect().left + 1);
  },
};

const cardNames = () => within(screen.getByRole('list', { name: 'Fundos' })).getAllByText(/^Fundo /).map((name) => name.textContent);

/**
 * A phone has no headers to click: the cards' sort control picks the column and turns the
 * direction, by keyboard too, and the cards come in the new order.
 */
export const PhoneCardsSort: Story = {
  args: { phoneLayout: 'cards' },
  globals: phone,
  render: (args) => <SortedRows {...args} />,
  play: async () => {
    await expect(cardNames()).toEqual(['Fundo El Pedregal', 'Fundo Los Olivos', 'Fundo San José']);
    const direction = screen.getByRole('button', { name: 'Dirección del orden: Ascendente' });
    direction.focus();
    await userEvent.keyboard('{Enter}');
    await expect(cardNames()).toEqual(['Fundo San José', 'Fundo Los Olivos', 'Fundo El Pedregal']);
    await expect(screen.getByRole('button', { name: 'Dirección del orden: Descendente' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'ID');
    // The direction holds across columns: by id, descending.
    await expect(cardNames()).toEqual(['Fundo El Pedregal', 'Fundo San José', 'Fundo Los Olivos']);
  },
};
export const PhoneCardsSortEnglish: Story = {
  args: { phoneLayout: 'cards', sort: null, label: 'Fundos' },
  globals: { ...phone, language: 'en' },
  render: (args) => <SortedRows {...args} />,
  play: async () => {
    // The server's default order: no column chosen yet, so no direction to turn.
    await expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Default order');
    await expect(screen.getByRole('button', { name: 'Sort direction: Ascending' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Abreviatura');
    await expect(cardNames()).toEqual(['Fundo Los Olivos', 'Fundo El Pedregal', 'Fundo San José']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await expect(cardNames()).toEqual(['Fundo San José', 'Fundo El Pedregal', 'Fundo Los Olivos']);
  },
};
/** Cards of a list that cannot be re-sorted (no onSortChange): no sort control. */
export const PhoneCardsWithoutSort: Story = {
  args: { phoneLayout: 'cards', onSortChange: undefined },
  globals: phone,
  play: async () => {
    await expect(screen.getByRole('list', { name: 'Fundos' })).toBeVisible();
    await expect(screen.queryByRole('combobox')).toBeNull();
  },
};

/** A report's row, wide: an id that names it, readings, dates and actions (the alerts report's shape). */
const WIDE_COLUMNS: DataTableColumn<Farm>[] = [
  { id: 'fundoid', header: 'ID de fundo', pin: 'start', wrapHeader: true, sortKey: 'fundoid', cell: (row) => row.fundoid },
  { id: 'fundo', header: 'Fundo', cell: (row) => row.fundo },
  {
    id: 'notes',
    header: 'Observaciones',
    cell: () => <span style={{ whiteSpace: 'nowrap' }}>Riego por goteo en todo el fundo, revisión semanal</span>,
  },
  { id: 'fundoabrev', header: 'Abreviatura', cell: (row) => row.fundoabrev },
  { id: 'created', header: 'Fecha de creación', hideBelow: '2xl', cell: () => '21/11/2026, 10:25' },
  { id: 'statusid', header: 'Estado', pin: 'end', cell: (row) => <StatusBadge statusid={row.statusid} /> },
  { id: 'action', header: 'Acción', pin: 'end', cell: (row) => <button type="button">{`Ver ${row.fundoabrev}`}</button> },
];

/** The frame is narrower than the table: it scrolls inside, the id and the last two columns stay in view. */
async function pinnedColumnsStay() {
  const table = screen.getByRole('table', { name: 'Fundos' });
  const frame = table.parentElement!;
  // Measured by a ResizeObserver once the table is laid out.
  await waitFor(() => expect(frame).toHaveAttribute('data-overflowing'));
  await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
  // The creation date gives way below 2xl.
  await expect(screen.queryByRole('columnheader', { name: /Fecha de creación|Creation date/ })).toBeNull();
  frame.scrollLeft = frame.scrollWidth;
  const frameBox = frame.getBoundingClientRect();
  const id = screen.getByRole('columnheader', { name: /ID de fundo/ }).getBoundingClientRect();
  const action = screen.getAllByRole('button', { name: /^Ver / })[0]!.getBoundingClientRect();
  const state = screen.getByRole('columnheader', { name: 'Estado' }).getBoundingClientRect();
  await expect(id.left).toBeGreaterThanOrEqual(frameBox.left);
  await expect(id.left).toBeLessThanOrEqual(frameBox.left + 2);
  await expect(action.right).toBeLessThanOrEqual(frameBox.right);
  // The two end columns stand side by side, not over each other.
  await expect(state.right).toBeLessThanOrEqual(action.left + 1);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
}

/**
 * A desktop table wider than its frame (a 36rem column here): it scrolls sideways inside its
 * frame under the pinned id and actions, a lower-priority column is left out, the page does not move.
 */
export const NarrowPinned: Story = {
  args: { columns: WIDE_COLUMNS, sort: null },
  decorators: [
    (Story) => (
      <div style={{ width: '36rem', padding: '1rem' }}>
        <Story />
      </div>
    ),
  ],
  play: pinnedColumnsStay,
};
export const NarrowPinnedEnglish: Story = {
  ...NarrowPinned,
  args: { columns: WIDE_COLUMNS.map((column) => (column.id === 'created' ? { ...column, header: 'Creation date' } : column)), sort: null },
  globals: { language: 'en' },
};
