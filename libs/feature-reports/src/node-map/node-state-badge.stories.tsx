import { HStack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { NODE_STATES, NodeStateBadge } from './node-state-badge';

const meta = {
  title: 'Reports/NodeMap/NodeStateBadge',
  component: NodeStateBadge,
  args: { state: 'normal' },
  render: () => (
    <HStack gap="2">
      {NODE_STATES.map((state) => (
        <NodeStateBadge key={state} state={state} />
      ))}
    </HStack>
  ),
} satisfies Meta<typeof NodeStateBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllStates: Story = {
  play: async () => {
    for (const text of ['SILENCIOSO', 'ALERTA', 'BATERÍA BAJA', 'NORMAL']) await expect(screen.getByText(text)).toBeVisible();
  },
};
export const AllStatesEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    for (const text of ['SILENT', 'ALERT', 'LOW BATTERY', 'NORMAL']) await expect(screen.getByText(text)).toBeVisible();
  },
};
