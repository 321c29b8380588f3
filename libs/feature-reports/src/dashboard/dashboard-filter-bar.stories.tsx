import { dashboardHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { DashboardFilterBar } from './dashboard-filter-bar';
import { withDashboardFilters } from './story-providers';

const meta = {
  title: 'Reports/Dashboard/FilterBar',
  component: DashboardFilterBar,
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.loaded());
  },
} satisfies Meta<typeof DashboardFilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const shows = (text: string) => async () => {
  await waitFor(() => expect(screen.getAllByPlaceholderText(text).length).toBeGreaterThan(0));
};

/** Nothing chosen: SELECCIONA UN FUNDO PRIMERO in entity and location; the default week as the range. */
export const NoFarm: Story = {
  decorators: [withDashboardFilters()],
  play: async () => {
    await shows('SELECCIONA UN FUNDO PRIMERO')();
    await expect(screen.getByText('15/11 - 21/11')).toBeVisible();
  },
};
export const LoadingEntities: Story = {
  decorators: [withDashboardFilters({ fundoId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.placesPending());
  },
  play: shows('CARGANDO ENTIDADES...'),
};
export const LoadingLocations: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.placesPending());
  },
  play: shows('CARGANDO UBICACIONES...'),
};
export const NoEntities: Story = { decorators: [withDashboardFilters({ fundoId: 3 })], play: shows('NO HAY ENTIDADES DISPONIBLES') };
export const ChooseEntityFirst: Story = { decorators: [withDashboardFilters({ fundoId: 1 })], play: shows('SELECCIONA UNA ENTIDAD PRIMERO') };
export const NoLocations: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 4 })],
  play: shows('NO HAY UBICACIONES DISPONIBLES'),
};
export const AllChosen: Story = {
  decorators: [withDashboardFilters({ fundoId: 1, entidadId: 1, ubicacionId: 2, startDate: '2026-10-23', endDate: '2026-11-21' })],
  play: async () => {
    // Entities and locations arrive by separate requests: wait for both names.
    await waitFor(
      async () => {
        await expect(screen.getByDisplayValue('Lote 2')).toBeVisible();
        await expect(screen.getByDisplayValue('Palta')).toBeVisible();
      },
      { timeout: 5000 },
    );
    await expect(screen.getByText('23/10 - 21/11')).toBeVisible();
  },
};
export const Error: Story = {
  decorators: [withDashboardFilters({ fundoId: 1 })],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.placesError());
  },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Error');
  },
};
export const English: Story = { ...ChooseEntityFirst, globals: { language: 'en' }, play: shows('CHOOSE AN ENTITY FIRST') };
