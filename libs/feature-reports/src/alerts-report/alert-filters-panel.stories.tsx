import { Box } from '@chakra-ui/react';
import { GlobalFiltersProvider } from '@camposense/data-access';
import { reportHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { AlertFiltersPanel } from './alert-filters-panel';
import { AlertFiltersProvider } from './alert-filters';

const meta = {
  title: 'Reports/AlertsReport/AlertFiltersPanel',
  component: AlertFiltersPanel,
  decorators: [
    (Story) => (
      <GlobalFiltersProvider>
        <AlertFiltersProvider>
          <Box p="4">
            <Story />
          </Box>
        </AlertFiltersProvider>
      </GlobalFiltersProvider>
    ),
  ],
  beforeEach: ({ msw }) => {
    msw.use(...reportHandlers.alertaFilterOptions());
  },
} satisfies Meta<typeof AlertFiltersPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both lists in, each with its "all" option chosen. */
export const Loaded: Story = {
  play: async () => {
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Criticidad' })).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Criticidad' }).querySelectorAll('option').length).toBeGreaterThan(1));
  },
};

/** The options on their way: both selects disabled. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...reportHandlers.alertaFilterOptionsPending());
  },
  play: async () => {
    await expect(screen.getByRole('combobox', { name: 'Criticidad' })).toBeDisabled();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...reportHandlers.alertaFilterOptionsError());
  },
  play: async () => {
    await expect(await screen.findByRole('alert')).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Criticality' })).toBeEnabled());
  },
};
