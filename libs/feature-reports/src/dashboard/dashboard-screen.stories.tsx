import { Box } from '@chakra-ui/react';
import { DisplayTimeZoneContext } from '@camposense/i18n';
import type { Decorator } from '@storybook/react-vite';
import { dashboardHandlers, metricasFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DashboardScreen, preloadDashboardView } from './dashboard-screen';
import { AnalysisPanel } from './metric-series';
import { chartsDrawn, dashboardStoryMeta, sharedDashboardStories, withDashboardFilters } from './story-providers';

const meta = {
  title: 'Reports/Dashboard',
  component: DashboardScreen,
  args: { tab: 'reportes-dashboard' },
  ...dashboardStoryMeta,
  // As the console does before it draws the screen: the view's chunk is here when the screen draws.
  loaders: [() => preloadDashboardView()],
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function chooseNode(name: string) {
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

/** No node or location yet: the prompt beside the node list. */
export const ChooseScope: Story = { ...sharedDashboardStories.chooseScope };

/** A node chosen: one chart per metric, thresholds as bands, the analysis below. */
export const NodeChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1 })],
  play: async () => {
    await chooseNode('NODO-SJO-01');
    await chartsDrawn();
    const analysis = screen.getByRole('region', { name: 'ANÁLISIS DETALLADO' });
    await waitFor(() => expect(within(analysis).getAllByText('21/11/2026, 10:20')).toHaveLength(3));
  },
};

/** A location chosen and no node: the location's series. */
export const LocationChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 2 })],
  play: () => chartsDrawn(),
};

/** A year of readings: the API answers the same number of buckets as for a day. */
export const OneYear: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 1, startDate: '2025-11-22', endDate: '2026-11-21' })],
  play: () => chartsDrawn(),
};

/** A node that went silent for a while: the line breaks. */
export const Gap: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.loaded({ gap: [0.35, 0.55] }));
  },
  play: () => chartsDrawn(),
};

export const SeriesLoading: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.seriesPending());
  },
  play: async () => {
    await waitFor(() => expect(screen.getAllByText('Cargando mediciones...')).toHaveLength(3), { timeout: 5000 });
  },
};

export const SeriesError: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.seriesError());
  },
  play: async () => {
    await waitFor(() => expect(screen.getAllByText('Error al cargar las mediciones')).toHaveLength(3), { timeout: 5000 });
  },
};

export const NodesError: Story = { ...sharedDashboardStories.nodesError };

export const English: Story = {
  ...NodeChosen,
  globals: { language: 'en' },
  play: async () => {
    await chooseNode('NODO-SJO-01');
    await chartsDrawn();
  },
};

/**
 * The sidebar scoped to Santa Rosa: the FUNDO field follows it, and the node list holds only its
 * node (the issue: a farm chosen in the sidebar still listed every node).
 */
export const ScopedToFarm: Story = {
  decorators: [withDashboardFilters({}, { paisId: 1, empresaId: 1, fundoId: 2 })],
  play: async () => {
    const list = await screen.findByRole('listbox', { name: 'NODOS' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await expect(within(list).getByRole('option', { name: /NODO-SRO-01/ })).toBeVisible();
    await waitFor(() => expect(screen.getByDisplayValue('Santa Rosa')).toBeVisible());
  },
};

/**
 * Opened from an alert: the node, a day either side of it and the alert's threshold drawn as the
 * accent band over the others (the chart's `edited` band).
 */
export const OpenedFromAlert: Story = {
  decorators: [
    withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 1, nodoId: 1, umbralId: 10, startDate: '2026-11-20', endDate: '2026-11-22' }),
  ],
  play: async () => {
    await chartsDrawn();
    await expect(screen.getByRole('option', { name: /NODO-SJO-01/ })).toHaveAttribute('aria-selected', 'true');
    await expect(screen.getByText('20/11 - 22/11')).toBeVisible();
  },
};

/** The shell's zone with no farm in the sidebar and farms in Peru and Chile: this browser's, "different zones". */
const inMixedScope: Decorator = (Story) => (
  <DisplayTimeZoneContext.Provider value={{ timeZone: 'America/Lima', basis: 'mixed' }}>
    <Story />
  </DisplayTimeZoneContext.Provider>
);

const zoneNote = () => screen.findByTestId('time-zone-note');

/**
 * Issue 28, item 8: Los Olivos (Chile) chosen in the dashboard's own FUNDO filter, the sidebar
 * scoped to nothing: the dashboard shows the farm's time, Santiago's, and names one farm, not
 * "farms in different zones".
 */
export const ChileanFarmChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 4, entidadId: 1, ubicacionId: 5 }), inMixedScope],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.zones());
  },
  play: async () => {
    await waitFor(async () => expect(await zoneNote()).toHaveTextContent('Horas del fundo: America/Santiago (GMT-3)'));
    await chartsDrawn();
  },
};

export const ChileanFarmChosenEnglish: Story = {
  ...ChileanFarmChosen,
  globals: { language: 'en' },
  play: async () => {
    await waitFor(async () => expect(await zoneNote()).toHaveTextContent('Farm time: America/Santiago (GMT-3)'));
    await chartsDrawn();
  },
};

/** No farm in the bar nor the sidebar, farms in Peru and Chile: the browser's time, and the note says why. */
export const FarmsInDifferentZones: Story = {
  decorators: [withDashboardFilters({ nodoId: 1 }), inMixedScope],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.zones());
  },
  play: async () => {
    await waitFor(async () => expect(await zoneNote()).toHaveTextContent('los fundos elegidos están en zonas horarias distintas'));
    await chartsDrawn();
  },
};

export const FarmsInDifferentZonesEnglish: Story = {
  ...FarmsInDifferentZones,
  globals: { language: 'en' },
  play: async () => {
    await waitFor(async () => expect(await zoneNote()).toHaveTextContent('the chosen farms are in different time zones'));
    await chartsDrawn();
  },
};

/** The detailed analysis on its own: figures per metric from the series calls. */
export const Analysis: StoryObj<typeof AnalysisPanel> = {
  render: () => (
    <Box p="4">
      <AnalysisPanel
        metrics={metricasFixture}
        request={{ nodoId: 1, startDate: '2026-11-15T05:00:00.000Z', endDate: '2026-11-22T05:00:00.000Z', maxPoints: 800 }}
      />
    </Box>
  ),
  play: async () => {
    await waitFor(() => expect(screen.getAllByText('2')).toHaveLength(3));
  },
};
export const AnalysisEnglish: StoryObj<typeof AnalysisPanel> = { ...Analysis, globals: { language: 'en' }, play: undefined };
