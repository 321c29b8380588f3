import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { MapControls } from './map-controls';

const meta = {
  title: 'Reports/NodeMap/MapControls',
  component: MapControls,
  args: { onZoomIn: fn(), onZoomOut: fn(), onReset: fn() },
  decorators: [
    (Story) => (
      <Box position="relative" h="40" w="40" bg="bg.muted">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof MapControls>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Acercar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Alejar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ver todos los nodos' }));
    await expect(args.onZoomIn).toHaveBeenCalledOnce();
    await expect(args.onZoomOut).toHaveBeenCalledOnce();
    await expect(args.onReset).toHaveBeenCalledOnce();
  },
};
export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Show all nodes' })).toBeVisible();
  },
};
