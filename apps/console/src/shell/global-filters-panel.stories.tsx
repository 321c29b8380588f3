import { Stack } from '@chakra-ui/react';
import { AccessProvider, GlobalFiltersProvider, type GlobalFilters } from '@camposense/data-access';
import { oneFarmAccessFixture, operatorUser, senseHandlers, userAccessFixture, userAccessHandlers } from '@camposense/data-access/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
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

/** Luis signed in, his grant read by the console (issue 32), from this selection. */
const signedInOperator =
  (initial?: Partial<GlobalFilters>): Decorator =>
  (Story) => (
    <AccessProvider user={operatorUser}>
      <GlobalFiltersProvider initial={initial}>
        <Story />
      </GlobalFiltersProvider>
    </AccessProvider>
  );

/**
 * Granted Agrícola Virú (Perú) and Viñedos del Maipo (Chile): Perú's list offers Virú alone, though
 * the API answered Frutos del Chao too, and the panel says why.
 */
export const GrantedCompaniesOnly: Story = {
  decorators: [signedInOperator({ paisId: 1 })],
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(userAccessFixture)),
  play: async () => {
    await expect(await screen.findByText(/^(Se muestran solo las empresas que tiene concedidas\.|Only the companies granted to you are shown\.)$/)).toBeVisible();
    await waitFor(() => expect(screen.getByDisplayValue('Perú')).toBeVisible());
    const [, empresa] = screen.getAllByRole('combobox');
    await userEvent.click(empresa!);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Agrícola Virú']));
  },
};
export const GrantedCompaniesOnlyEnglish: Story = { ...GrantedCompaniesOnly, globals: { language: 'en' } };

/** A company kept from an earlier session and no longer granted (Frutos del Chao) is dropped; its country stays. */
export const StaleSelectionDropped: Story = {
  decorators: [signedInOperator({ paisId: 1, empresaId: 2, fundoId: 3 })],
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(userAccessFixture)),
  play: async () => {
    await waitFor(() => expect(screen.getByDisplayValue('Perú')).toBeVisible());
    const [, empresa, fundo] = screen.getAllByRole('combobox');
    await expect(empresa).toHaveValue('');
    await expect(fundo).toBeDisabled();
  },
};

/** Granted one farm: the panel starts on it and says why. */
export const OneFarm: Story = {
  decorators: [signedInOperator()],
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(oneFarmAccessFixture)),
  play: async () => {
    await waitFor(
      async () => {
        for (const name of ['Chile', 'Viñedos del Maipo', 'Los Olivos']) await expect(screen.getByDisplayValue(name)).toBeVisible();
      },
      { timeout: 5000 },
    );
    await expect(screen.getByText(/^(Su acceso se limita a este fundo: la consola empieza en él\.|Your access covers this farm only: the console starts in it\.)$/)).toBeVisible();
  },
};
export const OneFarmEnglish: Story = { ...OneFarm, globals: { language: 'en' } };

