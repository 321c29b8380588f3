import { Stack } from '@chakra-ui/react';
import { useDashboardTimeZone } from '@camposense/data-access';
import { DisplayTimeZoneContext, useDisplayTimeZone } from '@camposense/i18n';
import { useScreenDrawn } from '@camposense/ui';
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { DashboardFilterBar } from './dashboard-filter-bar';

/**
 * The view, once its chunk is here: drawn as a plain component, so the filter bar and the view show
 * in one commit. Through lazy they showed ~300 ms apart even with the chunk already loaded: lazy
 * suspends on its first draw whatever its promise's state, and React then holds a boundary's
 * content back for its fallback's throttle (issue 30, dashboard first load).
 */
let loadedView: ComponentType | null = null;

/**
 * Fetches the view's chunk (the charts, and d3 with them). Whoever draws the dashboard waits for it
 * first: the console (apps/console screens.ts), so the screen shows whole under the console's one
 * loading state, and the stories in a loader. Opening the dashboard later, or reloading at
 * /dashboard, then does not wait for a second chunk after the first (issue 30).
 */
export function preloadDashboardView(): Promise<void> {
  return import('./dashboard-view').then((module) => {
    loadedView = module.default;
  });
}

export interface DashboardScreenProps {
  /** The tab being shown: `dashboard` or `reportes-dashboard`. */
  tab?: string;
}

/** The dashboard of spec section 2: the filter bar over the dashboard view, sharing DashboardFiltersProvider. */
export function DashboardScreen(_props: DashboardScreenProps) {
  // A farm chosen in the bar's FUNDO gives its zone to the whole dashboard, dates and range included,
  // as one chosen in the sidebar does (issue 28, item 8).
  const zone = useDashboardTimeZone(useDisplayTimeZone());
  const drawn = useDrawnInTransition();
  useScreenDrawn(drawn);
  const View = loadedView;
  if (!View) throw new Error('DashboardScreen drawn before preloadDashboardView() had loaded the view');
  return (
    <DisplayTimeZoneContext.Provider value={zone}>
      <Stack gap="3" p="4" w="full" minH="full">
        {drawn && (
          <>
            <DashboardFilterBar />
            <View />
          </>
        )}
      </Stack>
    </DisplayTimeZoneContext.Provider>
  );
}

/**
 * False on the first draw, true from a transition right after it: the bar and the view then draw
 * together in that transition, which React renders in slices of a few milliseconds with the
 * browser free between them. Drawn at once, their first draw (the bar's selects and date picker,
 * the node list's options, the charts column, Chakra's styles for each) was one task of ~1.1 s at
 * 4× CPU, most of the dashboard's Lighthouse total blocking time (issue 30). Until then the screen
 * holds its place empty: nothing it shows moves when they come.
 */
function useDrawnInTransition(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
