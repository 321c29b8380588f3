import { Stack } from '@chakra-ui/react';
import { useDashboardTimeZone } from '@camposense/data-access';
import { DisplayTimeZoneContext, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
// eslint-disable-next-line no-restricted-imports -- Suspense's fallback while the view's chunk loads
import { LoadingState } from '@camposense/ui';
import { lazy, Suspense } from 'react';
import { DashboardFilterBar } from './dashboard-filter-bar';

// The charts (and d3 with them) are their own chunk: the filter bar shows at once, the view after.
const loadDashboardView = () => import('./dashboard-view');
const DashboardView = lazy(loadDashboardView);

/**
 * Fetches the view's chunk ahead of the screen's first draw: the console preloads the dashboard
 * with its view (apps/console screens.ts), so opening it later, or reloading at /dashboard, does not
 * wait for a second chunk after the first (issue 30).
 */
export function preloadDashboardView(): void {
  loadDashboardView().catch(() => undefined);
}

export interface DashboardScreenProps {
  /** The tab being shown: `dashboard` or `reportes-dashboard`. */
  tab?: string;
}

/** The `Cargando Dashboard...` indicator while the dashboard's chunk loads. */
export function DashboardLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('dashboard.loading')} />;
}

/** The dashboard of spec section 2: the filter bar over the dashboard view, sharing DashboardFiltersProvider. */
export function DashboardScreen(_props: DashboardScreenProps) {
  // A farm chosen in the bar's FUNDO gives its zone to the whole dashboard, dates and range included,
  // as one chosen in the sidebar does (issue 28, item 8).
  const zone = useDashboardTimeZone(useDisplayTimeZone());
  return (
    <DisplayTimeZoneContext.Provider value={zone}>
      <Stack gap="3" p="4" w="full" minH="full">
        <DashboardFilterBar />
        <Suspense fallback={<DashboardLoading />}>
          <DashboardView />
        </Suspense>
      </Stack>
    </DisplayTimeZoneContext.Provider>
  );
}
