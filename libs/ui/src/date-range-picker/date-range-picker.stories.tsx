import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DateRangePicker } from './date-range-picker';
import type { DateRangeValue } from './quick-ranges';

// A picked or typed day reaches the fields through the picker's state on a later render: each
// check of a field after an action waits for it (within the 5 s asyncUtilTimeout) instead of
// reading it at once, which failed on a loaded machine.

/** The range kept in state, as a filter panel holds it. Today is the stories' fixed 21 November 2026. */
function Demo({ initial, disabled }: { initial: DateRangeValue; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return <DateRangePicker value={value} onChange={setValue} disabled={disabled} />;
}

const EMPTY: DateRangeValue = { desde: null, hasta: null };

const meta = {
  title: 'UI/DateRangePicker',
  component: Demo,
  args: { initial: EMPTY },
  argTypes: { initial: { control: 'object' } },
  decorators: [(Story) => <div style={{ padding: 16 }}><Story /></div>],
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

const quickRange = (name: string) => within(screen.getByRole('group', { name: /Rangos rápidos|Quick ranges/ })).getByRole('button', { name });

/** No days: both ends open, no quick range marked. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByPlaceholderText('dd/mm/aaaa')).toHaveLength(2);
    for (const name of ['Últimas 24 h', '7 días', '30 días', 'Esta temporada']) {
      await expect(quickRange(name)).toHaveAttribute('aria-pressed', 'false');
    }
  },
};

/** A whole range, shown day first as in Spanish. */
export const Range: Story = {
  args: { initial: { desde: '2026-11-01', hasta: '2026-11-15' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('01/11/2026');
    await expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('15/11/2026');
    await expect(canvas.getByRole('button', { name: 'Borrar fechas' })).toBeVisible();
  },
};

/** Only the first day: everything from it on. */
export const FromOnly: Story = {
  args: { initial: { desde: '2026-11-01', hasta: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('01/11/2026');
    await expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('');
  },
};

/** The last week ending today is "7 días": that chip is marked, the others are not. */
export const QuickRangeActive: Story = {
  args: { initial: { desde: '2026-11-15', hasta: '2026-11-21' } },
  play: async () => {
    await expect(quickRange('7 días')).toHaveAttribute('aria-pressed', 'true');
    await expect(quickRange('30 días')).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Clicking "7 días" sets the week ending today; the keyboard picks "Esta temporada" (from 1 August). */
export const PickQuickRanges: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(quickRange('7 días'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('15/11/2026'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('21/11/2026'));
    await expect(quickRange('7 días')).toHaveAttribute('aria-pressed', 'true');
    quickRange('Esta temporada').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('01/08/2026'));
    await expect(quickRange('Esta temporada')).toHaveAttribute('aria-pressed', 'true');
    await expect(quickRange('7 días')).toHaveAttribute('aria-pressed', 'false');
  },
};

/** A day typed in the language's order is read day first: 05/11/2026 is 5 November. */
export const TypedDayFirst: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByRole('textbox', { name: 'Desde' });
    await userEvent.type(from, '05/11/2026{Enter}');
    await waitFor(() => expect(from).toHaveValue('05/11/2026'));
    // Committed to the value: the clear button shows once a day is chosen.
    await expect(await canvas.findByRole('button', { name: 'Borrar fechas' })).toBeVisible();
    await userEvent.tab();
  },
};

/** Typing a new first day and pressing Enter keeps the last one: 15/11/2026 becomes the week's start. */
export const TypedDayKeepsOtherEnd: Story = {
  args: { initial: { desde: '2026-11-01', hasta: '2026-11-21' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByRole('textbox', { name: 'Desde' });
    await userEvent.tripleClick(from);
    await userEvent.keyboard('15/11/2026{Enter}');
    await waitFor(() => expect(from).toHaveValue('15/11/2026'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('21/11/2026'));
    // The value is the last week ending today: its quick range is marked.
    await expect(quickRange('7 días')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab();
  },
};

/** The calendar open on the range's month, weeks starting on Monday. */
export const OpenCalendar: Story = {
  args: { initial: { desde: '2026-11-10', hasta: '2026-11-14' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir calendario' }));
    const calendar = await screen.findByRole('application');
    await expect(calendar).toBeVisible();
    // The weekday row is hidden from assistive technology (each day says its weekday): read it as drawn.
    const weekdays = [...calendar.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim().toLowerCase());
    await expect(weekdays).toEqual(['l', 'm', 'x', 'j', 'v', 's', 'd']);
    await expect(within(calendar).getByText('noviembre de 2026')).toBeVisible();
  },
};

/** Disabled: neither the days, the calendar nor the quick ranges can be used. */
export const Disabled: Story = {
  args: { initial: { desde: '2026-11-15', hasta: '2026-11-21' }, disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Abrir calendario' })).toBeDisabled();
    await expect(quickRange('7 días')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Borrar fechas' })).toBeNull();
  },
};

/** English: month first (mm/dd/yyyy), English labels and quick ranges. */
export const English: Story = {
  args: { initial: { desde: '2026-11-01', hasta: '2026-11-15' } },
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'From' })).toHaveValue('11/01/2026');
    await expect(canvas.getByRole('textbox', { name: 'To' })).toHaveValue('11/15/2026');
    await userEvent.click(quickRange('30 days'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'From' })).toHaveValue('10/23/2026'));
    await expect(quickRange('30 days')).toHaveAttribute('aria-pressed', 'true');
  },
};

export const EnglishEmpty: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByPlaceholderText('mm/dd/yyyy')).toHaveLength(2);
    await expect(quickRange('This season')).toBeVisible();
  },
};

/** On a phone the quick ranges wrap under the days and nothing runs off the screen. */
export const Phone: Story = {
  args: { initial: { desde: '2026-11-20', hasta: '2026-11-21' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(quickRange('Últimas 24 h')).toHaveAttribute('aria-pressed', 'true');
    const group = screen.getByRole('group', { name: 'Rangos rápidos' });
    await expect(group.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
  },
};

export const PhoneEnglish: Story = {
  args: { initial: { desde: '2026-08-01', hasta: '2026-11-21' } },
  globals: { viewport: { value: 'phone' }, language: 'en' },
  play: async () => {
    await expect(quickRange('This season')).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The calendar open on a phone: it fits the width. */
export const PhoneOpenCalendar: Story = {
  args: { initial: { desde: '2026-11-10', hasta: '2026-11-14' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Abrir calendario' }));
    const calendar = await screen.findByRole('application');
    await expect(calendar.getBoundingClientRect().right).toBeLessThanOrEqual(390);
  },
};
