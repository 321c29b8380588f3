import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { SearchableSelect, type SearchableSelectProps } from './searchable-select';

// Numbered from 1 in this order: the Selected story's value 2 is Santa Rosa.
const fundos = ['San José', 'Santa Rosa', 'El Palto', 'Los Olivos', 'La Esperanza', 'Chavimochic Norte', 'Chavimochic Sur', 'Pampa Baja', 'Valle Alto', 'Río Seco', 'Las Lomas', 'Santa Ana'].map(
  (label, index) => ({ value: index + 1, label }),
);

function Controlled(props: Omit<SearchableSelectProps, 'value' | 'onChange'> & { initial?: number | null; onChange?: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <SearchableSelect
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/SearchableSelect',
  component: SearchableSelect,
  argTypes: {
    options: { control: false },
    error: { control: 'text' },
  },
  args: { label: 'Fundo', options: fundos, value: null, onChange: fn(), inline: true },
  decorators: [(Story) => <Box p="4" w="16rem" minH="26rem"><Story /></Box>],
  render: (args) => <Controlled {...args} initial={args.value} />,
} satisfies Meta<typeof SearchableSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { value: 2 } };
export const Disabled: Story = { args: { disabled: true } };
export const Loading: Story = { args: { options: [], loading: true } };

/** Open with every option: the list stops at about 15rem and scrolls. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await expect(await screen.findByRole('option', { name: 'Santa Ana' })).toBeInTheDocument();
  },
};

// The search text is pasted, one input event: keys typed at test speed (no time between them) can
// land while the combobox writes its previous controlled value back into the input, and one is
// lost (the input read "olvos" for "olivos", "SANA" for "SANTA"). A person's keys come far apart.

/** Case- and accent-insensitive substring match. */
export const Filtered: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await screen.findByRole('listbox');
    await userEvent.paste('SANTA');
    await expect(canvas.getByRole('combobox')).toHaveValue('SANTA');
    await expect(await screen.findByRole('option', { name: 'Santa Rosa' }, { timeout: 5000 })).toBeVisible();
    await expect(screen.getByRole('option', { name: 'Santa Ana' })).toBeVisible();
    await expect(screen.queryByRole('option', { name: 'San José' })).toBeNull();
  },
};

export const NoResults: Story = {
  // Ark's combobox keeps its listbox open and empty to show the "no results" text inside it; axe
  // wants a listbox to own options. The text is announced all the same (Combobox.Empty), so only
  // this state skips the rule.
  parameters: { a11y: { config: { rules: [{ id: 'aria-required-children', enabled: false }] } } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await userEvent.paste('zzz');
    await expect(await screen.findByText(/No se encontraron resultados|No results found/)).toBeVisible();
  },
};

export const NoResultsEnglish: Story = { ...NoResults, globals: { language: 'en' } };

export const Chooses: Story = {
  args: { onChange: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await userEvent.paste('olivos');
    await userEvent.click(await screen.findByRole('option', { name: 'Los Olivos' }, { timeout: 5000 }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
  },
};

/** In a form: the label marked (*) and the error under the control. */
export const RequiredWithError: Story = { args: { required: true, error: 'Campo requerido' } };

/**
 * The server matched more than it sent (a reference select asks for the first 50): the list ends
 * with how many are shown of how many, and says to type to narrow them.
 */
export const MoreResults: Story = {
  args: { matches: { shown: fundos.length, total: 1284 } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox'));
    await expect(await screen.findByText(/Se muestran 12 de 1284|Showing 12 of 1,284/)).toBeVisible();
    await expect(screen.getByRole('option', { name: 'Santa Ana' })).toBeInTheDocument();
  },
};

export const MoreResultsEnglish: Story = { ...MoreResults, globals: { language: 'en' } };
