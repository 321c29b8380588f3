import { Box } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
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
export const OneYear: Story = { args: { ...storySeries({ end: END, days: 365, points: 730 }) }, play: drawn };
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
