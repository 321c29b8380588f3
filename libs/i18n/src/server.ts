/**
 * The dictionaries for server code (the notifier's messages), without React: one i18next instance
 * with both languages, and a translator per language.
 */
import i18next from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from './languages';
import type { Language } from './languages';
import { en } from './locales/en';
import { es } from './locales/es';

export { formatDateTime, formatNumber } from './format';

const instance = i18next.createInstance();
void instance.init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for `language` (es for anything it does not know). */
export function translatorFor(language: string | null | undefined): Translate {
  const lng: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  // Keys are checked by the dictionaries' own types where the console augments i18next; here any
  // key of them is taken (a missing one comes back as itself, as in the console).
  const t = instance.getFixedT(lng) as unknown as (key: string, options: Record<string, string | number>) => string;
  return (key, values) => String(t(key, values ?? {}));
}
