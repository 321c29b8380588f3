import type { Meta, StoryObj } from '@storybook/react-vite';
import { DisplayTimeZoneContext } from '@camposense/i18n';
import { DateCell } from './date-cell';

const meta = {
  title: 'UI/DateCell',
  component: DateCell,
  // string | null | undefined would get an object editor: a designer types the ISO date.
  argTypes: { value: { control: 'text' } },
  args: { value: '2026-11-21T14:05:00Z' },
} satisfies Meta<typeof DateCell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Day/month/year hour:minute in the language's locale. */
export const Spanish: Story = {};
export const English: Story = { globals: { language: 'en' } };
/** A missing date reads N/A. */
export const Missing: Story = { args: { value: null } };
/** In the display zone the shell provides (a Chilean farm: 11:05, not the browser's 09:05). */
export const FarmZone: Story = {
  decorators: [
    (Story) => (
      <DisplayTimeZoneContext.Provider value={{ timeZone: 'America/Santiago', basis: 'pais' }}>
        <Story />
      </DisplayTimeZoneContext.Provider>
    ),
  ],
};
