import { nodeMapFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { NodeList } from './node-list';

const meta = {
  title: 'Reports/NodeMap/NodeList',
  component: NodeList,
  args: { nodes: nodeMapFixture.nodos, selectedId: null, onSelect: fn() },
} satisfies Meta<typeof NodeList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The map's list alternative: every node with its state, last reading, battery and signal. */
export const Loaded: Story = {
  play: async ({ args }) => {
    const table = screen.getByRole('table', { name: 'Nodos del mapa' });
    await expect(within(table).getAllByRole('row')).toHaveLength(8);
    await userEvent.click(within(table).getByRole('button', { name: 'NODO-SJO-04' }));
    await expect(args.onSelect).toHaveBeenCalledWith(4);
  },
};
export const Selected: Story = {
  args: { selectedId: 2 },
  play: async () => expect(screen.getByRole('button', { name: 'NODO-SJO-02' })).toHaveAttribute('aria-pressed', 'true'),
};
export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => expect(screen.getByRole('table', { name: 'Nodes of the map' })).toBeVisible(),
};
