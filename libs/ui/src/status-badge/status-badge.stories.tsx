import { HStack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  argTypes: {
    // 1 active, 0 inactive, -1 processed; anything else shows as unknown.
    statusid: { control: 'select', options: [1, 0, -1, null] },
  },
  args: { statusid: 1 },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 1 active (green), 0 inactive (red), -1 processed (yellow), anything else unknown. */
export const AllStatuses: Story = {
  render: () => (
    <HStack gap="3" p="4">
      <StatusBadge statusid={1} />
      <StatusBadge statusid={0} />
      <StatusBadge statusid={-1} />
      <StatusBadge statusid={7} />
      <StatusBadge statusid={null} />
    </HStack>
  ),
  play: async () => {
    for (const label of ['Activo', 'Inactivo', 'PROCESADA']) await expect(screen.getByText(label)).toBeVisible();
    await expect(screen.getAllByText('DESCONOCIDO')).toHaveLength(2);
  },
};

export const AllStatusesEnglish: Story = {
  ...AllStatuses,
  globals: { language: 'en' },
  play: async () => {
    for (const label of ['Active', 'Inactive', 'PROCESSED']) await expect(screen.getByText(label)).toBeVisible();
    await expect(screen.getAllByText('UNKNOWN')).toHaveLength(2);
  },
};

/** One badge from the args: the story to try a status from the Controls panel. */
export const OneStatus: Story = {
  decorators: [(Story) => <HStack p="4"><Story /></HStack>],
  play: async () => {
    await expect(screen.getByText('Activo')).toBeVisible();
  },
};
