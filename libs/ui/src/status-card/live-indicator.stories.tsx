import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { LiveIndicator } from './live-indicator';

/** 14:05:09 in Lima. */
const LAST_EVENT = new Date('2026-11-21T19:05:09Z');

const meta = {
  title: 'UI/LiveIndicator',
  component: LiveIndicator,
  args: { state: 'live', lastEventAt: LAST_EVENT, timeZone: 'America/Lima' },
  decorators: [(Story) => <Box p="4" maxW="40rem"><Story /></Box>],
} satisfies Meta<typeof LiveIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

const says = (text: RegExp) => async () => {
  await expect(screen.getByRole('status')).toHaveTextContent(text);
};

/** The stream speaks: live, with the time it was last heard. */
export const Live: Story = { play: says(/^(Se actualiza en vivo· Último evento: 14:05:09|Updates live· Last event: 14:05:09)$/) };
export const LiveEnglish: Story = { ...Live, globals: { language: 'en' } };
/** Before its first event. */
export const Connecting: Story = { args: { state: 'connecting', lastEventAt: null }, play: says(/^(Conectando con el flujo en vivo…|Connecting to live updates…)$/) };
export const ConnectingEnglish: Story = { ...Connecting, globals: { language: 'en' } };
/** Silent past its watchdog or cut: reconnecting, still saying when it was last heard. */
export const Reconnecting: Story = { args: { state: 'reconnecting' }, play: says(/^(Reconectando…· Último evento: 14:05:09|Reconnecting…· Last event: 14:05:09)$/) };
export const ReconnectingEnglish: Story = { ...Reconnecting, globals: { language: 'en' } };
/** Given up, offline tab or signed out. */
export const Off: Story = { args: { state: 'off' }, play: says(/^(Sin actualizaciones en vivo· Último evento: 14:05:09|No live updates· Last event: 14:05:09)$/) };
export const OffEnglish: Story = { ...Off, globals: { language: 'en' } };
