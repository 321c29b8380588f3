import { DashboardFiltersProvider, GlobalFiltersProvider } from '@camposense/data-access';
import type { DashboardFilters, GlobalFilters } from '@camposense/data-access';
import type { Decorator } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';

/** The providers the console mounts above the dashboard, with a starting choice of filters and of the sidebar's scope. */
export function withDashboardFilters(initial: Partial<DashboardFilters> = {}, global?: Partial<GlobalFilters>): Decorator {
  return (Story) => (
    <GlobalFiltersProvider initial={global}>
      <DashboardFiltersProvider initial={initial}>
        <Story />
      </DashboardFiltersProvider>
    </GlobalFiltersProvider>
  );
}

/** Waits until `count` charts have drawn (each chart's svg carries data-drawn-at once drawn). */
export async function chartsDrawn(count = 3) {
  await waitFor(() => expect(screen.getAllByRole('img').filter((chart) => chart.getAttribute('data-drawn-at'))).toHaveLength(count), {
    // Three charts and their series requests on two loaded cores, in a whole visual run.
    timeout: 15_000,
  });
}
