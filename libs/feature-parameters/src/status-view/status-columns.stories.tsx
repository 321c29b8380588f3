import { Box } from '@chakra-ui/react';
import { useReferenceLabelSets } from '@camposense/data-access';
import { tableFixtures, tableHandlers } from '@camposense/data-access/testing';
import type { TableName } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { DataTable } from '@camposense/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { withParametersApi } from '../testing/story-shell';
import { referencedIds, rowKeyOf, statusColumns } from './status-columns';

/** The columns `statusColumns` makes for one table, drawn by the DataTable as the status view does. */
function StatusColumns({ table }: { table: TableName }) {
  const { t, i18n } = useTranslation();
  const fixture = tableFixtures[table]!;
  const rows = fixture.rows.slice(0, 3);
  const { labels } = useReferenceLabelSets(referencedIds(table, fixture.columns, rows));
  return (
    <Box p="4">
      <DataTable
        label={t('parameters.tableLabel', { table: t(`tables.${table}`) })}
        columns={statusColumns(table, fixture.columns, t, labels, i18n.language)}
        rows={rows}
        rowKey={(row) => rowKeyOf(table, row)}
        sort={null}
      />
    </Box>
  );
}

const meta = {
  title: 'Parameters/StatusColumns',
  component: StatusColumns,
  args: { table: 'empresa' },
  beforeEach: withParametersApi(),
} satisfies Meta<typeof StatusColumns>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A foreign key by its row's name, status as the badge, the audit columns by the spec's headers and the user's name. */
export const Loaded: Story = {
  play: async () => {
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByText('Perú').length).toBeGreaterThan(0));
    await waitFor(() => expect(within(table).getAllByText('Ana Quispe').length).toBeGreaterThan(0));
    await expect(within(table).getByRole('columnheader', { name: /Fecha de creación/i })).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    const table = await screen.findByRole('table');
    await expect(within(table).getByRole('columnheader', { name: /Creation date/i })).toBeVisible();
  },
};

/** Until the names arrive, a foreign key shows its id. */
export const NamesLoading: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loading()),
  play: async () => {
    const table = await screen.findByRole('table');
    await expect(within(table).getAllByText('1').length).toBeGreaterThan(0);
  },
};

/** A composite-key link table: both keys by name (the node and the probe type). */
export const CompositeKey: Story = {
  args: { table: 'sensor' },
  play: async () => {
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Nodo Virú 01')).toBeVisible());
  },
};

/** Decimal columns in the language's format: Spanish writes a decimal comma (issue 28, item 9). */
export const DecimalsSpanish: Story = {
  args: { table: 'localizacion' },
  play: async () => {
    const table = await screen.findByRole('table');
    await expect(within(table).getByText('-8,42')).toBeVisible();
    await expect(within(table).getByText('-78,75')).toBeVisible();
  },
};

export const DecimalsEnglish: Story = {
  args: { table: 'localizacion' },
  globals: { language: 'en' },
  play: async () => {
    const table = await screen.findByRole('table');
    await expect(within(table).getByText('-8.42')).toBeVisible();
  },
};
