import { tableWriteHandlers } from '@camposense/data-access/testing';
import type { BulkCreateError } from '@camposense/domain';
import { writesLocked, WRITES_LOCKED_REASON } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { MassiveView } from './massive-view';
import { loadErrorStory, loadingStory, withParametersApi, withParametersShell } from '../testing/story-shell';

/** Rows naming a node that does not exist are refused, as the API does with an unknown label. */
const unknownNode = (rows: Record<string, unknown>[]): BulkCreateError[] =>
  rows.flatMap((row, index) =>
    row['nodoid'] === 'Nodo X'
      ? [{ index, field: 'nodoid', code: 'FOREIGN_KEY' as const, rule: 'unknownLabel', message: 'No existe ningún registro de nodo llamado "Nodo X"' }]
      : [],
  );

const CSV = 'nodoid,tipoid\nNodo Virú 01,Sonda suelo 40 cm\nNodo X,1\n2,1\nNodo X,2\n';

const meta = {
  title: 'Parameters/MassiveView',
  component: MassiveView,
  args: { table: 'sensor' },
  decorators: [withParametersShell],
  beforeEach: withParametersApi(...tableWriteHandlers.bulk(unknownNode)),
} satisfies Meta<typeof MassiveView>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = () => screen.findByRole('table', { name: /^(Filas para crear en|Rows to create in) / });

async function paste(csv: string) {
  await grid();
  await userEvent.click(screen.getByRole('textbox', { name: /CSV pegado|Pasted CSV/ }));
  await userEvent.paste(csv);
  await userEvent.click(screen.getByRole('button', { name: /CARGAR CSV PEGADO|LOAD PASTED CSV/ }));
}

export const Loading: Story = loadingStory;

export const Error: Story = loadErrorStory('Sensor');

/** One blank row in the grid, the columns the catalogue names, counted as one row none of which has data yet. */
export const Empty: Story = {
  play: async () => {
    await grid();
    await expect(screen.getByText('1 fila · 0 con datos')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'GUARDAR TODO' })).toBeDisabled();
  },
};

export const EmptyEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await grid();
    await expect(screen.getByText('1 row · 0 with data')).toBeVisible();
  },
};

/** A pasted CSV fills the grid (labels or ids), and counts its rows. */
export const Loaded: Story = {
  play: async () => {
    await paste(CSV);
    await expect(await screen.findByText('4 filas')).toBeVisible();
    await expect(screen.getByRole('textbox', { name: 'Fila 2, nodoid' })).toHaveValue('Nodo X');
  },
};

/** The dry run marks each bad row and why; nothing can be saved until they are fixed. */
export const PreviewWithBadRows: Story = {
  play: async () => {
    await paste(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'REVISAR' }));
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('2 de 4 filas tienen errores');
    await expect(within(alert).getByText('Fila 2 — Nodo: ningún registro se llama así')).toBeVisible();
    await expect(within(alert).getByText('Fila 4 — Nodo: ningún registro se llama así')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'GUARDAR TODO' })).toBeDisabled();
  },
};

export const PreviewWithBadRowsEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await paste(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'CHECK' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Row 2 — Node: no record has that name');
  },
};

/** Every row valid: GUARDAR TODO writes them all and says how many. */
export const Created: Story = {
  play: async () => {
    await paste('nodoid,tipoid\n1,2\n2,1\n');
    await userEvent.click(screen.getByRole('button', { name: 'REVISAR' }));
    await expect(await screen.findByText('Todas las filas son válidas')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'GUARDAR TODO' }));
    await waitFor(() => expect(screen.getByText('Se crearon 2 registros en Sensor')).toBeVisible());
    await waitFor(() => expect(screen.getByText('1 fila · 0 con datos')).toBeVisible());
  },
};

/** A CSV column the table does not have is named and left out. */
export const UnknownColumn: Story = {
  play: async () => {
    await paste('nodoid,tipoid,color\n1,2,rojo\n');
    await expect(await screen.findByText('Columnas que Sensor no tiene (se ignoran): color')).toBeVisible();
  },
};

export const Busy: Story = {
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.bulkPending()),
  play: async () => {
    await paste('nodoid,tipoid\n1,2\n');
    await userEvent.click(screen.getByRole('button', { name: 'REVISAR' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /REVISAR/ })).toBeDisabled());
  },
};

/** Offline (issue 30): the rows can be pasted and edited, but checking and saving both need the API, and say why. */
export const OfflineLocked: Story = {
  decorators: [writesLocked],
  play: async () => {
    await paste(CSV);
    for (const name of [/^(REVISAR|CHECK)$/, /^(GUARDAR TODO|SAVE ALL)$/]) {
      const button = screen.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    }
    await expect(screen.getByText(WRITES_LOCKED_REASON)).toBeVisible();
  },
};

export const OfflineLockedEnglish: Story = { ...OfflineLocked, globals: { language: 'en' } };
