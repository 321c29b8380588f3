import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AcknowledgeEpisodeDialog } from './acknowledge-episode-dialog';
import { settledAcknowledgeNote, typeAcknowledgeNote } from './story-report';

const meta = {
  title: 'Reports/AcknowledgeEpisodeDialog',
  component: AcknowledgeEpisodeDialog,
  args: { count: 24, onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof AcknowledgeEpisodeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** How many alerts the episode holds, and an optional note; RECONOCER sends the note trimmed. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await expect(within(dialog).getByText(/^Se reconocerán 24 alertas activas de este episodio/)).toBeVisible();
    await typeAcknowledgeNote(dialog, '  Válvula cerrada ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(args.onConfirm).toHaveBeenCalledWith('Válvula cerrada');
  },
};

export const OneAlert: Story = {
  args: { count: 1 },
  play: async () => {
    await expect(await screen.findByText(/^Se reconocerá 1 alerta activa de este episodio/)).toBeVisible();
  },
};

/** On its way: the confirm spins, cancel and the note wait. */
export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toBeDisabled();
    await expect(within(dialog).getByLabelText('Nota (opcional)')).toBeDisabled();
  },
};

/** The last try failed: the dialog says so and stays open to try again. */
export const Failed: Story = {
  args: { failed: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('No se pudo reconocer la alerta');
  },
};

/** A note past the API's bound is refused here first: the confirm sends nothing. */
export const NoteTooLong: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    // Pasted only once the dialog has moved the focus inside itself: CI saw the paste land elsewhere.
    const note = await settledAcknowledgeNote(dialog);
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(501));
    await expect(note).toHaveValue('x'.repeat(501));
    await expect(await within(dialog).findByText('La nota admite como máximo 500 caracteres')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Acknowledge the episode?' });
    await expect(within(dialog).getByText(/^24 active alerts of this episode will be acknowledged/)).toBeVisible();
    await expect(within(dialog).getByLabelText('Note (optional)')).toBeVisible();
  },
};
