import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  argTypes: {
    description: { control: 'text' },
  },
  args: {
    open: true,
    title: '¿Eliminar el registro?',
    description: 'Se eliminará la empresa Agrícola Andina. Esta acción no se puede deshacer.',
    confirmLabel: 'ELIMINAR',
    tone: 'red',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A destructive question: cancel has the focus, confirm is red. */
export const Destructive: Story = {
  play: async ({ args }) => {
    await screen.findByRole('alertdialog');
    await waitFor(() => expect(screen.getByRole('button', { name: 'CANCELAR' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'ELIMINAR' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** The default labels and the orange warning tone. */
export const Warning: Story = { args: { confirmLabel: undefined, tone: undefined } };

/** The confirmed action is running: confirm spins and cancel waits. */
export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    await screen.findByRole('alertdialog');
    await expect(screen.getByRole('button', { name: 'CANCELAR' })).toBeDisabled();
  },
};
