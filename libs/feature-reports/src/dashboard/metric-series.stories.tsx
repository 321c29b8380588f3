import { Box } from '@chakra-ui/react';
import { dashboardHandlers, metricasFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { MetricChartCard } from './metric-series';

const request = { nodoId: 1, startDate: '2026-11-15T05:00:00.000Z', endDate: '2026-11-22T05:00:00.000Z', maxPoints: 800 };

const meta = {
  title: 'Reports/Dashboard/MetricChartCard',
  component: MetricChartCard,
  args: { metric: metricasFixture[0]!, request },
  decorators: [
    (Story) => (
      <Box p="4" maxW="60rem">
        <Story />
      </Box>
    ),
  ],
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.loaded());
  },
} satisfies Meta<typeof MetricChartCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One metric's series drawn, its thresholds as bands. */
export const Loaded: Story = {
  play: async () => {
    await waitFor(() => expect(screen.getByRole('img').getAttribute('data-drawn-at')).toBeTruthy(), { timeout: 5000 });
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.seriesPending());
  },
  play: async () => {
    await expect(await screen.findByText('Cargando mediciones...')).toBeVisible();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.seriesError());
  },
  play: async () => {
    await expect(await screen.findByText('Error al cargar las mediciones', {}, { timeout: 5000 })).toBeVisible();
  },
};

/** A node that went silent for a while: the line breaks. */
export const Gap: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...dashboardHandlers.loaded({ gap: [0.35, 0.55] }));
  },
  play: Loaded.play,
};

export const LoadedEnglish: Story = { ...Loaded, globals: { language: 'en' } };
