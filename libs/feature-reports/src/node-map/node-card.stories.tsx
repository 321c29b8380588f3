import { nodeMapFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { NodeCard } from './node-card';

const [normal, alerta, silencioso, bateriaBaja, , , withoutRadio] = nodeMapFixture.nodos;

const meta = {
  title: 'Reports/NodeMap/NodeCard',
  component: NodeCard,
  args: { node: normal!, onOpenCharts: fn(), onOpenHealth: fn(), onClose: fn() },
} satisfies Meta<typeof NodeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A node's last values, battery and signal, and the ways to its charts and its health. */
export const Normal: Story = {
  play: async ({ args }) => {
    const card = screen.getByRole('dialog', { name: 'NODO-SJO-01' });
    await expect(card).toHaveTextContent('21,4 °C');
    await expect(card).toHaveTextContent('87 %');
    await expect(card).toHaveTextContent('-97 dBm');
    await userEvent.click(screen.getByRole('button', { name: 'VER GRÁFICOS' }));
    await expect(args.onOpenCharts).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'VER SALUD' }));
    await expect(args.onOpenHealth).toHaveBeenCalledWith(1);
  },
};
export const Alerta: Story = { args: { node: alerta! }, play: async () => expect(screen.getByText('ALERTA')).toBeVisible() };
export const Silencioso: Story = { args: { node: silencioso! }, play: async () => expect(screen.getByText('SILENCIOSO')).toBeVisible() };
export const BateriaBaja: Story = { args: { node: bateriaBaja! }, play: async () => expect(screen.getByText('12 %')).toBeVisible() };
/** No battery nor signal known, no values yet. */
export const Empty: Story = {
  args: { node: { ...withoutRadio!, valores: [], ultimaFecha: null } },
  play: async () => {
    await expect(screen.getByText('Sin valores recibidos')).toBeVisible();
    await expect(screen.getByText('Sin datos')).toBeVisible();
  },
};
export const NormalEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'SHOW CHARTS' })).toBeVisible();
    await expect(screen.getByRole('dialog')).toHaveTextContent('21.4 °C');
  },
};
