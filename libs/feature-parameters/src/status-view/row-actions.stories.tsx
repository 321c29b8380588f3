import { tableFixtures, tableWriteHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { parametersMeta } from '../testing/story-shell';
import { RowActions } from './row-actions';

/** Agrícola Virú (active) and Frutos del Chao (inactive). */
const [active, , maipo] = tableFixtures.empresa!.rows;
const inactive = tableFixtures.empresa!.rows[1]!;

/** An admin's actions on the row picked in a status view: switch it active/inactive, delete it. */
const meta = {
  title: 'Parameters/RowActions',
  component: RowActions,
  args: { table: 'empresa', row: active!, hasStatus: true, onDeleted: fn(), onError: fn() },
  ...parametersMeta,
} satisfies Meta<typeof RowActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing picked yet: the buttons wait for a row. */
export const NoRowPicked: Story = {
  args: { row: null },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'DESACTIVAR' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'ELIMINAR' })).toBeDisabled();
  },
};

export const ActiveRow: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'DESACTIVAR' }));
    await waitFor(() => expect(screen.getByText('Registro desactivado')).toBeVisible());
    await expect(args.onError).toHaveBeenCalledWith(null);
  },
};

export const InactiveRow: Story = {
  args: { row: inactive },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'ACTIVAR' })).toBeEnabled();
  },
};

export const InactiveRowEnglish: Story = {
  ...InactiveRow,
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'ACTIVATE' })).toBeEnabled();
  },
};

/** A table without a status column: delete only. */
export const WithoutStatus: Story = {
  args: { hasStatus: false },
  play: async () => {
    await expect(screen.queryByRole('button', { name: 'DESACTIVAR' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'ELIMINAR' })).toBeEnabled();
  },
};

/** Delete asks first, naming the row. */
export const DeleteConfirm: Story = {
  args: { row: maipo! },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent('Se eliminará «Viñedos del Maipo (empresaid 3)» de Empresa.');
  },
};

/** Confirmed, while the API deletes: the dialog's button is busy. */
export const Deleting: Story = {
  args: { row: maipo! },
  beforeEach: ({ msw }) => msw.use(http.delete('/api/sense/:table/:id', () => delay('infinite'))),
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ELIMINAR' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /ELIMINAR/ })).toBeDisabled());
  },
};

/** Still used by farms: the refusal goes to the view in plain words; the row stays. */
export const DeleteReferenced: Story = {
  args: { row: maipo! },
  beforeEach: ({ msw }) => msw.use(...tableWriteHandlers.referenced([{ table: 'fundo', count: 2, columns: ['empresaid'] }])),
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ELIMINAR' }));
    await waitFor(() => expect(args.onError).toHaveBeenLastCalledWith(expect.stringMatching(/lo usan 2 registros de Fundo/)));
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};
