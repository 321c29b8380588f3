// Every dictionary at once lives in '@camposense/i18n/full' (stories, tests): importing it here
// would put all texts in the console's first download.
export type { Translate, TranslationKey } from './i18n';
export { createSignedOutI18n, loadShellTexts, loadFeatureTexts } from './signed-out';
export type { FeatureNamespace } from './namespaces';
export { useSignedOutTexts, chosenLanguage, onLanguageChosen } from './signed-out-texts';
export type { SignedOutTranslate } from './signed-out-texts';
export { DefaultI18nProvider } from './default-provider';
export { LANGUAGES, isLanguage, localeOf } from './languages';
export type { Language } from './languages';
export { formatDateTime, formatDayMonth, formatLongDate, formatNumber } from './format';
export { I18nextProvider, useTranslation } from 'react-i18next';
export { DisplayTimeZoneContext, browserTimeZone, formatZoneName, useDisplayTimeZone } from './time-zone';
export type { DisplayTimeZone } from './time-zone';
