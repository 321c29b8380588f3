import { thresholdHandlers, thresholdScopeFixture } from '@camposense/data-access/testing';
import { writesLocked, WRITES_LOCKED_REASON } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { groupRows, NO_PICKS } from '../thresholds-screen/threshold-scope';
import { ThresholdPanel } from './threshold-panel';

const rows = groupRows(thresholdScopeFixture, NO_PICKS).flatMap((group) => group.nodes.flatMap((node) => node.rows));
const withThreshold = rows.find((row) => row.umbral?.umbralid === 1001)!;
const withoutThreshold = rows.find((row) => row.umbral === null)!;

const meta = {
  title: 'Thresholds/ThresholdPanel',
  component: ThresholdPanel,
  args: { mode: 'edit', place: withThreshold.place, umbral: withThreshold.umbral!, onClose: fn(), onSaved: fn() },
  argTypes: { mode: { control: 'inline-radio', options: ['edit', 'view', 'create'] } },
  parameters: { layout: 'padded' },
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
} satisfies Meta<typeof ThresholdPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const settled = async (canvasElement: HTMLElement) => {
  const region = within(canvasElement);
  await region.findByRole('group', { name: /^(Banda editada|Edited band)/ });
  await region.findByRole('img', { name: /NODO-SJO-01/ });
};

export const Editing: Story = {
  play: async ({ canvas, canvasElement }) => {
    await settled(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Editar umbral' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await expect(await canvas.findByRole('list', { name: 'Historial' })).toBeVisible();
  },
};

export const InvalidBand: Story = {
  play: async ({ canvas, canvasElement }) => {
    await settled(canvasElement);
    await userEvent.clear(canvas.getByRole('textbox', { name: /^Mínimo/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: /^Mínimo/ }), '40');
    await expect(await canvas.findByText('El mínimo no puede ser mayor que el máximo')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { mode: 'view' },
  play: async ({ canvas, canvasElement }) => {
    await settled(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /^Mínimo/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Guardar' })).toBeNull();
  },
};

export const Creating: Story = {
  args: { mode: 'create', place: withoutThreshold.place, umbral: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Nuevo umbral' })).toBeVisible();
    await expect(await canvas.findByText('Las cuentas de la vista previa aparecen cuando el umbral exista.')).toBeVisible();
    await canvas.findByRole('img', { name: /NODO-SJO-01/ });
  },
};

export const HistoryError: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.get('/api/sense/umbral/:id/historial', () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'Error' } }, { status: 500 }))),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No se pudo cargar el historial')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
  },
};

/** Offline (issue 30): the band can be edited and previewed, but not saved; the button says why. */
export const OfflineLocked: Story = {
  decorators: [writesLocked],
  play: async ({ canvas, canvasElement }) => {
    await settled(canvasElement);
    const maximum = canvas.getByRole('textbox', { name: /^(Máximo|Maximum)/ });
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '31');
    const save = canvas.getByRole('button', { name: /^(Guardar|Save)$/ });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    await expect(canvas.getByText(WRITES_LOCKED_REASON)).toBeVisible();
  },
};

export const OfflineLockedEnglish: Story = { ...OfflineLocked, globals: { language: 'en' } };
