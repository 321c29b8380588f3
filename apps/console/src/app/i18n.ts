import { createI18n } from '@camposense/i18n';

/** The console's one i18next instance: the language comes from localStorage, Spanish by default. */
export const i18n = createI18n();

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);
