import type { ComponentType } from 'react';
import type { Preloadable } from './preload-schedule';
import { LazyScreen } from './screen-loader';

/**
 * Every feature screen is its own chunk. Priorities follow spec section 9: parameters and the
 * dashboard high; thresholds, alerts and messages low.
 */
export const screens = {
  dashboard: new LazyScreen<{ tab: string }>('dashboard', 'high', () =>
    import('@camposense/feature-reports').then((module) => module.DashboardScreen),
  ),
  /** Unknown report sub-tabs: the development placeholder (same chunk as the reports). */
  reportPlaceholder: new LazyScreen<{ tab: string }>('reportPlaceholder', 'low', () =>
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
  alerts: new LazyScreen<{ tab: string; onOpenChart?: () => void }>('alerts', 'low', () =>
    import('@camposense/feature-reports').then((module) => module.AlertsReport),
  ),
  messages: new LazyScreen<{ tab: string }>('messages', 'low', () =>
    import('@camposense/feature-reports').then((module) => module.MessagesReport),
  ),
} as const;

export const allScreens: Preloadable[] = Object.values(screens);
