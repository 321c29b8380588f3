import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ThemeToggle } from './theme-toggle';

const meta = {
  title: 'UI/ThemeToggle',
  component: ThemeToggle,
  // Chakra's own props are not documented from node_modules: the two a designer varies are named here.
  argTypes: {
    size: { control: 'select', options: ['xs', 'sm', 'md', 'lg'] },
    variant: { control: 'select', options: ['ghost', 'outline', 'subtle', 'solid'] },
  },
  args: { size: 'sm', variant: 'ghost' },
  decorators: [(Story) => <div style={{ padding: 24 }}><Story /></div>],
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Its accessible name says which theme a click gives: the opposite of the toolbar's. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const target = globals.theme === 'light' ? /oscuro|dark/i : /claro|light/i;
    await expect(canvas.getByRole('button', { name: target })).toBeVisible();
  },
};
