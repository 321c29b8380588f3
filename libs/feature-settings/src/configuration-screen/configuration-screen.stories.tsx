import { resolveDisplayTimeZone, TIME_ZONE_SOURCE_STORAGE_KEY, useTimeZoneSource } from '@camposense/data-access';
import { authHandlers } from '@camposense/data-access/testing';
import { browserTimeZone, DisplayTimeZoneContext } from '@camposense/i18n';
import { Toaster, dismissAllToasts } from '@camposense/ui';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { ReactNode } from 'react';
import { ConfigurationScreen } from './configuration-screen';
import { DEFAULT_PREFERENCES, preferencesStorageKey } from './preferences';

const USER = 'operador@camposense.dev';
const ADVANCED_SWITCH = /Ajustes avanzados|Advanced settings/;

const meta = {
  title: 'Settings/ConfigurationScreen',
  component: ConfigurationScreen,
  // A fixed clock and zone, so the system card's date is the same on every run.
  args: { userKey: USER, now: new Date('2026-03-15T15:00:00Z'), timeZone: 'America/Lima' },
  beforeEach: ({ msw }) => {
    dismissAllToasts();
    localStorage.removeItem(preferencesStorageKey(USER));
    // The notification language card reads the signed-in user's own language from the API.
    msw.use(...authHandlers.messageLanguage('es'));
  },
  decorators: [
    (Story) => (
      <>
        <Story />
        <Toaster />
      </>
    ),
  ],
} satisfies Meta<typeof ConfigurationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};
export const BasicEnglish: Story = { globals: { language: 'en' } };

const openAdvanced: Story['play'] = async ({ canvasElement, userEvent }) => {
  await userEvent.click(within(canvasElement).getByRole('checkbox', { name: ADVANCED_SWITCH }));
  await expect(within(canvasElement).getByRole('checkbox', { name: /Alertas por correo|Email alerts/ })).toBeChecked();
};

/** The advanced preferences with the spec's defaults. */
export const Advanced: Story = { play: openAdvanced };
export const AdvancedEnglish: Story = { play: openAdvanced, globals: { language: 'en' } };

/** What a user saved earlier in this browser replaces the defaults. */
export const AdvancedWithSavedPreferences: Story = {
  beforeEach: () => {
    localStorage.setItem(
      preferencesStorageKey(USER),
      JSON.stringify({ ...DEFAULT_PREFERENCES, emailAlerts: false, alertSounds: true, offlineMode: true, compactMode: true }),
    );
    return () => localStorage.removeItem(preferencesStorageKey(USER));
  },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: ADVANCED_SWITCH }));
    await expect(canvas.getByRole('checkbox', { name: 'Modo compacto' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Alertas por correo' })).not.toBeChecked();
  },
};

/** Saving says so with a success toast. */
export const Saved: Story = {
  beforeEach: () => () => localStorage.removeItem(preferencesStorageKey(USER)),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /GUARDAR CAMBIOS|SAVE CHANGES/ }));
    await waitFor(() => expect(toastShown(/^(Ajustes guardados|Settings saved)$/)).toBe(true));
  },
};

/** The shell's provider, stood in for: a Chilean farm in scope, and the setting as stored. */
function ChileanScope({ children }: { children: ReactNode }) {
  const [source] = useTimeZoneSource();
  const zone = resolveDisplayTimeZone({ source, browserZone: browserTimeZone(), fundo: null, pais: { zonahoraria: 'America/Santiago' }, paises: [] });
  return <DisplayTimeZoneContext.Provider value={zone}>{children}</DisplayTimeZoneContext.Provider>;
}

const TIME_ZONE_SWITCH = /Usar la zona horaria del navegador|Use the browser’s time zone/;

/**
 * Issue 16: the farm's zone by default; switching to the browser's (the stories' Lima) changes
 * what every screen shows at once, and is remembered in this browser.
 */
export const TimeZoneSwitch: Story = {
  // No zone of its own: the system date follows the console's display zone like every date.
  args: { timeZone: undefined },
  decorators: [(Story) => <ChileanScope>{Story()}</ChileanScope>],
  beforeEach: () => () => localStorage.removeItem(TIME_ZONE_SOURCE_STORAGE_KEY),
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('time-zone-current')).toHaveTextContent(/America\/Santiago \(GMT-[34]\)/);
    await expect(canvas.getByText(/15 de marzo de 2026 · America\/Santiago/)).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: TIME_ZONE_SWITCH }));
    await expect(canvas.getByTestId('time-zone-current')).toHaveTextContent('America/Lima (GMT-5)');
    await expect(canvas.getByText('domingo, 15 de marzo de 2026 · America/Lima (GMT-5)')).toBeVisible();
    await expect(localStorage.getItem(TIME_ZONE_SOURCE_STORAGE_KEY)).toBe('browser');
  },
};
export const TimeZoneSwitchEnglish: Story = { ...TimeZoneSwitch, play: undefined, globals: { language: 'en' } };
