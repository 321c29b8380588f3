import { thresholdHandlers, thresholdScopeFixture } from '@camposense/data-access/testing';
import { DisplayTimeZoneContext } from '@camposense/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { groupRows, NO_PICKS } from '../thresholds-screen/threshold-scope';
import { ThresholdPreview } from './threshold-preview';

const rows = groupRows(thresholdScopeFixture, NO_PICKS).flatMap((group) => group.nodes.flatMap((node) => node.rows));
const { place, umbral } = rows.find((row) => row.umbral?.umbralid === 1001)!;
const current = { umbralid: umbral!.umbralid, minimo: umbral!.minimo, maximo: umbral!.maximo, grado: umbral!.grado, criticidad: umbral!.criticidad };

const meta = {
  title: 'Thresholds/ThresholdPreview',
  component: ThresholdPreview,
  args: { place, current, edited: { minimo: 18, maximo: 30 }, editedSeverity: 1 },
  argTypes: { editedSeverity: { control: { type: 'range', min: 1, max: 3 } } },
  parameters: { layout: 'padded' },
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
} satisfies Meta<typeof ThresholdPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', { name: /^Banda editada/ })).toBeVisible();
    await expect(await canvas.findByRole('img', { name: /Temperatura de NODO-SJO-01/ })).toBeVisible();
    // The axis is in the display zone (the stories' browser, Lima, without the shell) and says so.
    await expect(canvas.getByTestId('chart-time-zone')).toHaveTextContent('America/Lima');
  },
};

/** The shell's zone is a Chilean farm's: the preview's axis follows it and names it. */
export const FarmTimeZone: Story = {
  decorators: [
    (Story) => <DisplayTimeZoneContext.Provider value={{ timeZone: 'America/Santiago', basis: 'fundo' }}>{Story()}</DisplayTimeZoneContext.Provider>,
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: /Temperatura de NODO-SJO-01/ })).toBeVisible();
    await expect(canvas.getByTestId('chart-time-zone')).toHaveTextContent('America/Santiago');
  },
};

/** A limit missing or the band inverted: only the saved band is drawn and counted. */
export const NoEditedBand: Story = {
  args: { edited: null },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: /Temperatura de NODO-SJO-01/ })).toBeVisible();
  },
};

/** A threshold not yet created has no counts. */
export const Creating: Story = {
  args: { current: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Las cuentas de la vista previa aparecen cuando el umbral exista.')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.previewLoading()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Calculando vista previa...')).toBeVisible();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('/api/sense/series', () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'Error' } }, { status: 500 })),
      http.get('/api/sense/umbral/:id/preview', () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'Error' } }, { status: 500 })),
    ),
  play: async ({ canvas }) => {
    // The chart's error at once, the counts' after the edited band's debounce.
    await waitFor(() => expect(canvas.getAllByText('No se pudo calcular la vista previa')).toHaveLength(2));
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('group', { name: /^Edited band/ })).toBeVisible();
  },
};
