import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ConnectionBanner } from './connection-banner';

const meta = {
  title: 'UI/ConnectionBanner',
  component: ConnectionBanner,
  args: { lost: true, onRetryNow: fn() },
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
/** The connection is back: nothing is shown. */
export const Back: Story = {
  args: { lost: false },
  play: async () => {
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};
