import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ConnectionBanner } from './connection-banner';

const meta = {
  title: 'UI/ConnectionBanner',
  component: ConnectionBanner,
  args: { state: 'reconnecting', onRetryNow: fn() },
} satisfies Meta<typeof ConnectionBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No answer from the API: the banner says the console keeps retrying; a click retries now. */
export const Lost: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent(/^(Sin conexión con el servidor\. Reintentando…|No connection to the server\. Retrying…)/);
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar ahora|Retry now)$/ }));
    await expect(args.onRetryNow).toHaveBeenCalled();
  },
};
export const LostEnglish: Story = { ...Lost, globals: { language: 'en' } };
export const LostPhone: Story = { ...Lost, globals: { viewport: { value: 'phone' } } };
/** The console stopped following the stream (gave up, offline tab): no spinner, the button starts again. */
export const Off: Story = {
  args: { state: 'off' },
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent(
      /^(Sin conexión con el servidor\. Las actualizaciones en vivo se detuvieron\.|No connection to the server\. Live updates have stopped\.)/,
    );
    await userEvent.click(screen.getByRole('button', { name: /^(Reintentar ahora|Retry now)$/ }));
    await expect(args.onRetryNow).toHaveBeenCalled();
  },
};
export const OffEnglish: Story = { ...Off, globals: { language: 'en' } };
/** The connection is back (live), or not lost yet (connecting): nothing is shown. */
export const Back: Story = {
  args: { state: 'live' },
  play: async () => {
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};
export const Connecting: Story = { ...Back, args: { state: 'connecting' } };
