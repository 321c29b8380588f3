import type { i18n as I18n } from 'i18next';
import { createI18nWith } from './i18n';
import type { CreateI18nOptions } from './i18n';
import { enSignedOut } from './locales/en-signed-out';
import { esSignedOut } from './locales/es-signed-out';
import { SHELL_NAMESPACE, type FeatureNamespace } from './namespaces';

/**
 * The console's instance: only the signed-out texts, which are all the first download carries.
 * Call `loadShellTexts` on it at once; what a signed-in screen shows waits for it, and each
 * feature screen for `loadFeatureTexts` of its namespace.
 */
export function createSignedOutI18n(options: CreateI18nOptions = {}): I18n {
  return createI18nWith({ es: { [SHELL_NAMESPACE]: esSignedOut }, en: { [SHELL_NAMESPACE]: enSignedOut } }, options);
}

interface NamespaceModule {
  es: object;
  en: object;
}

// Each namespace is a chunk of its own holding both languages; the imports are spelt out so the
// bundler can split them.
const namespaceModules: Record<FeatureNamespace | typeof SHELL_NAMESPACE, () => Promise<NamespaceModule>> = {
  shell: () => import('./locales/shell'),
  reports: () => import('./locales/reports'),
  parameters: () => import('./locales/parameters'),
  thresholds: () => import('./locales/thresholds'),
  settings: () => import('./locales/settings'),
};

const loads = new WeakMap<I18n, Map<string, Promise<void>>>();

/** Fetches a namespace (both languages) into `instance` once; a failed fetch is tried again on the next call. */
function loadNamespace(instance: I18n, namespace: keyof typeof namespaceModules): Promise<void> {
  const started = loads.get(instance) ?? loads.set(instance, new Map()).get(instance)!;
  const pending = started.get(namespace);
  if (pending) return pending;
  const load = namespaceModules[namespace]().then(
    ({ es, en }) => {
      instance.addResourceBundle('es', namespace, es, true, true);
      instance.addResourceBundle('en', namespace, en, true, true);
    },
    (error: unknown) => {
      started.delete(namespace);
      throw error;
    },
  );
  started.set(namespace, load);
  return load;
}

/** The signed-in shell's texts (header, menus, filters, shared components), both languages. */
export function loadShellTexts(instance: I18n): Promise<void> {
  return loadNamespace(instance, SHELL_NAMESPACE);
}

/** A feature screen's texts, both languages: load them with the screen's chunk. */
export function loadFeatureTexts(instance: I18n, namespace: FeatureNamespace): Promise<void> {
  return loadNamespace(instance, namespace);
}
