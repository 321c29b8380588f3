import { nodeMapFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { FallbackNodeMap } from './fallback-node-map';

const meta = {
  title: 'Reports/NodeMap/FallbackNodeMap',
  component: FallbackNodeMap,
  args: { nodes: nodeMapFixture.nodos, selectedId: null, onSelect: fn() },
} satisfies Meta<typeof FallbackNodeMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No WebGL, no tiles: the nodes on a plain background with a scale; NODO-SJO-05…07 are one cluster. */
export const Loaded: Story = {
  play: async ({ args }) => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-02 · ALERTA' })).toBeVisible();
    await expect(screen.getByRole('button', { name: /^3 nodos: / })).toBeVisible();
    await expect(screen.getByRole('img', { name: /^Escala: \d+ m$/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'NODO-SJO-04 · BATERÍA BAJA' }));
    await expect(args.onSelect).toHaveBeenCalledWith(4);
  },
};

/** The cluster opened: zoomed onto its three nodes, each its own marker, the scale in metres. */
export const ClusterZoomed: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: /^3 nodos: / }));
    for (const name of ['NODO-SJO-05 · NORMAL', 'NODO-SJO-06 · ALERTA', 'NODO-SJO-07 · NORMAL']) await expect(await screen.findByRole('button', { name })).toBeVisible();
    // The others are outside the zoomed view, and so out of the Tab order.
    await expect(screen.queryByRole('button', { name: 'NODO-SJO-01 · NORMAL' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver todos los nodos' }));
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-01 · NORMAL' })).toBeVisible();
  },
};

export const Selected: Story = {
  args: { selectedId: 3 },
  play: async () => expect(await screen.findByRole('button', { name: 'NODO-SJO-03 · SILENCIOSO' })).toHaveAttribute('aria-pressed', 'true'),
};

/** One node: the narrowest view around it. */
export const SingleNode: Story = {
  args: { nodes: nodeMapFixture.nodos.slice(0, 1) },
  play: async () => expect(await screen.findByRole('img', { name: /^Escala: \d+ m$/ })).toBeVisible(),
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'NODO-SJO-04 · LOW BATTERY' })).toBeVisible();
    await expect(screen.getByRole('img', { name: /^Scale: \d+ m$/ })).toBeVisible();
  },
};
