import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from './languages';
import { en } from './locales/en';
import { es } from './locales/es';

export const resources = {
  es: { translation: es },
  en: { translation: en },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es };
  }
}

export interface CreateI18nOptions {
  /** Start in this language instead of the stored one (stories and tests). */
  language?: string;
  /** Read and store the language in localStorage under `language`. @default true */
  detect?: boolean;
}

/** A configured i18next instance; the console uses one, each test may make its own. */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const detect = options.detect ?? true;
  if (detect) instance.use(LanguageDetector);
  instance.use(initReactI18next);
  void instance.init({
    resources,
    lng: options.language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });
  return instance;
}
