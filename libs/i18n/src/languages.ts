export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** The localStorage key the spec names for the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The locale used for dates and numbers in each language (spec section 9). */
export function localeOf(language: string): 'es-ES' | 'en-US' {
  return language.startsWith('en') ? 'en-US' : 'es-ES';
}
