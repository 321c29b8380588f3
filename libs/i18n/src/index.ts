// Every dictionary at once lives in '@camposense/i18n/full' (stories, tests): importing it here
// would put all texts in the console's first download.
export { createI18nWith } from './i18n';
export type { CreateI18nOptions, I18nResources, Translate, TranslationKey } from './i18n';
export { createSignedOutI18n, loadFullDictionaries } from './signed-out';
export type { Dictionary, SignedOutDictionary } from './dictionary';
export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, localeOf } from './languages';
export type { Language } from './languages';
export { formatDateTime, formatDate, formatDayMonth, formatLongDate, formatNumber } from './format';
export type { FormatOptions } from './format';
export { I18nextProvider, useTranslation, Trans } from 'react-i18next';
export { DisplayTimeZoneContext, browserTimeZone, formatZoneName, useDisplayTimeZone } from './time-zone';
export type { DisplayTimeZone, DisplayTimeZoneBasis } from './time-zone';
