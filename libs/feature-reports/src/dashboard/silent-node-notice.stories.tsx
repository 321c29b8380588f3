import { Box } from '@chakra-ui/react';
import { nodosFixture } from '@camposense/data-access/testing';
import { Toaster } from '@camposense/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SilentNodeNotice } from './silent-node-notice';

/** NODO-SJO-03 of the fixtures: silent for 95 minutes, past its 60-minute window. */
const silentNode = nodosFixture.find((node) => node.episodioSinDatos !== null)!;

/** The console's toaster, which the shell renders: the acknowledge stories show their toast. */
const withToaster: Decorator = (Story) => (
  <>
    <Story />
    <Toaster />
  </>
);

const meta = {
  title: 'Reports/Dashboard/SilentNodeNotice',
  component: SilentNodeNotice,
  args: { node: silentNode, onAcknowledge: fn(async () => undefined) },
  decorators: [
    (Story) => (
      <Box p="4" w="44rem">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SilentNodeNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The button says what it takes: the node's no-data episode; nothing is acknowledged before asking. */
export const Silent: Story = {
  play: async ({ args }) => {
    await expect(screen.getByText(/NODO-SJO-03 no envía datos desde/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reconocer episodio sin datos' })).toBeEnabled();
    await expect(args.onAcknowledge).not.toHaveBeenCalled();
  },
};
export const SilentEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText(/NODO-SJO-03 has sent no data since/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Acknowledge no-data episode' })).toBeEnabled();
  },
};

/** The button asks first: the dialog names the node's no-data episode and takes an optional note. */
export const DialogOpen: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await expect(within(dialog).getByText(/^Se reconocerá el episodio sin datos de NODO-SJO-03/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Nota (opcional)'), 'Batería cambiada');
    await expect(args.onAcknowledge).not.toHaveBeenCalled();
  },
};

/** RECONOCER sends the note with the episode, the dialog closes and a toast confirms. */
export const Acknowledge: Story = {
  decorators: [withToaster],
  // The toast closes by itself: no still frame to compare (DialogOpen has the dialog's).
  parameters: { visual: { disable: true } },
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await userEvent.type(within(dialog).getByLabelText('Nota (opcional)'), '  Batería cambiada ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(args.onAcknowledge).toHaveBeenCalledWith(901, 'Batería cambiada');
    await expect(await screen.findByText('Episodio reconocido')).toBeVisible();
    await expect(screen.getByText('Se detuvieron los avisos de sin datos de NODO-SJO-03.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** The acknowledgement under way: the confirm spins, cancel and the note wait. */
export const Acknowledging: Story = {
  args: { onAcknowledge: fn(() => new Promise<void>(() => undefined)) },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'CANCELAR' })).toBeDisabled());
    await expect(within(dialog).getByLabelText('Nota (opcional)')).toBeDisabled();
  },
};

/** A failure is said in the dialog, which stays open to try again, and in a toast. */
export const AcknowledgeFailed: Story = {
  decorators: [withToaster],
  args: { onAcknowledge: fn(async () => Promise.reject(new Error('500'))) },
  // The toast closes by itself: the frame waits for the dialog's message, the toast may be gone.
  parameters: { visual: { disable: true } },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo reconocer el aviso');
    await expect((await screen.findAllByText('No se pudo reconocer el aviso')).length).toBe(2);
    await expect(screen.getByRole('alertdialog')).toBeVisible();
  },
};
/** The failure as the dialog keeps it, without the toast (which closes by itself): the still frame. */
export const AcknowledgeFailedDialog: Story = {
  args: { onAcknowledge: fn(async () => Promise.reject(new Error('500'))) },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo reconocer el aviso');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'RECONOCER' })).toBeEnabled());
  },
};
export const AcknowledgeFailedEnglish: Story = {
  ...AcknowledgeFailedDialog,
  globals: { language: 'en' },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge no-data episode' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Acknowledge the episode?' });
    await expect(within(dialog).getByText(/^The no-data episode of NODO-SJO-03 will be acknowledged/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ACKNOWLEDGE' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The alarm could not be acknowledged');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'ACKNOWLEDGE' })).toBeEnabled());
  },
};
/** Acknowledged and still silent: no button, the node stays marked until it reports. */
export const Acknowledged: Story = {
  args: { node: { ...silentNode, episodioSinDatos: { ...silentNode.episodioSinDatos!, statusid: -1 } } },
  play: async () => {
    await expect(screen.queryByRole('button')).toBeNull();
  },
};
export const AcknowledgedEnglish: Story = { ...Acknowledged, globals: { language: 'en' } };
