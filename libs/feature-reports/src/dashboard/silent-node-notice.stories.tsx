import { Box } from '@chakra-ui/react';
import { dashboardHandlers, nodosFixture } from '@camposense/data-access/testing';
import { Toaster } from '@camposense/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { typeAcknowledgeNote } from '../shared/story-report';
import { SilentNodeNotice } from './silent-node-notice';

/** NODO-SJO-03 of the fixtures: silent for 95 minutes, past its 60-minute window. */
const silentNode = nodosFixture.find((node) => node.episodioSinDatos !== null)!;

/** What the stories' acknowledge requests sent: the episode and its body. */
const sent: [number, { nota?: string }][] = [];

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
  args: { node: silentNode },
  beforeEach: ({ msw }) => {
    sent.length = 0;
    msw.use(...dashboardHandlers.acknowledgeEpisode((episodioid, body) => sent.push([episodioid, body])));
  },
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
  play: async () => {
    await expect(screen.getByText(/NODO-SJO-03 no envía datos desde/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reconocer episodio sin datos' })).toBeEnabled();
    await expect(sent).toEqual([]);
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
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await expect(within(dialog).getByText(/^Se reconocerá el episodio sin datos de NODO-SJO-03/)).toBeVisible();
    await typeAcknowledgeNote(dialog, 'Batería cambiada');
    await expect(sent).toEqual([]);
  },
};

/** RECONOCER sends the note with the episode, the dialog closes and a toast confirms. */
export const Acknowledge: Story = {
  decorators: [withToaster],
  // The toast closes by itself: no still frame to compare (DialogOpen has the dialog's).
  parameters: { visual: { disable: true } },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer episodio sin datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await typeAcknowledgeNote(dialog, '  Batería cambiada ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RECONOCER' }));
    await waitFor(() => expect(sent).toEqual([[901, { nota: 'Batería cambiada' }]]));
    // The toast comes after the request and the node list asked again; it fades in.
    await waitFor(() => expect(screen.getByText('Episodio reconocido')).toBeVisible());
    await waitFor(() => expect(screen.getByText('Se detuvieron los avisos de sin datos de NODO-SJO-03.')).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** The acknowledgement under way: the confirm spins, cancel and the note wait. */
export const Acknowledging: Story = {
  beforeEach: ({ msw }) => msw.use(...dashboardHandlers.acknowledgeEpisodePending()),
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
  beforeEach: ({ msw }) => msw.use(...dashboardHandlers.acknowledgeEpisodeError()),
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
  beforeEach: ({ msw }) => msw.use(...dashboardHandlers.acknowledgeEpisodeError()),
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
