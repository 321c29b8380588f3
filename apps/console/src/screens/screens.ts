import type { ComponentType } from 'react';
import type { Preloadable } from './preload-schedule';
import { LazyScreen } from './screen-loader';

/** What the console gives every report sub-tab's screen: the tab shown, and the way to the dashboard (the alerts' chart link). */
export interface ReportScreenProps {
  tab: string;
  onOpenChart?: () => void;
}

/**
 * Every feature screen is its own chunk. Priorities follow spec section 9: parameters and the
 * dashboard high; thresholds, alerts and messages low.
 */
export const screens = {
  dashboard: new LazyScreen<ReportScreenProps>('dashboard', 'high', () =>
    import('@camposense/feature-reports').then((module) => module.DashboardScreen),
  ),
  /** Unknown report sub-tabs: the development placeholder (same chunk as the reports). */
  reportPlaceholder: new LazyScreen<ReportScreenProps>('reportPlaceholder', 'low', () =>
    import('@camposense/feature-reports').then((module) => module.ReportPlaceholder),
  ),
  parameters: new LazyScreen('parameters', 'high', () =>
    import('@camposense/feature-parameters').then((module) => module.ParametersScreen),
  ),
  settings: new LazyScreen('settings', 'medium', () =>
    import('@camposense/feature-settings').then((module) => module.ConfigurationScreen),
  ),
  thresholds: new LazyScreen('thresholds', 'low', () =>
    import('@camposense/feature-thresholds').then((module) => module.ThresholdsScreen as ComponentType<object>),
  ),
  alerts: new LazyScreen<ReportScreenProps>('alerts', 'low', () =>
    import('@camposense/feature-reports').then((module) => module.AlertsReport),
  ),
  messages: new LazyScreen<ReportScreenProps>('messages', 'low', () =>
    import('@camposense/feature-reports').then((module) => module.MessagesReport),
  ),
} as const;

export const allScreens: Preloadable[] = Object.values(screens);
