import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChoiceList } from './choice-list';
import type { ChoiceListProps } from './choice-list';

/** The list with its own ticks, as a form holds them. */
function Controlled(props: ChoiceListProps) {
  const [selected, setSelected] = useState<number[]>([...props.selected]);
  return (
    <ChoiceList
      {...props}
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Parameters/ChoiceList',
  component: ChoiceList,
  render: (args) => <Controlled {...args} />,
  args: {
    label: 'Nodos',
    options: [
      { value: 7, label: 'NODO-07', detail: '70B3D57ED0000007 · Parcela Norte' },
      { value: 8, label: 'NODO-08', detail: '70B3D57ED0000008 · Parcela Norte' },
      { value: 9, label: 'Nodo Viñedo', detail: '70B3D57ED0000009 · Ladera Sur' },
    ],
    selected: [],
    onChange: fn(),
    emptyText: 'No hay nodos',
    required: true,
  },
  argTypes: { onChange: { control: false } },
} satisfies Meta<typeof ChoiceList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async () => {
    await expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    await expect(screen.getByText('0 elegidos')).toBeVisible();
  },
};

/** A search by DevEUI or place narrows the list; accents and case are ignored. */
export const Filtered: Story = {
  play: async () => {
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar en Nodos' }), 'vinedo');
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(1));
    await expect(screen.getByRole('checkbox', { name: /Nodo Viñedo/ })).toBeVisible();
  },
};

export const NoMatches: Story = {
  play: async () => {
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar en Nodos' }), 'zzz');
    await expect(await screen.findByText('No se encontraron resultados')).toBeVisible();
  },
};

export const Selected: Story = {
  args: { selected: [7, 9] },
  play: async ({ args }) => {
    await expect(screen.getByRole('checkbox', { name: /NODO-07/ })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /NODO-08/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith([7, 9, 8]);
    await expect(screen.getByText('3 elegidos')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { options: [] },
  play: async () => {
    await expect(screen.getByText('No hay nodos')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { error: 'Elija al menos un nodo' },
  play: async () => {
    await expect(within(screen.getByRole('group', { name: 'Nodos' })).getByText('Elija al menos un nodo')).toBeVisible();
  },
};

export const Disabled: Story = { args: { disabled: true, selected: [8] } };

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  args: { label: 'Nodes' },
  play: async () => {
    await expect(screen.getByRole('textbox', { name: 'Search Nodes' })).toBeVisible();
    await expect(screen.getByText('0 chosen')).toBeVisible();
  },
};
