import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell } from 'lucide-react';
import { expect, fn } from 'storybook/test';
import { SidebarItem } from './sidebar-item';

const meta = {
  title: 'UI/SidebarItem',
  component: SidebarItem,
  args: { icon: <Bell size={18} />, label: 'ALERTAS', expanded: true, active: false, onClick: fn() },
  argTypes: {
    icon: { control: false },
    accent: { control: 'select', options: ['brand.fg', 'section.reports', 'section.parameters', 'section.thresholds'] },
    hint: { control: 'text' },
  },
  decorators: [(Story) => <Box w="16rem" p="3"><Story /></Box>],
} satisfies Meta<typeof SidebarItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {};
export const WithHint: Story = { args: { hint: 'Alertas activas y reconocidas' } };
export const Active: Story = {
  args: { active: true, accent: 'section.reports' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'ALERTAS' })).toHaveAttribute('aria-current', 'page');
  },
};
/** Collapsed: only the icon shows, the label stays the button's name. */
export const Collapsed: Story = {
  args: { expanded: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'ALERTAS' })).toBeVisible();
  },
};
