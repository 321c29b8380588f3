// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './languages';
import { esSignedOut } from './locales/es-signed-out';
import { createSignedOutI18n } from './signed-out';
import { chooseLanguage, chosenLanguage, onLanguageChosen, translateSignedOut, type SignedOutKey, type SignedOutValues } from './signed-out-texts';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

/** Every key a screen asks for: the dictionary's, with the plural suffixes dropped. */
const ASKED = [...new Set(keys(esSignedOut as unknown as Tree).map((key) => key.replace(/_(one|other)$/, '')))] as SignedOutKey[];

describe('translateSignedOut', () => {
  it('gives what i18next gives from the same dictionaries, for every signed-out text in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const i18n = createSignedOutI18n({ language, detect: false });
      for (const key of ASKED) {
        const samples: SignedOutValues[] = [{}, { count: 1, wait: '3 min', version: '1.0.0', message: 'x', code: 500 }, { count: 45 }];
        for (const values of samples) {
          expect(translateSignedOut(language, key, values), `${language} ${key} ${JSON.stringify(values)}`).toBe(i18n.t(key as never, values as never));
        }
      }
    }
  });

  it('fills the wait and picks the plural the rate-limit message needs', () => {
    expect(translateSignedOut('es', 'errors.tooManyAttemptsWait', { wait: translateSignedOut('es', 'errors.waitMinutes', { count: 3 }) })).toBe(
      'Demasiados intentos de inicio de sesión. Espera 3 min antes de volver a intentarlo.',
    );
    expect(translateSignedOut('en', 'errors.waitSeconds', { count: 1 })).toBe('1 s');
  });

  it('shows a missing text as its key, and an unknown language in Spanish', () => {
    expect(translateSignedOut('es', 'login.nothing' as SignedOutKey)).toBe('login.nothing');
    expect(translateSignedOut('fr', 'login.submit')).toBe('INICIAR SESIÓN');
  });
});

describe('the chosen language', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseLanguage('es');
  });

  it('is stored under the spec key and told to whoever listens', () => {
    const heard: string[] = [];
    const stop = onLanguageChosen((language) => heard.push(language));
    chooseLanguage('en');
    chooseLanguage('de');
    stop();
    chooseLanguage('es');
    expect(heard).toEqual(['en']);
    expect(chosenLanguage()).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('follows the console when the operator changes it there, so the next sign-in speaks it', async () => {
    const i18n = createSignedOutI18n();
    expect(i18n.language).toBe('es');
    await i18n.changeLanguage('en');
    expect(chosenLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(createSignedOutI18n().language).toBe('en');
  });
});
