import { Box } from '@chakra-ui/react';
import { authHandlers } from '@camposense/data-access/testing';
import { Toaster, dismissAllToasts } from '@camposense/ui';
import { toastShown, writesLocked, WRITES_LOCKED_REASON } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { IngestKeysSetting } from './ingest-keys-setting';

const meta = {
  title: 'Settings/IngestKeysSetting',
  component: IngestKeysSetting,
  beforeEach: () => {
    dismissAllToasts();
  },
  decorators: [
    (Story) => (
      <Box p="6" w="48rem">
        <Story />
        <Toaster />
      </Box>
    ),
  ],
} satisfies Meta<typeof IngestKeysSetting>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: /^(Claves de ingesta|Ingest keys)$/ });

/** Two gateways' keys: the active one can be revoked, the revoked one only read. */
export const Loaded: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    const list = await table();
    await expect(within(list).getByText('Gateway Fundo San José')).toBeVisible();
    await expect(within(list).getByText('csk_3fJa…')).toBeVisible();
    await expect(within(list).getAllByRole('button', { name: /^Revocar la clave/ })).toHaveLength(1);
    await expect(within(list).getByText('Inactivo')).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    const list = await table();
    await expect(within(list).getByRole('button', { name: 'Revoke the key Gateway Fundo San José' })).toBeVisible();
    await expect(within(list).getByText('Inactive')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeysPending()),
  play: async () => {
    await expect(await screen.findByText('Cargando las claves de ingesta...')).toBeVisible();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeysError()),
  play: async () => {
    await expect(await screen.findByText('No se pudieron leer las claves de ingesta')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys([])),
  play: async () => {
    await expect(await screen.findByText('Aún no hay claves de ingesta')).toBeVisible();
  },
};

/** Creating without a name asks for one and sends nothing. */
export const NameRequired: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'CREAR CLAVE' }));
    await expect(await screen.findByText('Campo requerido')).toBeVisible();
    await expect(screen.getAllByRole('row')).toHaveLength(3);
  },
};

/** A new key is shown once, to copy, and joins the list. */
export const Created: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre de la clave/ }), 'Gateway Fundo El Retiro');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR CLAVE' }));
    await expect(await screen.findByText('csk_Q7mZp2VbX9rT4wLk8sHd3nYe6uFa1cJ0')).toBeVisible();
    await expect(screen.getByText('No se volverá a mostrar. Configure con ella la pasarela «Gateway Fundo El Retiro».')).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    await expect(screen.getByRole('textbox', { name: /^Nombre de la clave/ })).toHaveValue('');
  },
};

/** While the key is made, the button says so. */
export const Creating: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeysWritePending(), ...authHandlers.ingestKeys()),
  play: async () => {
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre de la clave/ }), 'Gateway Fundo El Retiro');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR CLAVE' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /CREANDO/ })).toBeDisabled());
  },
};

export const CreateFailed: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeysWriteError(), ...authHandlers.ingestKeys()),
  play: async () => {
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre de la clave/ }), 'Gateway Fundo El Retiro');
    await userEvent.click(screen.getByRole('button', { name: 'CREAR CLAVE' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo crear la clave');
    await expect(screen.getByRole('textbox', { name: /^Nombre de la clave/ })).toHaveValue('Gateway Fundo El Retiro');
  },
};

/** Revoking asks first, in plain words. */
export const RevokeConfirm: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    const list = await table();
    await userEvent.click(within(list).getByRole('button', { name: 'Revocar la clave Gateway Fundo San José' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('¿Revocar la clave «Gateway Fundo San José»?');
    await expect(dialog).toHaveTextContent('dejará de poder enviar lecturas en el acto');
  },
};

/** Confirmed: the key shows revoked and a toast says so. */
export const Revoked: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    const list = await table();
    await userEvent.click(within(list).getByRole('button', { name: 'Revocar la clave Gateway Fundo San José' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'REVOCAR' }));
    await waitFor(() => expect(toastShown('Clave revocada')).toBe(true));
    await waitFor(() => expect(within(list).queryAllByRole('button', { name: /^Revocar la clave/ })).toHaveLength(0));
    await expect(within(list).getAllByText('Inactivo')).toHaveLength(2);
  },
};

/** Offline (issue 30): the keys are listed, but none can be created or revoked; the buttons say why. */
export const OfflineLocked: Story = {
  decorators: [writesLocked],
  beforeEach: ({ msw }) => msw.use(...authHandlers.ingestKeys()),
  play: async () => {
    const list = await table();
    const revoke = within(list).getByRole('button', { name: /^(Revocar la clave|Revoke the key) Gateway Fundo San José$/ });
    const create = screen.getByRole('button', { name: /^(CREAR CLAVE|CREATE KEY)$/ });
    for (const button of [revoke, create]) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    }
    await expect(screen.getByText(WRITES_LOCKED_REASON)).toBeVisible();
  },
};

export const OfflineLockedEnglish: Story = { ...OfflineLocked, globals: { language: 'en' } };
