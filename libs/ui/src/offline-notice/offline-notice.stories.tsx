import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { OfflineNotice } from './offline-notice';

const meta = {
  title: 'UI/OfflineNotice',
  component: OfflineNotice,
  // Stories run in America/Lima (UTC-5): 17:58 UTC is 12:58 there.
  args: { since: new Date('2026-11-21T18:05:00Z'), lastDataAt: new Date('2026-11-21T17:58:00Z') },
} satisfies Meta<typeof OfflineNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Without signal: since when, from when the data shown is, and that changes wait for the connection. */
export const Offline: Story = {
  play: async () => {
    const notice = screen.getByRole('status', { name: /^(Sin conexión desde el 21\/11\/2026, 13:05|Offline since 11\/21\/2026, 13:05)/ });
    await expect(notice).toHaveTextContent(/(Últimos datos del 21\/11\/2026, 12:58|Last data from 11\/21\/2026, 12:58)/);
    await expect(notice).toHaveTextContent(/(Los cambios están desactivados|Changes are disabled)/);
  },
};
export const OfflineEnglish: Story = { ...Offline, globals: { language: 'en' } };
export const OfflinePhone: Story = { ...Offline, globals: { viewport: { value: 'phone' } } };
/** Storage refused, nothing shown yet: it says offline without a time. */
export const SinceUnknown: Story = {
  args: { since: null, lastDataAt: null },
  play: async () => {
    await expect(screen.getByRole('status', { name: /^(Sin conexión|Offline)$/ })).toBeVisible();
  },
};
export const SinceUnknownEnglish: Story = { ...SinceUnknown, globals: { language: 'en' } };
