import { Stack } from '@chakra-ui/react';
import { useDashboardTimeZone } from '@camposense/data-access';
import { DisplayTimeZoneContext, useDisplayTimeZone, useTranslation } from '@camposense/i18n';
// eslint-disable-next-line no-restricted-imports -- Suspense's fallback while the view's chunk loads
import { LoadingState } from '@camposense/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { DashboardFilterBar } from './dashboard-filter-bar';

/**
 * The view, once its chunk is here: drawn as a plain component, so the filter bar and the view show
 * in one commit. Through lazy they showed ~300 ms apart even with the chunk already loaded: lazy
 * suspends on its first draw whatever its promise's state, and React then holds a boundary's
 * content back for its fallback's throttle (issue 30, dashboard first load).
 */
let loadedView: ComponentType | null = null;

// The charts (and d3 with them) are their own chunk; the console fetches it with the screen's (preloadDashboardView).
const loadDashboardView = () =>
  import('./dashboard-view').then((module) => {
    loadedView = module.default;
    return module;
  });
const LazyDashboardView = lazy(loadDashboardView);

/**
 * Fetches the view's chunk; the console waits for it before it draws the dashboard (apps/console
 * screens.ts), so the screen shows whole under the console's one loading state, and opening it later,
 * or reloading at /dashboard, does not wait for a second chunk after the first (issue 30).
 */
export function preloadDashboardView(): Promise<void> {
  return loadDashboardView().then(() => undefined);
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
  // Taken at the first draw: a view that arrives later must not swap the lazy one out (a remount).
  const [View] = useState(() => loadedView);
  return (
    <DisplayTimeZoneContext.Provider value={zone}>
      <Stack gap="3" p="4" w="full" minH="full">
        <DashboardFilterBar />
        {View ? (
          <View />
        ) : (
          // Without the console's preload (a story, a test): the bar first, the view when its chunk is here.
          <Suspense fallback={<DashboardLoading />}>
            <LazyDashboardView />
          </Suspense>
        )}
      </Stack>
    </DisplayTimeZoneContext.Provider>
  );
}
