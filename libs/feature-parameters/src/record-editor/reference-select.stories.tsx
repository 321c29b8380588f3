import { Box } from '@chakra-ui/react';
import { tableHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { withParametersApi } from '../testing/story-shell';
import { ReferenceSelect } from './reference-select';

/** A foreign key's select: its options are a search of the referenced table's labels on the server. */
const meta = {
  title: 'Parameters/ReferenceSelect',
  component: ReferenceSelect,
  args: { table: 'empresa', label: 'Empresa', value: null, onChange: fn(), placeholder: 'Seleccione...', disabled: false, required: true, error: null },
  decorators: [(Story) => <Box p="6" maxW="24rem" minH="22rem"><Story /></Box>],
  beforeEach: withParametersApi(),
} satisfies Meta<typeof ReferenceSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

const combobox = () => screen.getByRole('combobox', { name: /^Empresa/ });

export const Empty: Story = {
  play: async () => {
    await expect(combobox()).toHaveValue('');
    await expect(combobox()).toHaveAttribute('placeholder', 'Seleccione...');
  },
};

/** Opened: the first page of names from `/labels`, in order of name. */
export const Open: Story = {
  play: async () => {
    await userEvent.click(combobox());
    await expect(await screen.findByRole('option', { name: 'Agrícola Virú' })).toBeVisible();
  },
};

/** Typing asks the server: only the matching names are offered. */
export const Searched: Story = {
  play: async () => {
    await userEvent.click(combobox());
    // Pasted, one input event, as in SearchableSelect's stories: keys typed at test speed can be lost.
    await userEvent.paste('maipo');
    await expect(await screen.findByRole('option', { name: 'Viñedos del Maipo' }, { timeout: 3000 })).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Viñedos del Maipo']), { timeout: 3000 });
  },
};

/** Under a cascade's choice (the country Chile): only that parent's rows. */
export const FilteredByParent: Story = {
  args: { filters: { paisid: 2 } },
  play: async () => {
    await userEvent.click(combobox());
    await expect(await screen.findByRole('option', { name: 'Viñedos del Maipo' })).toBeVisible();
    await expect(screen.queryByRole('option', { name: 'Agrícola Virú' })).toBeNull();
  },
};

/** A chosen row beyond the first page of options is still named (read by its id). */
export const ChosenOffThePage: Story = {
  args: { value: 45 },
  play: async () => {
    await waitFor(() => expect(combobox()).toHaveValue('Empresa 42'));
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loading()),
  play: async () => {
    await expect(combobox()).toHaveValue('');
  },
};

export const Invalid: Story = {
  args: { error: 'Campo requerido' },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent('Campo requerido');
  },
};

export const Disabled: Story = {
  args: { value: 1, disabled: true },
  play: async () => {
    await waitFor(() => expect(combobox()).toHaveValue('Agrícola Virú'));
    await expect(combobox()).toBeDisabled();
  },
};
