import { HStack } from '@chakra-ui/react';
import { nodeMapFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { NodeMarker } from './node-marker';

const [normal, alerta, silencioso, bateriaBaja, ...dense] = nodeMapFixture.nodos;

const meta = {
  title: 'Reports/NodeMap/NodeMarker',
  component: NodeMarker,
  args: { nodes: [normal!], onActivate: fn() },
} satisfies Meta<typeof NodeMarker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ args }) => {
    const marker = screen.getByRole('button', { name: 'NODO-SJO-01 · NORMAL' });
    // Reached and opened with the keyboard.
    await userEvent.tab();
    await expect(marker).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onActivate).toHaveBeenCalledOnce();
  },
};
export const Alerta: Story = {
  args: { nodes: [alerta!] },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'NODO-SJO-02 · ALERTA' })).toHaveAttribute('data-state', 'alerta');
  },
};
export const Silencioso: Story = {
  args: { nodes: [silencioso!] },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'NODO-SJO-03 · SILENCIOSO' })).toHaveAttribute('data-state', 'silencioso');
  },
};
export const BateriaBaja: Story = {
  args: { nodes: [bateriaBaja!] },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'NODO-SJO-04 · BATERÍA BAJA' })).toHaveAttribute('data-state', 'bateria-baja');
  },
};
export const Selected: Story = {
  args: { nodes: [alerta!], selected: true },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'NODO-SJO-02 · ALERTA' })).toHaveAttribute('aria-pressed', 'true');
  },
};
/** Three nodes a few metres apart: their count, in the most urgent member's colour (one is in alert). */
export const Cluster: Story = {
  args: { nodes: dense },
  play: async () => {
    const cluster = screen.getByRole('button', { name: '3 nodos: NODO-SJO-05, NODO-SJO-06, NODO-SJO-07. Acercar' });
    await expect(cluster).toHaveTextContent('3');
    await expect(cluster).toHaveAttribute('data-state', 'alerta');
  },
};
export const ClusterEnglish: Story = {
  ...Cluster,
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByRole('button', { name: '3 nodes: NODO-SJO-05, NODO-SJO-06, NODO-SJO-07. Zoom in' })).toBeVisible();
  },
};
/** Every state side by side. */
export const AllStates: Story = {
  render: (args) => (
    <HStack gap="4">
      {[normal!, alerta!, silencioso!, bateriaBaja!].map((node) => (
        <NodeMarker key={node.nodoid} {...args} nodes={[node]} />
      ))}
      <NodeMarker {...args} nodes={dense} />
    </HStack>
  ),
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'NODO-SJO-04 · LOW BATTERY' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'NODO-SJO-03 · SILENT' })).toBeVisible();
  },
};
