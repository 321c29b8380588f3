import { Box } from '@chakra-ui/react';
import { dashboardHandlers, metricasFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { brushAcrossChart } from '@camposense/ui/testing';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
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

// A year up to the fixtures' now (21/11/2026): the API answers it in daily buckets.
const year = { nodoId: 1, startDate: '2025-11-22T05:00:00.000Z', endDate: '2026-11-22T05:00:00.000Z', maxPoints: 800 };
const drawnChart = async () => {
  await waitFor(() => expect(screen.getByRole('img').getAttribute('data-drawn-at')).toBeTruthy(), { timeout: 5000 });
  return screen.getByRole('img');
};

/** A year of one node: each day's min–max as a light band, the daily mean as a line on top. */
export const Year: Story = {
  args: { request: year },
  play: async () => {
    await expect(await drawnChart()).toHaveAttribute('data-daily', 'true');
  },
};

/** A year brushed down to a few weeks: the card asks for that span and draws it in finer buckets. */
export const YearZoomed: Story = {
  args: { request: year },
  play: async () => {
    const chart = await drawnChart();
    brushAcrossChart(chart, 0.9, 0.97);
    await waitFor(() => expect(chart).toHaveAttribute('data-daily', 'false'), { timeout: 5000 });
    await expect(screen.getByRole('button', { name: 'Ver todo el rango' })).toBeVisible();
  },
};

/** A second node chosen: both nodes' temperature on one chart, named in the legend. */
export const YearCompared: Story = {
  args: {
    request: year,
    seriesLabel: 'NODO-SJO-01',
    compareCandidates: [
      { nodoid: 2, nodo: 'NODO-SJO-02' },
      { nodoid: 4, nodo: 'NODO-SRO-01' },
    ],
  },
  play: async () => {
    const chart = await drawnChart();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Comparar con' }), 'NODO-SJO-02');
    await waitFor(() => expect(Number(chart.getAttribute('data-compare-count'))).toBeGreaterThan(300), { timeout: 5000 });
    await expect(screen.getByRole('list', { name: 'Series comparadas' })).toHaveTextContent('NODO-SJO-02');
  },
};

/** The farm's zone given by the dashboard: named under the axis. */
export const FarmTimeZoneEnglish: Story = {
  args: { timeZone: 'America/Lima' },
  globals: { language: 'en' },
  play: async () => {
    await drawnChart();
    await expect(screen.getByText('Time: America/Lima')).toBeVisible();
  },
};

/** On a phone (390 px): the year's band and mean fit the card, the compare select wraps under the title. */
export const YearPhone: Story = {
  args: { request: year, seriesLabel: 'NODO-SJO-01', compareCandidates: [{ nodoid: 2, nodo: 'NODO-SJO-02' }] },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const chart = await drawnChart();
    await expect(chart).toHaveAttribute('data-daily', 'true');
    await expect(Number(chart.getAttribute('width'))).toBeLessThanOrEqual(390);
  },
};
