import {
  nodeHealthBatteryLowFixture,
  nodeHealthExternalPowerFixture,
  nodeHealthNoRadioFixture,
  nodeMapHandlers,
} from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { NodeHealthPanel } from './node-health-panel';

/** Waits until both trend charts have drawn. */
async function trendDrawn() {
  await waitFor(() => expect(screen.getAllByRole('img').filter((chart) => chart.getAttribute('data-drawn-at'))).toHaveLength(2), { timeout: 15_000 });
}

const meta = {
  title: 'Reports/NodeMap/NodeHealthPanel',
  component: NodeHealthPanel,
  args: { nodoId: 1, onClose: fn() },
  parameters: { viewport: { defaultViewport: 'desktop' } },
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.health());
  },
} satisfies Meta<typeof NodeHealthPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Last uplink, the RSSI/SNR trend, the battery and the lost uplinks. */
export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'SALUD DEL NODO · NODO-SJO-01' })).toBeVisible();
    await expect(screen.getByText('-97 dBm')).toBeVisible();
    await expect(screen.getByText('7,5 dB')).toBeVisible();
    await expect(screen.getByText('12 · 1,2 % perdidas')).toBeVisible();
    const gaps = screen.getByRole('list', { name: 'Últimos huecos' });
    await expect(within(gaps).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(gaps).getAllByRole('listitem')[0]).toHaveTextContent('Tramas 4101–4103 · 3 perdidas');
    await trendDrawn();
  },
};

export const BatteryLow: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.health(nodeHealthBatteryLowFixture));
  },
  play: async () => {
    await expect(await screen.findByText('12 %')).toBeVisible();
    // The state badge and the battery's own mark.
    await expect(screen.getAllByText('BATERÍA BAJA')).toHaveLength(2);
    await trendDrawn();
  },
};

export const ExternalPower: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.health(nodeHealthExternalPowerFixture));
  },
  play: async () => {
    await expect(await screen.findByText('Alimentación externa')).toBeVisible();
    await expect(screen.getByText('Sí')).toBeVisible();
    await trendDrawn();
  },
};

/** No radio data yet: said, not an empty panel of dashes. */
export const Empty: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.health(nodeHealthNoRadioFixture));
  },
  play: async () => expect(await screen.findByText('Sin datos de radio todavía')).toBeVisible(),
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.healthPending());
  },
  play: async () => expect(await screen.findByText('Cargando salud del nodo...')).toBeVisible(),
};

export const Error: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...nodeMapHandlers.healthError());
  },
  play: async () => expect(await screen.findByText('Error al cargar la salud del nodo')).toBeVisible(),
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'NODE HEALTH · NODO-SJO-01' })).toBeVisible();
    await expect(screen.getByText('12 · 1.2 % lost')).toBeVisible();
    await trendDrawn();
  },
};

export const BatteryLowEnglish: Story = {
  ...BatteryLow,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByText('12 %')).toBeVisible();
    await expect(screen.getAllByText('LOW BATTERY')).toHaveLength(2);
    await trendDrawn();
  },
};

export const EmptyEnglish: Story = {
  ...Empty,
  globals: { language: 'en' },
  play: async () => expect(await screen.findByText('No radio data yet')).toBeVisible(),
};
