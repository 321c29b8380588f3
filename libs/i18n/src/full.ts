import type { i18n as I18n } from 'i18next';
import { createI18nWith } from './i18n';
import type { CreateI18nOptions } from './i18n';
import { en } from './locales/en';
import { es } from './locales/es';

export { es, en };

/** Every dictionary, as i18next takes them. */
export const resources = {
  es: { translation: es },
  en: { translation: en },
} as const;

/** An i18next instance with every text at once: stories and tests. */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  return createI18nWith(resources, options);
}
