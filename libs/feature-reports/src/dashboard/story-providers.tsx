import { DashboardFiltersProvider, GlobalFiltersProvider } from '@camposense/data-access';
import type { DashboardFilters } from '@camposense/data-access';
import type { Decorator } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';

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

/** Waits until `count` charts have drawn (each chart's svg carries data-drawn-at once drawn). */
export async function chartsDrawn(count = 3) {
  await waitFor(() => expect(screen.getAllByRole('img').filter((chart) => chart.getAttribute('data-drawn-at'))).toHaveLength(count), {
    timeout: 5000,
  });
}
