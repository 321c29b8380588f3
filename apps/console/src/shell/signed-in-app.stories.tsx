import { AuthProvider } from '@camposense/data-access';
import { adminUser, liveHandlers, senseHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { SignedInApp } from './signed-in-app';

/** The whole signed-in console with its providers, starting on the welcome screen. */
const meta = {
  title: 'Console/SignedInApp',
  component: SignedInApp,
  args: { user: adminUser },
  decorators: [(Story) => <AuthProvider><Story /></AuthProvider>],
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status(), ...liveHandlers.streaming());
  },
} satisfies Meta<typeof SignedInApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: /BIENVENIDO|WELCOME/ })).toBeVisible();
    // The stream's first heartbeat makes the console live: the header says so, and no banner shows.
    await expect((await screen.findAllByText(/^(Sistema en línea|System online)$/))[0]).toBeVisible();
    await expect(screen.queryByRole('alert', { name: /^(Sin conexión|No connection)/ })).toBeNull();
  },
};
