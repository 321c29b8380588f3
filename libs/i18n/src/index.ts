import type { ParseKeys, TOptions } from 'i18next';
// Every dictionary at once lives in '@camposense/i18n/full' (stories, tests): importing it here
// would put all texts in the console's first download.
export { createI18nWith } from './i18n';
export type { CreateI18nOptions, I18nResources } from './i18n';
export { createSignedOutI18n, loadFullDictionaries } from './signed-out';
export type { Dictionary, SignedOutDictionary } from './dictionary';
export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, localeOf } from './languages';
export type { Language } from './languages';
export { formatDateTime, formatDate, formatDayMonth, formatLongDate } from './format';
export type { FormatOptions } from './format';
export { I18nextProvider, useTranslation, Trans } from 'react-i18next';

/**
 * `t` as a helper outside a component takes it: any key of the dictionary, with options. Cheaper
 * for the compiler than `ReturnType<typeof useTranslation>['t']`, whose generic overloads, checked
 * against 700 keys at every call, hit TypeScript's instantiation limit (TS2589).
 */
export type Translate = (key: ParseKeys, options?: TOptions) => string;
