import type { FeatureNamespace } from '@camposense/i18n';
import type { ComponentType } from 'react';
import { featureTexts } from '../app/i18n';
import type { Preloadable } from './preload-schedule';
import { LazyScreen } from './screen-loader';

/** What the console gives every report sub-tab's screen: the tab shown, and the way to the dashboard (the alerts' chart link). */
export interface ReportScreenProps {
  tab: string;
  onOpenChart?: () => void;
}

/** A feature's module and its texts' namespace, fetched side by side: the screen draws with both. */
function withTexts<Module>(namespace: FeatureNamespace, module: Promise<Module>): Promise<Module> {
  return Promise.all([module, featureTexts(namespace)]).then(([loaded]) => loaded);
}

/**
 * Every feature screen is its own chunk, with its texts' namespace. Priorities follow spec
 * section 9: parameters and the dashboard high; thresholds, alerts and messages low.
 */
export const screens = {
  // With its view's chunk (the charts), fetched as soon as the screen's is here, and awaited: the filter bar and the view
  // then show together under the console's one loading state, not the view ~300 ms after the bar
  // through a boundary of its own (issue 30, dashboard first load).
  dashboard: new LazyScreen<ReportScreenProps>('dashboard', 'high', () =>
    withTexts(
      'reports',
      import('@camposense/feature-reports').then((module) => module.preloadDashboardView().then(() => module)),
    ).then((module) => module.DashboardScreen),
  ),
  /** Unknown report sub-tabs: the development placeholder (same chunk as the reports). */
  reportPlaceholder: new LazyScreen<ReportScreenProps>('reportPlaceholder', 'low', () =>
    withTexts('reports', import('@camposense/feature-reports')).then((module) => module.ReportPlaceholder),
  ),
  parameters: new LazyScreen('parameters', 'high', () =>
    withTexts('parameters', import('@camposense/feature-parameters')).then((module) => module.ParametersScreen),
  ),
  settings: new LazyScreen('settings', 'medium', () =>
    withTexts('settings', import('@camposense/feature-settings')).then((module) => module.ConfigurationScreen),
  ),
  thresholds: new LazyScreen('thresholds', 'low', () =>
    withTexts('thresholds', import('@camposense/feature-thresholds')).then((module) => module.ThresholdsScreen as ComponentType<object>),
  ),
  alerts: new LazyScreen<ReportScreenProps>('alerts', 'low', () =>
    withTexts('reports', import('@camposense/feature-reports')).then((module) => module.AlertsReport),
  ),
  messages: new LazyScreen<ReportScreenProps>('messages', 'low', () =>
    withTexts('reports', import('@camposense/feature-reports')).then((module) => module.MessagesReport),
  ),
} as const;

export const allScreens: Preloadable[] = Object.values(screens);
