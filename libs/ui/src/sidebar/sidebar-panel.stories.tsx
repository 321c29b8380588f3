import { Flex, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SidebarPanel } from './sidebar-panel';

const meta = {
  title: 'UI/SidebarPanel',
  component: SidebarPanel,
  args: { label: 'Navegación', expanded: true, children: <Text p="3">Contenido del menú</Text> },
  argTypes: { children: { control: false } },
  decorators: [(Story) => <Flex h="100vh"><Story /></Flex>],
} satisfies Meta<typeof SidebarPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Navegación' })).toBeVisible();
  },
};
export const Collapsed: Story = { args: { expanded: false, children: null } };
export const Pinned: Story = { args: { pinned: true } };
