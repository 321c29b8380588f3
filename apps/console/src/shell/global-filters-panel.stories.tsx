import { Stack } from '@chakra-ui/react';
import { GlobalFiltersProvider } from '@camposense/data-access';
import { senseHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { GlobalFiltersPanel } from './global-filters-panel';

const meta = {
  title: 'Console/GlobalFiltersPanel',
  component: GlobalFiltersPanel,
  decorators: [(Story) => <Stack p="4" w="16rem" gap="3" minH="24rem"><Story /></Stack>],
} satisfies Meta<typeof GlobalFiltersPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: Empresa and Fundo wait for their parent. */
export const NothingChosen: Story = {
  decorators: [(Story) => <GlobalFiltersProvider><Story /></GlobalFiltersProvider>],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy());
  },
  play: async () => {
    const [, empresa, fundo] = await screen.findAllByRole('combobox');
    await expect(empresa).toBeDisabled();
    await expect(fundo).toBeDisabled();
  },
};

export const AllChosen: Story = {
  decorators: [(Story) => <GlobalFiltersProvider initial={{ paisId: 1, empresaId: 1, fundoId: 2 }}><Story /></GlobalFiltersProvider>],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy());
  },
  play: async () => {
    // Three lists, three requests: wait for every chosen name.
    await waitFor(
      async () => {
        for (const name of ['Perú', 'Agrícola Virú', 'Santa Rosa']) await expect(screen.getByDisplayValue(name)).toBeVisible();
      },
      { timeout: 5000 },
    );
  },
};

/** The server offers no sense schema: the lists are empty, without an error. */
export const SenseUnavailable: Story = {
  decorators: [(Story) => <GlobalFiltersProvider><Story /></GlobalFiltersProvider>],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.senseUnavailable());
  },
};
