import { DashboardFiltersProvider, GlobalFiltersProvider } from '@camposense/data-access';
import type { DashboardFilters } from '@camposense/data-access';
import type { Decorator } from '@storybook/react-vite';

/** The providers the console mounts above the dashboard, with a starting choice of filters. */
export function withDashboardFilters(initial: Partial<DashboardFilters> = {}): Decorator {
  return (Story) => (
    <GlobalFiltersProvider>
      <DashboardFiltersProvider initial={initial}>
        <Story />
      </DashboardFiltersProvider>
    </GlobalFiltersProvider>
  );
}
