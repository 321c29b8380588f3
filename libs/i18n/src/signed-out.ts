import type { i18n as I18n } from 'i18next';
import { createI18nWith } from './i18n';
import type { CreateI18nOptions } from './i18n';
import { enSignedOut } from './locales/en-signed-out';
import { esSignedOut } from './locales/es-signed-out';

/**
 * The console's instance: only the signed-out texts, which are all the first download carries.
 * Call `loadFullDictionaries` on it at once; what a signed-in screen shows waits for it.
 */
export function createSignedOutI18n(options: CreateI18nOptions = {}): I18n {
  return createI18nWith({ es: { translation: esSignedOut }, en: { translation: enSignedOut } }, options);
}

/** Fetches every dictionary (a chunk of its own) and adds it to `instance`, both languages. */
export async function loadFullDictionaries(instance: I18n): Promise<void> {
  const [{ es }, { en }] = await Promise.all([import('./locales/es'), import('./locales/en')]);
  instance.addResourceBundle('es', 'translation', es, true, true);
  instance.addResourceBundle('en', 'translation', en, true, true);
}
