import { AccessProvider } from '@camposense/data-access';
import { adminUser, noAccessFixture, operatorUser, userAccessFixture, userAccessHandlers } from '@camposense/data-access/testing';
import type { SessionUser } from '@camposense/domain';
import { Box } from '@chakra-ui/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { MyAccessSetting } from './my-access-setting';

const signedInAs =
  (user: SessionUser): Decorator =>
  (Story) => (
    <AccessProvider user={user}>
      <Box p="4" maxW="32rem">
        <Story />
      </Box>
    </AccessProvider>
  );

const meta = {
  title: 'Settings/MyAccessSetting',
  component: MyAccessSetting,
  decorators: [signedInAs(operatorUser)],
} satisfies Meta<typeof MyAccessSetting>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two companies, each with its level and what the level allows (in the badge's title). */
export const SeveralCompanies: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(userAccessFixture)),
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Empresas concedidas' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(items[0]!).getByText('Agrícola Virú')).toBeVisible();
    await expect(within(items[0]!).getByText('Lectura')).toBeVisible();
    await expect(within(items[1]!).getByText('Viñedos del Maipo')).toBeVisible();
    await expect(within(items[1]!).getByText('Operación')).toBeVisible();
  },
};
export const SeveralCompaniesEnglish: Story = {
  ...SeveralCompanies,
  globals: { language: 'en' },
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Granted companies' });
    await expect(within(list).getByText('Read')).toBeVisible();
    await expect(within(list).getByText('Operate')).toBeVisible();
  },
};

export const NoGrant: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.own(noAccessFixture)),
  play: async () => {
    await expect(await screen.findByText(/^Aún no tienes empresas concedidas\./)).toBeVisible();
  },
};

/** An admin is told they see every company; nothing is asked. */
export const Admin: Story = {
  decorators: [signedInAs(adminUser)],
  play: async () => {
    await expect(await screen.findByText(/^Eres administrador de la plataforma/)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.ownPending()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando tus empresas concedidas...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...userAccessHandlers.ownError()),
  play: async () => {
    await expect(await screen.findByText('No se pudieron cargar tus empresas concedidas')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
};
