import { useContext, useMemo, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import type { SignedOutDictionary } from './dictionary';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from './languages';
import { enSignedOut } from './locales/en-signed-out';
import { esSignedOut } from './locales/es-signed-out';

/**
 * The signed-out screens' texts without i18next (issue 30, item 3): the sign-in, the session check
 * and the shell's chunk on its way or failed are the first download, and i18next with
 * react-i18next weighed ~19 KB of its ~148 KB gzip. These read the same dictionaries
 * (`es-signed-out.ts`, `en-signed-out.ts`) with i18next's rules for what they use: `{{name}}`,
 * `_one`/`_other` by `count`, and a missing text shown as its key. i18next comes with the shell.
 */

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Drops i18next's plural suffixes: `errors.waitSeconds_one` is asked for as `errors.waitSeconds`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A key of the signed-out texts, as `t` takes it. */
export type SignedOutKey = WithoutPlural<Leaves<SignedOutDictionary>>;

/** What `{{name}}` placeholders take; `count` also picks the plural form. */
export type SignedOutValues = Record<string, string | number>;

/** `t` of the signed-out screens. */
export type SignedOutTranslate = (key: SignedOutKey, values?: SignedOutValues) => string;

const dictionaries: Record<Language, SignedOutDictionary> = { es: esSignedOut, en: enSignedOut };

function lookup(dictionary: SignedOutDictionary, path: string): string | undefined {
  let node: unknown = dictionary;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `language`, as i18next would give it from the same dictionary. */
export function translateSignedOut(language: string, key: SignedOutKey, values: SignedOutValues = {}): string {
  const dictionary = dictionaries[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  const count = values['count'];
  const plural = typeof count === 'number' ? lookup(dictionary, `${key}_${new Intl.PluralRules(language).select(count)}`) : undefined;
  const text = plural ?? lookup(dictionary, key) ?? (typeof count === 'number' ? lookup(dictionary, `${key}_other`) : undefined);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

// The chosen language, one value for the page: localStorage's, written by the i18next instance of
// the signed-in console when the operator changes it (createI18nWith), so the sign-in shown after
// a sign-out speaks the language chosen inside. Kept in memory too, for browsers that refuse storage.
let remembered: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

/** The language this browser chose (localStorage `language`), Spanish by default. */
export function chosenLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return remembered;
  }
}

/** Makes `language` the chosen one: stored, and told to every screen that shows it. */
export function chooseLanguage(language: string): void {
  if (!isLanguage(language)) return;
  const before = chosenLanguage();
  remembered = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage; the language still applies for this visit.
  }
  if (language === before) return;
  for (const listener of listeners) listener();
}

/** Calls `listener` with each newly chosen language; returns the unsubscribe. */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  const notify = () => listener(chosenLanguage());
  listeners.add(notify);
  return () => listeners.delete(notify);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `t` and the language for the signed-out screens. Inside an i18next provider (stories, tests)
 * its instance's language wins, so the toolbar's language applies; the console's signed-out root
 * has none and follows the chosen language.
 */
export function useSignedOutTexts(): { t: SignedOutTranslate; language: Language } {
  const chosen = useSyncExternalStore(subscribe, chosenLanguage, () => DEFAULT_LANGUAGE);
  const provided = useContext(I18nContext)?.i18n?.language;
  const language = isLanguage(provided) ? provided : chosen;
  return useMemo(() => ({ language, t: (key, values) => translateSignedOut(language, key, values) }), [language]);
}
