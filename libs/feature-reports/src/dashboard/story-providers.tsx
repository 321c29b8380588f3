import { DashboardFiltersProvider, GlobalFiltersProvider } from '@camposense/data-access';
import type { DashboardFilters, GlobalFilters } from '@camposense/data-access';
import { dashboardHandlers } from '@camposense/data-access/testing';
import type { Decorator } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
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

/** What both dashboard story files start from: a desktop viewport and every dashboard request answered. */
export const dashboardStoryMeta = {
  parameters: { viewport: { defaultViewport: 'desktop' } },
  beforeEach: ({ msw }: { msw: SetupWorker }) => {
    msw.use(...dashboardHandlers.loaded());
  },
};

/** The states the screen and the view show alike, one definition for both story files. */
export const sharedDashboardStories = {
  chooseScope: {
    decorators: [withDashboardFilters({ fundoId: 1 })],
    play: async () => {
      await expect(await screen.findByText('Selecciona un nodo o una ubicación para ver sus mediciones')).toBeVisible();
    },
  },
  nodesError: {
    decorators: [withDashboardFilters({ fundoId: 1 })],
    beforeEach: ({ msw }: { msw: SetupWorker }) => {
      msw.use(...dashboardHandlers.nodesError());
    },
    play: async () => {
      await expect(await screen.findByText('Error al cargar los nodos')).toBeVisible();
    },
  },
};
