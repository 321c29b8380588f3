import type { i18n as I18n } from 'i18next';
import { useContext, type ReactNode } from 'react';
import { I18nContext, I18nextProvider } from 'react-i18next';

/**
 * Provides `i18n` unless a provider above already gives an instance: the console's chunk brings its
 * own (the first download has none), while stories and tests pin the language in theirs.
 */
export function DefaultI18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const outer = useContext(I18nContext)?.i18n;
  return outer ? <>{children}</> : <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
