import { AccessProvider, GlobalFiltersProvider } from '@camposense/data-access';
import { adminUser, noAccessFixture, operatorUser, userAccessFixture, userAccessHandlers } from '@camposense/data-access/testing';
import { WelcomeScreen } from '@camposense/ui';
import type { SessionUser } from '@camposense/domain';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { AccessGate } from './access-gate';

/** Signed in as `user`, whose grant the console reads (issue 32); the screen behind the gate is the welcome. */
const signedInAs =
  (user: SessionUser): Decorator =>
  (Story) => (
    <AccessProvider user={user}>
      <GlobalFiltersProvider>
        <Story />
      </GlobalFiltersProvider>
    </AccessProvider>
  );

const meta = {
  title: 'Console/AccessGate',
  component: AccessGate,
  args: { children: <WelcomeScreen /> },
  decorators: [signedInAs(operatorUser)],
} satisfies Meta<typeof AccessGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The grant is on its way: the screens wait, so none reads a scope about to change. */
export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.ownPending()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(/^(Cargando sus accesos\.\.\.|Loading your access\.\.\.)$/);
  },
};

/** The grant could not be read: nothing of any company is shown, and a retry is offered. */
export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.ownError()),
  play: async () => {
    await expect(await screen.findByText('No se pudieron cargar sus empresas concedidas')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
};

/** A user with no company granted: why the console is empty, and what to do. */
export const NoGrant: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(noAccessFixture)),
  play: async () => {
    await expect(await screen.findByText('Aún no tiene empresas concedidas')).toBeVisible();
    await expect(screen.getByText(/^Pida acceso a un administrador\./)).toBeVisible();
  },
};
export const NoGrantEnglish: Story = {
  ...NoGrant,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByText('No companies have been granted to you yet')).toBeVisible();
    await expect(screen.getByText(/^Ask an administrator for access\./)).toBeVisible();
  },
};

/** Granted companies: the screen shows. */
export const Granted: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(userAccessFixture)),
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  },
};

/** An admin's grant is not asked: the screen shows at once, with no company granted. */
export const Admin: Story = {
  decorators: [signedInAs(adminUser)],
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.ownPending()),
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  },
};

