import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { StatusCard } from './status-card';

const meta = {
  title: 'UI/StatusCard',
  component: StatusCard,
  args: { connection: 'live', activeTime: '2 h 15 min', sensors: 60, activeAlerts: 1284 },
  decorators: [(Story) => <Box p="4" maxW="16rem"><Story /></Box>],
} satisfies Meta<typeof StatusCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const says = (text: RegExp) => async () => {
  await expect(screen.getByText(text)).toBeVisible();
};

export const Online: Story = { play: says(/^(Sistema en línea|System online)$/) };
/** The stream is down or requests get no answer: the banner and the live indicator say the same. */
export const Offline: Story = { args: { connection: 'reconnecting', sensors: null, activeAlerts: null }, play: says(/^(Sin conexión|Offline)$/) };
export const OfflineEnglish: Story = { ...Offline, globals: { language: 'en' } };
/** The console stopped following the stream (gave up, offline tab). */
export const Off: Story = { args: { connection: 'off', sensors: null, activeAlerts: null }, play: says(/^(Sin conexión|Offline)$/) };
export const OffEnglish: Story = { ...Off, globals: { language: 'en' } };
/** Before the stream's first event: neither online nor lost yet. */
export const Connecting: Story = { args: { connection: 'connecting' }, play: says(/^(Conectando…|Connecting…)$/) };
export const ConnectingEnglish: Story = { ...Connecting, globals: { language: 'en' } };
export const Inline: Story = { args: { variant: 'inline' }, decorators: [(Story) => <Box p="4"><Story /></Box>] };
export const InlineReconnecting: Story = { ...Inline, args: { variant: 'inline', connection: 'reconnecting' }, play: says(/^(Sin conexión|Offline)$/) };
export const English: Story = { globals: { language: 'en' }, play: says(/^System online$/) };
