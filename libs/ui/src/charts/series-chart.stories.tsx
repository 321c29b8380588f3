import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor } from 'storybook/test';
import { brushAcrossChart } from '../testing/brush';
import { storySeries } from './chart-story-data';
import { SeriesChart } from './series-chart';

// The stories' clock (preview.tsx freezes Date at the fixtures' now).
const END = new Date('2026-11-21T15:30:00Z');
const thresholds = [
  { minimo: 12, maximo: 32, label: 'Alta', severity: 1 },
  { minimo: 15, maximo: 29, label: 'Media', severity: 2 },
];

const meta = {
  title: 'UI/SeriesChart',
  component: SeriesChart,
  argTypes: {
    // Hundreds of generated points: a story picks them, the panel does not.
    buckets: { control: false },
    thresholds: { control: false },
    episodes: { control: false },
  },
  args: { label: 'Temperatura', unit: '°C', tone: 'orange', ...storySeries({ end: END, days: 1, points: 600 }) },
  decorators: [
    (Story) => (
      <Box p="6" maxW="900px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SeriesChart>;

export default meta;
type Story = StoryObj<typeof meta>;

async function drawn() {
  await waitFor(() => expect(screen.getByRole('img').getAttribute('data-drawn-at')).not.toBeNull());
}

export const OneDay: Story = { play: drawn };
/** A year in daily buckets, as the API answers it: each day's min–max as a light band, the mean on top. */
export const OneYear: Story = {
  args: { ...storySeries({ end: END, days: 365, points: 365 }) },
  play: async () => {
    await drawn();
    await expect(screen.getByRole('img')).toHaveAttribute('data-daily', 'true');
  },
};
export const Gap: Story = { args: { ...storySeries({ end: END, days: 3, points: 300, gap: [0.4, 0.6] }) }, play: drawn };
export const ThresholdBand: Story = { args: { thresholds }, play: drawn };
export const Humidity: Story = {
  args: {
    label: 'Humedad',
    unit: '%',
    tone: 'blue',
    ...storySeries({ end: END, days: 30, points: 600 }),
  },
  play: drawn,
};
export const NoData: Story = { args: { buckets: [] } };
/** The read-out of the bucket chosen with the keyboard: focus, then arrow keys. */
export const KeyboardReadout: Story = {
  args: { thresholds },
  play: async () => {
    await drawn();
    await userEvent.tab();
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}');
    const readout = screen.getByRole('status', { name: 'Lectura del gráfico' });
    await expect(readout).toHaveTextContent('20/11/2026');
    await expect(readout).toHaveTextContent('°C');
  },
};
export const English: Story = { ...OneDay, globals: { language: 'en' } };
export const EnglishYear: Story = { ...OneYear, globals: { language: 'en' } };

/** An open episode: a red span from its first breaking reading, its label, the broken band drawn solid. */
export const ActiveEpisode: Story = {
  args: {
    thresholds,
    episodes: [{ start: new Date('2026-11-21T09:00:00Z'), label: 'Media · desde 21/11 09:00', minimo: 15, maximo: 29 }],
  },
  play: async () => {
    await drawn();
    await expect(screen.getByRole('img')).toHaveAttribute('data-episode-count', '1');
  },
};

/** One episode acknowledged (grey), one still active, and a no-data span with no band. */
export const AcknowledgedAndSilent: Story = {
  args: {
    thresholds,
    episodes: [
      { start: new Date('2026-11-20T20:00:00Z'), label: 'Alta · reconocida', acknowledged: true, minimo: 12, maximo: 32 },
      { start: new Date('2026-11-21T14:50:00Z'), label: 'Sin datos · desde 14:50' },
    ],
  },
  play: async () => {
    await drawn();
    await expect(screen.getByRole('img')).toHaveAttribute('data-episode-count', '2');
  },
};

/** A year brushed from about March to May: the axis shows those months, the button goes back. */
export const ZoomedYear: Story = {
  args: { ...storySeries({ end: END, days: 365, points: 365 }) },
  play: async () => {
    await drawn();
    const chart = screen.getByRole('img');
    brushAcrossChart(chart, 0.3, 0.45);
    await waitFor(() => expect(chart.getAttribute('data-view-start')).not.toBe('2025-11-21T15:30:00.000Z'));
    const days = (Date.parse(chart.getAttribute('data-view-end')!) - Date.parse(chart.getAttribute('data-view-start')!)) / 86_400_000;
    await expect(days).toBeGreaterThan(40);
    await expect(days).toBeLessThan(70);
    await expect(screen.getByRole('button', { name: 'Ver todo el rango' })).toBeVisible();
  },
};

/** Double-click goes back one level, Escape back to the whole window. */
export const ZoomBackAndReset: Story = {
  args: { ...storySeries({ end: END, days: 365, points: 365 }) },
  play: async () => {
    await drawn();
    const chart = screen.getByRole('img');
    const whole = chart.getAttribute('data-view-start');
    brushAcrossChart(chart, 0.2, 0.8);
    await waitFor(() => expect(chart.getAttribute('data-view-start')).not.toBe(whole));
    const first = chart.getAttribute('data-view-start');
    brushAcrossChart(chart, 0.4, 0.6);
    await waitFor(() => expect(chart.getAttribute('data-view-start')).not.toBe(first));
    await fireEvent.dblClick(chart.querySelector('.brush .overlay')!);
    await waitFor(() => expect(chart.getAttribute('data-view-start')).toBe(first));
    chart.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(chart.getAttribute('data-view-start')).toBe(whole));
    await expect(screen.queryByRole('button', { name: 'Ver todo el rango' })).toBeNull();
  },
};

const secondNode = storySeries({ end: END, days: 365, points: 365 }).buckets.map((bucket, index) => ({
  ...bucket,
  avg: bucket.avg - 3 + Math.sin(index / 20),
  min: bucket.min - 4 + Math.sin(index / 20),
  max: bucket.max - 2.5 + Math.sin(index / 20),
}));

/** Two nodes' temperature over a year on one chart: colour and dash tell them apart, the legend names them. */
export const CompareTwoNodes: Story = {
  args: {
    ...storySeries({ end: END, days: 365, points: 365 }),
    seriesLabel: 'Nodo Norte 1',
    comparison: { label: 'Nodo Sur 2', buckets: secondNode, bucketSeconds: 86_400 },
  },
  play: async () => {
    await drawn();
    await expect(screen.getByRole('img')).toHaveAttribute('data-compare-count', String(secondNode.length));
    const legend = screen.getByRole('list', { name: 'Series comparadas' });
    await expect(legend).toHaveTextContent('Nodo Norte 1');
    await expect(legend).toHaveTextContent('Nodo Sur 2');
    await userEvent.tab();
    await userEvent.keyboard('{Home}');
    await expect(screen.getByRole('status', { name: 'Lectura del gráfico' })).toHaveTextContent('Nodo Sur 2:');
  },
};
export const CompareTwoNodesEnglish: Story = {
  args: CompareTwoNodes.args,
  globals: { language: 'en' },
  play: async () => {
    await drawn();
    await expect(screen.getByRole('list', { name: 'Compared series' })).toHaveTextContent('Nodo Sur 2');
  },
};

/** A phone's width: the chart fits 390 px, fewer ticks, the same band and mean. */
export const PhoneWidth: Story = {
  args: { ...storySeries({ end: END, days: 365, points: 300 }) },
  decorators: [
    (Story) => (
      <Box w="390px" p="2">
        <Story />
      </Box>
    ),
  ],
  play: async () => {
    await drawn();
    await expect(Number(screen.getByRole('img').getAttribute('width'))).toBeLessThanOrEqual(390);
  },
};

/** The farm's zone, not the browser's (Lima): ticks and read-out on Madrid's clock, the zone named. */
export const NamedTimeZone: Story = {
  args: { timeZone: 'Europe/Madrid' },
  play: async () => {
    await drawn();
    await expect(screen.getByText('Hora: Europe/Madrid')).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    // The last bucket starts at 15:28 UTC: 16:28 in Madrid (10:28 in Lima).
    await expect(screen.getByRole('status', { name: 'Lectura del gráfico' })).toHaveTextContent('21/11/2026 16:');
  },
};
export const NamedTimeZoneEnglish: Story = {
  args: { timeZone: 'America/Lima' },
  globals: { language: 'en' },
  play: async () => {
    await drawn();
    await expect(screen.getByText('Time: America/Lima')).toBeVisible();
  },
};

/** Zoom without a mouse: choose a bucket with the arrows, + zooms into half the view around it, − goes back. */
export const KeyboardZoom: Story = {
  args: { ...storySeries({ end: END, days: 365, points: 365 }) },
  play: async () => {
    await drawn();
    const chart = screen.getByRole('img');
    const whole = chart.getAttribute('data-view-start');
    await userEvent.tab();
    await userEvent.keyboard('{Home}{PageDown}{PageDown}+');
    await waitFor(() => expect(chart.getAttribute('data-view-start')).toBe(whole));
    await waitFor(() => expect(chart.getAttribute('data-view-end')).toBe('2026-05-23T03:30:00.000Z'));
    await userEvent.keyboard('-');
    await waitFor(() => expect(chart.getAttribute('data-view-end')).toBe(END.toISOString()));
  },
};
