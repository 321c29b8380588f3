import { dashboardHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import DashboardView from './dashboard-view';
import { chartsDrawn, withDashboardFilters } from './story-providers';

const meta = {
  title: 'Reports/Dashboard/DashboardView',
  component: DashboardView,
  parameters: { viewport: { defaultViewport: 'desktop' } },
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.loaded());
  },
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No node or location chosen: the prompt beside the node list. */
export const ChooseScope: Story = {
  decorators: [withDashboardFilters({ fundoId: 1 })],
  play: async () => {
    await expect(await screen.findByText('Selecciona un nodo o una ubicación para ver sus mediciones')).toBeVisible();
  },
};

/** A location chosen: one chart per metric and the analysis. */
export const LocationChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 2 })],
  play: () => chartsDrawn(),
};

export const NodesError: Story = {
  decorators: [withDashboardFilters({ fundoId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.nodesError());
  },
  play: async () => {
    await expect(await screen.findByText('Error al cargar los nodos')).toBeVisible();
  },
};

export const LocationChosenEnglish: Story = { ...LocationChosen, globals: { language: 'en' } };
