import { Toaster, dismissAllToasts } from '@camposense/ui';
import { render } from '@camposense/ui/testing';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationScreen } from './configuration-screen';
import { DEFAULT_PREFERENCES, preferencesStorageKey } from './preferences';

const USER = 'operador@camposense.dev';
const NOW = new Date('2026-03-15T15:00:00Z');

function renderScreen(language: 'es' | 'en' = 'es') {
  return render(
    <>
      <ConfigurationScreen userKey={USER} now={NOW} timeZone="America/Lima" />
      <Toaster />
    </>,
    { language },
  );
}

function stored() {
  const raw = localStorage.getItem(preferencesStorageKey(USER));
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

describe('ConfigurationScreen', () => {
  afterEach(() => {
    act(() => dismissAllToasts());
  });

  it('hides the preferences in basic mode and reveals them with their defaults', async () => {
    const { user } = renderScreen();
    expect(screen.queryByRole('checkbox', { name: 'Alertas por correo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ajustes avanzados' }));
    const expected: [string, boolean][] = [
      ['Alertas por correo', true],
      ['Notificaciones push', true],
      ['Sonidos de alerta', false],
      ['Actualización automática', true],
      ['Modo sin conexión', false],
      ['Animaciones suaves', true],
      ['Modo compacto', false],
    ];
    for (const [name, checked] of expected) {
      const box = screen.getByRole('checkbox', { name });
      if (checked) expect(box).toBeChecked();
      else expect(box).not.toBeChecked();
    }
  });

  it('saves the preferences for this user, says so, and loads them on the next visit', async () => {
    const { user, unmount } = renderScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Ajustes avanzados' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sonidos de alerta' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alertas por correo' }));
    expect(stored()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'GUARDAR CAMBIOS' }));
    expect(stored()).toEqual({ ...DEFAULT_PREFERENCES, alertSounds: true, emailAlerts: false });
    expect(await screen.findByText('Ajustes guardados')).toBeInTheDocument();
    unmount();

    const next = renderScreen();
    await next.user.click(screen.getByRole('checkbox', { name: 'Ajustes avanzados' }));
    expect(screen.getByRole('checkbox', { name: 'Sonidos de alerta' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Alertas por correo' })).not.toBeChecked();
  });

  it('resets to the defaults, forgets the saved ones, and says so', async () => {
    localStorage.setItem(preferencesStorageKey(USER), JSON.stringify({ ...DEFAULT_PREFERENCES, compactMode: true, autoRefresh: false }));
    const { user } = renderScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Ajustes avanzados' }));
    expect(screen.getByRole('checkbox', { name: 'Modo compacto' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'RESTABLECER' }));
    expect(screen.getByRole('checkbox', { name: 'Modo compacto' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Actualización automática' })).toBeChecked();
    expect(stored()).toBeNull();
    expect(await screen.findByText('Ajustes restablecidos')).toBeInTheDocument();
  });

  it('ignores what another user or a broken value stored', async () => {
    localStorage.setItem(preferencesStorageKey('otra@camposense.dev'), JSON.stringify({ compactMode: true }));
    localStorage.setItem(preferencesStorageKey(USER), '{no es json');
    const { user } = renderScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Ajustes avanzados' }));
    expect(screen.getByRole('checkbox', { name: 'Modo compacto' })).not.toBeChecked();
  });

  it('switches the language, with the preview and the system card following it', async () => {
    const { user, i18n } = renderScreen();
    expect(screen.getByText('BIENVENIDO A CAMPOSENSE')).toBeInTheDocument();
    expect(screen.getByText('domingo, 15 de marzo de 2026 · America/Lima (GMT-5)')).toBeInTheDocument();
    expect(screen.getByText('Español', { selector: 'dd' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /English/ }));
    expect(i18n.language).toBe('en');
    expect(screen.getByText('WELCOME TO CAMPOSENSE')).toBeInTheDocument();
    expect(screen.getByText('Sunday, March 15, 2026 · America/Lima (GMT-5)')).toBeInTheDocument();
    expect(screen.getByText('English', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('1.0.0')).toBeInTheDocument();
  });

  it('shows the current theme and toggles it', async () => {
    const { user } = renderScreen();
    expect(screen.getByText('Tema actual: Oscuro')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar a tema claro' }));
    expect(screen.getByText('Tema actual: Claro')).toBeInTheDocument();
  });
});
