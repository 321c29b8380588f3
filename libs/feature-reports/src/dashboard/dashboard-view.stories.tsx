import { dashboardHandlers, openEpisodesFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import DashboardView from './dashboard-view';
import { chartsDrawn, dashboardStoryMeta, sharedDashboardStories, withDashboardFilters } from './story-providers';

const meta = {
  title: 'Reports/Dashboard/DashboardView',
  component: DashboardView,
  ...dashboardStoryMeta,
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No node or location chosen: the prompt beside the node list. */
export const ChooseScope: Story = { ...sharedDashboardStories.chooseScope };

/** A location chosen: one chart per metric and the analysis. */
export const LocationChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 2 })],
  play: () => chartsDrawn(),
};

export const NodesError: Story = { ...sharedDashboardStories.nodesError };

export const LocationChosenEnglish: Story = { ...LocationChosen, globals: { language: 'en' } };

/**
 * A location with open episodes: each chart marks its metric's episodes from their start (red span,
 * label, the broken band solid) and lists them above; NODO-SJO-03's silence is on every chart.
 */
export const LocationEpisodes: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 2 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.episodes(), ...dashboardHandlers.loaded());
  },
  play: async () => {
    await chartsDrawn();
    const temperatura = screen.getByRole('region', { name: 'Temperatura' });
    // The episodes come in their own request, which may answer after the charts drew.
    await expect(await within(temperatura).findByText('Alerta activa · Media · desde 21/11/2026, 07:30', {}, { timeout: 15_000 })).toBeVisible();
    await expect(within(temperatura).getByText('Sin datos desde 21/11/2026, 09:55')).toBeVisible();
    await waitFor(() => expect(within(temperatura).getByRole('img')).toHaveAttribute('data-episode-count', '2'));
    const humedad = screen.getByRole('region', { name: 'Humedad' });
    await expect(within(humedad).getByText('Alerta activa · Alta · desde 21/11/2026, 09:40')).toBeVisible();
    const ec = screen.getByRole('region', { name: 'Electroconductividad' });
    await waitFor(() => expect(within(ec).getByRole('img')).toHaveAttribute('data-episode-count', '1'));
  },
};

/** A node chosen in the list: its charts mark only its own episodes; an acknowledged one is grey. */
export const NodeEpisodesAcknowledged: Story = {
  decorators: [withDashboardFilters({ fundoId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(
      ...dashboardHandlers.episodes(
        openEpisodesFixture.map((episode) =>
          episode.episodioid === 801 ? { ...episode, statusid: -1 as const, fechareconocido: '2026-11-21T14:00:00.000Z' } : episode,
        ),
      ),
      ...dashboardHandlers.loaded(),
    );
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('option', { name: /NODO-SJO-02/ }));
    await chartsDrawn();
    const temperatura = screen.getByRole('region', { name: 'Temperatura' });
    // The episodes come in their own request, which may answer after the charts drew.
    await expect(await within(temperatura).findByText('Alerta reconocida · Media · desde 21/11/2026, 07:30', {}, { timeout: 15_000 })).toBeVisible();
    await expect(within(temperatura).queryByText(/^Sin datos desde/)).toBeNull();
    await waitFor(() => expect(within(temperatura).getByRole('img')).toHaveAttribute('data-episode-count', '1'));
  },
};

export const LocationEpisodesEnglish: Story = {
  ...LocationEpisodes,
  globals: { language: 'en' },
  play: async () => {
    await chartsDrawn();
    const temperatura = screen.getByRole('region', { name: 'Temperatura' });
    await expect(await within(temperatura).findByText('Active alert · Media · since 11/21/2026, 07:30', {}, { timeout: 15_000 })).toBeVisible();
    await expect(within(temperatura).getByText('No data since 11/21/2026, 09:55')).toBeVisible();
  },
};
