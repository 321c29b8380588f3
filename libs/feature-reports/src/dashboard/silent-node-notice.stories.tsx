import { Box } from '@chakra-ui/react';
import { nodosFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SilentNodeNotice } from './silent-node-notice';

/** NODO-SJO-03 of the fixtures: silent for 95 minutes, past its 60-minute window. */
const silentNode = nodosFixture.find((node) => node.episodioSinDatos !== null)!;

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

export const Silent: Story = {
  play: async ({ args }) => {
    await expect(screen.getByText(/NODO-SJO-03 no envía datos desde/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer' }));
    await expect(args.onAcknowledge).toHaveBeenCalledWith(901);
  },
};
export const SilentEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText(/NODO-SJO-03 has sent no data since/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeEnabled();
  },
};
/** The acknowledgement under way: the button spins and keeps its name. */
export const Acknowledging: Story = {
  args: { onAcknowledge: fn(() => new Promise<void>(() => undefined)) },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reconocer' })).toBeDisabled());
  },
};
export const AcknowledgeFailed: Story = {
  args: { onAcknowledge: fn(async () => Promise.reject(new Error('500'))) },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Reconocer' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo reconocer el aviso');
  },
};
export const AcknowledgeFailedEnglish: Story = {
  ...AcknowledgeFailed,
  globals: { language: 'en' },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('The alarm could not be acknowledged');
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
