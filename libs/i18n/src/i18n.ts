import i18next, { type i18n as I18n, type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from './languages';
import type { esParameters } from './locales/es/parameters';
import type { esReports } from './locales/es/reports';
import type { esSettings } from './locales/es/settings';
import type { esShell } from './locales/es/shell';
import type { esThresholds } from './locales/es/thresholds';
import { FEATURE_NAMESPACES, SHELL_NAMESPACE } from './namespaces';
import { chooseLanguage, chosenLanguage } from './signed-out-texts';

/** Dictionaries by language and namespace, as i18next takes them (all of them, or a part). */
export type I18nResources = Record<string, Record<string, object>>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    fallbackNS: ['reports', 'parameters', 'thresholds', 'settings'];
    resources: {
      shell: typeof esShell;
      reports: typeof esReports;
      parameters: typeof esParameters;
      thresholds: typeof esThresholds;
      settings: typeof esSettings;
    };
  }
}

/**
 * The `t` of `useTranslation()` (no key prefix), for helpers that are handed it. Not
 * `ReturnType<typeof useTranslation>['t']`: that instantiates `useTranslation` with its
 * constraints, every key prefix at once, and TypeScript gives up on it (TS2589) once the
 * dictionary passes about 700 keys.
 */
export type Translate = TFunction<'shell', undefined>;

/**
 * A key of the dictionary, as `t` takes it: typed from the resources above, so a misspelt key in a
 * table of keys (the console's routes and menus) fails typecheck instead of needing a cast.
 */
export type TranslationKey = ParseKeys<'shell'>;

export interface CreateI18nOptions {
  /** Start in this language instead of the stored one (stories and tests). */
  language?: string;
  /** Read and store the language in localStorage under `language`. @default true */
  detect?: boolean;
}

/**
 * A configured i18next instance over `resources`. This module imports no dictionary, so the
 * console's first download holds only the signed-out texts (signed-out.ts); `createI18n` in
 * full.ts gives an instance with every text at once (stories, tests).
 */
export function createI18nWith(resources: I18nResources, options: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const detect = options.detect ?? true;
  // The stored language, read and written by hand: a detector package for one localStorage key
  // weighed 2 KB of the login's gzipped first load (issue 17).
  // One chosen language for the page: the signed-out screens read it without i18next.
  const stored = detect ? chosenLanguage() : null;
  if (detect) instance.on('languageChanged', chooseLanguage);
  instance.use(initReactI18next);
  void instance.init({
    resources,
    ns: [SHELL_NAMESPACE, ...FEATURE_NAMESPACES],
    defaultNS: SHELL_NAMESPACE,
    fallbackNS: [...FEATURE_NAMESPACES],
    lng: options.language ?? (isLanguage(stored) ? stored : DEFAULT_LANGUAGE),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
