import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent } from 'storybook/test';
import { FilterSelect } from './filter-select';
import type { FilterSelectProps } from './filter-select';

const OPTIONS = [
  { value: 1, label: 'Lote Norte' },
  { value: 2, label: 'Lote Sur' },
  { value: 3, label: 'Invernadero' },
];

/** The select with its choice kept in state, so the Controls and the story can change it. */
function Demo(props: Omit<FilterSelectProps<number>, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return <FilterSelect {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Reports/FilterSelect',
  component: Demo,
  args: { label: 'Ubicación', allLabel: 'Todas', value: null, options: OPTIONS, disabled: false },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing narrows: the "all" option is chosen. */
export const All: Story = {
  play: async () => {
    await expect(screen.getByRole('combobox', { name: 'Ubicación' })).toHaveDisplayValue('Todas');
  },
};

/** A choice made, then back to "all". */
export const Chosen: Story = {
  play: async () => {
    const select = screen.getByRole('combobox', { name: 'Ubicación' });
    await userEvent.selectOptions(select, 'Lote Sur');
    await expect(select).toHaveDisplayValue('Lote Sur');
  },
};

/** While its options load. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async () => {
    await expect(screen.getByRole('combobox', { name: 'Ubicación' })).toBeDisabled();
  },
};
