import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen } from 'storybook/test';
import { NO_DAYS } from './day-range';
import type { DayRangeFilter } from './day-range';
import { ReportDateRange } from './report-date-range';

const LABELS = {
  fechas: 'Fechas',
  desde: 'Desde',
  hasta: 'Hasta',
  datePlaceholder: 'dd/mm/aaaa',
  openCalendar: 'Abrir calendario',
  clearDates: 'Borrar fechas',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
};

/** The range kept in state, as a report's panel holds it. */
function Demo({ initial }: { initial: DayRangeFilter }) {
  const [value, setValue] = useState(initial);
  return <ReportDateRange value={value} onChange={setValue} labels={LABELS} />;
}

const meta = {
  title: 'Reports/ReportDateRange',
  component: Demo,
  args: { initial: NO_DAYS },
  argTypes: { initial: { control: 'object' } },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No days: both ends open. */
export const Empty: Story = {
  play: async () => {
    await expect(screen.getAllByPlaceholderText('dd/mm/aaaa').length).toBeGreaterThan(0);
  },
};

/** A whole range, shown day first as in Spanish. */
export const Range: Story = {
  args: { initial: { desde: '2026-11-01', hasta: '2026-11-15' } },
  play: async () => {
    await expect(screen.getByDisplayValue('01/11/2026')).toBeVisible();
    await expect(screen.getByDisplayValue('15/11/2026')).toBeVisible();
  },
};

/** Only the first day: everything from it on. */
export const FromOnly: Story = {
  args: { initial: { desde: '2026-11-01', hasta: null } },
  play: async () => {
    await expect(screen.getByDisplayValue('01/11/2026')).toBeVisible();
  },
};
