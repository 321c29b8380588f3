// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { es } from './locales/es';
import { createI18n } from './full';
import { resources } from './full';
import { FEATURE_NAMESPACES, SHELL_NAMESPACE } from './namespaces';
import { createSignedOutI18n, loadFeatureTexts, loadShellTexts } from './signed-out';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** The text under a dotted key (`login.submit`). */
function textAt(dictionary: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], dictionary);
}

/** Texts the spec fixes letter for letter, by key. */
const SPEC_TEXTS: Record<string, string> = {
  'login.emailLabel': 'CORREO ELECTRÓNICO',
  'login.passwordLabel': 'CONTRASEÑA',
  'login.submit': 'INICIAR SESIÓN',
  'login.submitting': 'INICIANDO SESIÓN...',
  'login.subtitle': 'SISTEMA DE MONITOREO AGRÍCOLA INTELIGENTE',
  'app.loading': 'Cargando...',
  'userMenu.sessionActive': 'SESIÓN ACTIVA',
  'userMenu.signOut': 'CERRAR SESIÓN',
  'errors.authentication': 'Error de autenticación',
  'errors.unexpectedLogin': 'Error inesperado durante el inicio de sesión',
  'errors.noUser': 'No se pudo iniciar sesión',
  'errors.http': 'HTTP error! status: {{code}}',
};

describe('dictionaries', () => {
  it('have the same keys in Spanish and English, none empty', () => {
    expect(keys(en as Tree).sort()).toEqual(keys(es as Tree).sort());
    for (const dictionary of [es, en]) {
      for (const key of keys(dictionary as Tree)) {
        expect(textAt(dictionary as Tree, key), key).not.toBe('');
      }
    }
  });

  it('hold the spec texts word for word', () => {
    for (const [key, text] of Object.entries(SPEC_TEXTS)) expect(textAt(es as Tree, key), key).toBe(text);
  });
});

describe('createI18n', () => {
  beforeEach(() => localStorage.clear());

  it('starts in Spanish when nothing is stored', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('es');
    expect(i18n.t('login.submit')).toBe('INICIAR SESIÓN');
  });

  it('restores the language stored under the `language` key, and stores a change there', async () => {
    localStorage.setItem('language', 'en');
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.submit')).toBe('SIGN IN');
    await i18n.changeLanguage('es');
    expect(localStorage.getItem('language')).toBe('es');
  });

  it('falls back to Spanish for an unsupported stored language', () => {
    localStorage.setItem('language', 'fr');
    expect(createI18n().t('login.submit')).toBe('INICIAR SESIÓN');
  });

  it('shows a missing key as the key itself', () => {
    const i18n = createI18n({ language: 'en', detect: false });
    expect(i18n.t('no.such.key' as never)).toBe('no.such.key');
  });

  it('interpolates the generic HTTP error', () => {
    expect(createI18n({ language: 'es', detect: false }).t('errors.http', { code: 503 })).toBe('HTTP error! status: 503');
  });
});

describe('createSignedOutI18n', () => {
  it("starts with the sign-in texts only and gets the shell's from loadShellTexts, in both languages", async () => {
    const instance = createSignedOutI18n({ language: 'es', detect: false });
    expect(instance.t('login.submit')).toBe(es.login.submit);
    // A signed-in text is not in the first download: shown as its key until the rest arrives.
    expect(instance.t('systemStatus.title')).toBe('systemStatus.title');
    await loadShellTexts(instance);
    expect(instance.t('systemStatus.title')).toBe(es.systemStatus.title);
    await instance.changeLanguage('en');
    expect(instance.t('systemStatus.title')).toBe(en.systemStatus.title);
    expect(instance.t('login.submit')).toBe(en.login.submit);
  });

  it("gets a feature's texts with loadFeatureTexts, found by their full key without naming the namespace", async () => {
    const instance = createSignedOutI18n({ language: 'es', detect: false });
    await loadShellTexts(instance);
    // The reports group spans namespaces: the pager is the shell's, the alerts report the feature's.
    expect(instance.t('reports.pager.next')).toBe(es.reports.pager.next);
    expect(instance.t('reports.alerts.title')).toBe('reports.alerts.title');
    await loadFeatureTexts(instance, 'reports');
    expect(instance.t('reports.alerts.title')).toBe(es.reports.alerts.title);
    expect(instance.t('parameters.records', { count: 2, filtered: '2', total: '2' })).toBe('parameters.records');
    await instance.changeLanguage('en');
    expect(instance.t('reports.alerts.title')).toBe(en.reports.alerts.title);
  });
});

describe('namespaces', () => {
  it("hold every key once: the shell and the features together are the console's whole dictionary", () => {
    for (const [language, whole] of [['es', es], ['en', en]] as const) {
      const byNamespace: Record<string, object> = resources[language];
      const all = [SHELL_NAMESPACE, ...FEATURE_NAMESPACES].flatMap((namespace) => keys(byNamespace[namespace] as Tree));
      expect(new Set(all).size, language).toBe(all.length);
      // The server's messages (notifications) are the only texts the console does not load.
      const consoleKeys = keys(whole as Tree).filter((key) => !key.startsWith('notifications.'));
      expect(all.sort(), language).toEqual(consoleKeys.sort());
    }
  });
});
