import { createSignedOutI18n, loadFullDictionaries } from '@camposense/i18n';

/**
 * The console's one i18next instance: the language comes from localStorage, Spanish by default.
 * It starts with the signed-out texts only; every other text is fetched at once, while the
 * visitor signs in, and the signed-in app waits for `fullDictionaries` before it draws.
 */
export const i18n = createSignedOutI18n();
export const fullDictionaries = loadFullDictionaries(i18n);

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);
