import { DisplayTimeZoneContext, type DisplayTimeZone } from '@camposense/i18n';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DateCell } from '../date-cell';
import { TimeZoneNote } from './time-zone-note';

/** The shell's provider, stood in for: the zone the console decided (issue 16). */
const inZone =
  (zone: DisplayTimeZone): Decorator =>
  (Story) => (
    <DisplayTimeZoneContext.Provider value={zone}>
      <Story />
    </DisplayTimeZoneContext.Provider>
  );

const meta = {
  title: 'UI/TimeZoneNote',
  component: TimeZoneNote,
  // A summer instant: Santiago is GMT-3 then (GMT-4 in winter).
  args: { at: new Date('2026-11-21T14:05:00Z') },
  render: (args) => (
    <>
      <TimeZoneNote {...args} />
      <DateCell value="2026-11-21T14:05:00Z" />
    </>
  ),
} satisfies Meta<typeof TimeZoneNote>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Chilean farm chosen: its country's zone, and the date cell beside it in that zone (11:05). */
export const FarmZone: Story = {
  decorators: [inZone({ timeZone: 'America/Santiago', basis: 'pais' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Horas del fundo: America/Santiago (GMT-3)')).toBeVisible();
    await expect(canvas.getByText('21/11/2026, 11:05')).toBeVisible();
  },
};
export const FarmZoneEnglish: Story = { ...FarmZone, globals: { language: 'en' }, play: undefined };

/** The person asked for the browser's zone (the stories' browser is in Lima: 09:05). */
export const BrowserZone: Story = {
  decorators: [inZone({ timeZone: 'America/Lima', basis: 'browser' })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Horas de este navegador: America/Lima (GMT-5)')).toBeVisible();
  },
};

/** Farms of Peru and Chile in scope: no one farm zone fits, so the browser's, and the note says why. */
export const MixedZones: Story = { decorators: [inZone({ timeZone: 'America/Lima', basis: 'mixed' })] };
export const MixedZonesEnglish: Story = { ...MixedZones, globals: { language: 'en' } };
