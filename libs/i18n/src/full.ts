import type { i18n as I18n } from 'i18next';
import { createI18nWith } from './i18n';
import type { CreateI18nOptions } from './i18n';
import { en } from './locales/en';
import { enParameters } from './locales/en/parameters';
import { enReports } from './locales/en/reports';
import { enSettings } from './locales/en/settings';
import { enShell } from './locales/en/shell';
import { enThresholds } from './locales/en/thresholds';
import { es } from './locales/es';
import { esParameters } from './locales/es/parameters';
import { esReports } from './locales/es/reports';
import { esSettings } from './locales/es/settings';
import { esShell } from './locales/es/shell';
import { esThresholds } from './locales/es/thresholds';

/** Every text, each language as one tree (read a text by its path). */
export { es, en };

/** Every namespace the console loads, as i18next takes them. */
export const resources = {
  es: { shell: esShell, reports: esReports, parameters: esParameters, thresholds: esThresholds, settings: esSettings },
  en: { shell: enShell, reports: enReports, parameters: enParameters, thresholds: enThresholds, settings: enSettings },
} as const;

/** An i18next instance with every text at once: stories and tests. */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  return createI18nWith(resources, options);
}
