import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusCard } from './status-card';

const meta = {
  title: 'UI/StatusCard',
  component: StatusCard,
  args: { online: true, activeTime: '2 h 15 min', sensors: 60, activeAlerts: 1284 },
  decorators: [(Story) => <Box p="4" maxW="16rem"><Story /></Box>],
} satisfies Meta<typeof StatusCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Online: Story = {};
export const Offline: Story = { args: { online: false, sensors: null, activeAlerts: null } };
export const Inline: Story = { args: { variant: 'inline' }, decorators: [(Story) => <Box p="4"><Story /></Box>] };
export const English: Story = { globals: { language: 'en' } };
