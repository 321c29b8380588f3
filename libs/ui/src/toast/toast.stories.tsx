import { Box } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { en, es } from '@camposense/i18n/full';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { toastShown } from '../testing/toast-shown';
import { Toaster, dismissAllToasts, showToast, type ShowToastOptions, type ToastType } from './toast';

interface ToastDemoProps {
  type: ToastType;
  /** A dictionary key for the message, so both languages show a real text. */
  messageKey: 'settings.savedMessage' | 'errors.loadAlerts' | 'settings.basicModeHint' | 'settings.languageDescription';
  withAction?: boolean;
  longMessage?: boolean;
}

/** Raises one toast on mount; it stays (duration Infinity) so the screenshot never races its timer. */
function ToastDemo({ type, messageKey, withAction = false, longMessage = false }: ToastDemoProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const message = longMessage ? Array.from({ length: 4 }, () => t('unsavedChanges.parameter', { target: 'metricasensor' })).join(' ') : t(messageKey);
    const options: ShowToastOptions = { type, title: t(`toast.${type}`), message, duration: Number.POSITIVE_INFINITY };
    if (withAction) options.action = { label: t('common.retry'), onClick: () => undefined };
    showToast(options);
    return () => dismissAllToasts();
  }, [t, type, messageKey, withAction, longMessage]);
  return <Toaster />;
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  // The toaster is one store for the page: start every story from none.
  beforeEach: () => {
    dismissAllToasts();
  },
  decorators: [
    (Story) => (
      <Box minH="100vh">
        <Story />
      </Box>
    ),
  ],
  // Toasts render in a portal outside the story's canvas: look for them on the whole screen.
  // The previous story's toast may still be leaving: wait for this story's own title.
  play: async ({ args, globals }) => {
    const title = (globals.language === 'en' ? en : es).toast[args.type];
    await waitFor(() => expect(toastShown(title)).toBe(true));
    await expect(screen.getAllByRole('button', { name: /Cerrar notificación|Close notification/ }).length).toBeGreaterThan(0);
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = { args: { type: 'success', messageKey: 'settings.savedMessage' } };
export const Error: Story = { args: { type: 'error', messageKey: 'errors.loadAlerts' } };
export const Warning: Story = { args: { type: 'warning', messageKey: 'settings.basicModeHint' } };
export const Info: Story = { args: { type: 'info', messageKey: 'settings.languageDescription' } };
export const WithAction: Story = {
  args: { type: 'error', messageKey: 'errors.loadAlerts', withAction: true },
  // The toast fades in: its action is in the page before it is visible, so wait for both.
  play: async () => {
    await waitFor(() => expect(screen.getByRole('button', { name: /Reintentar|Retry/ })).toBeVisible());
  },
};
export const LongMessage: Story = { args: { type: 'info', messageKey: 'settings.languageDescription', longMessage: true } };
export const SuccessEnglish: Story = { args: { type: 'success', messageKey: 'settings.savedMessage' }, globals: { language: 'en' } };
export const WithActionEnglish: Story = {
  args: { type: 'error', messageKey: 'errors.loadAlerts', withAction: true },
  globals: { language: 'en' },
};
