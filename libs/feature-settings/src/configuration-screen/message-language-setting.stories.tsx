import { Box } from '@chakra-ui/react';
import { authHandlers } from '@camposense/data-access/testing';
import { Toaster, dismissAllToasts } from '@camposense/ui';
import { toastShown, writesLocked, WRITES_LOCKED_REASON } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { MessageLanguageSetting } from './message-language-setting';

const meta = {
  title: 'Settings/MessageLanguageSetting',
  component: MessageLanguageSetting,
  beforeEach: () => {
    dismissAllToasts();
  },
  decorators: [
    (Story) => (
      <Box p="6" maxW="32rem">
        <Story />
        <Toaster />
      </Box>
    ),
  ],
} satisfies Meta<typeof MessageLanguageSetting>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's stored language is chosen. */
export const Loaded: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguage('es')),
  play: async () => {
    await expect(await screen.findByRole('radio', { name: /Español/ })).toBeChecked();
    await expect(screen.getByText('El idioma de los correos y SMS de alarma que recibes')).toBeVisible();
  },
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguage('en')),
  play: async () => {
    await expect(await screen.findByRole('radio', { name: /English/ })).toBeChecked();
    await expect(screen.getByText('The language of the alarm e-mails and texts you receive')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguagePending()),
  play: async () => {
    await expect(await screen.findByText('Cargando el idioma de los avisos...')).toBeVisible();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguageError()),
  play: async () => {
    await expect(await screen.findByText('No se pudo leer el idioma de los avisos')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** Choosing English saves it: the choice stays and a toast says so. */
export const Saved: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguage('es')),
  play: async () => {
    await userEvent.click(await screen.findByText('English'));
    await waitFor(() => expect(toastShown(/^Idioma de los avisos guardado$/)).toBe(true));
    await expect(screen.getByText('Tus próximos avisos llegarán en English')).toBeVisible();
    await expect(screen.getByRole('radio', { name: /English/ })).toBeChecked();
  },
};

/** While the API stores the choice, both options wait. */
export const Saving: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguageSavePending(), ...authHandlers.messageLanguage('es')),
  play: async () => {
    await userEvent.click(await screen.findByText('English'));
    await expect(await screen.findByText('Guardando...')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Español/ })).toBeDisabled());
  },
};

/** A failed save says so and keeps the stored language chosen. */
export const SaveFailed: Story = {
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguageSaveError(), ...authHandlers.messageLanguage('es')),
  play: async () => {
    await userEvent.click(await screen.findByText('English'));
    await expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar el idioma de los avisos');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Español/ })).toBeChecked());
  },
};

/** Offline (issue 30): the stored language is shown, but it cannot be changed; the choice says why. */
export const OfflineLocked: Story = {
  decorators: [writesLocked],
  beforeEach: ({ msw }) => msw.use(...authHandlers.messageLanguage('es')),
  play: async () => {
    await expect(await screen.findByRole('radio', { name: /Español/ })).toBeChecked();
    await expect(screen.getByRole('radio', { name: /English/ })).toBeDisabled();
    await expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
    await expect(screen.getByText(WRITES_LOCKED_REASON)).toBeVisible();
  },
};

export const OfflineLockedEnglish: Story = { ...OfflineLocked, globals: { language: 'en' } };
