import type { Page } from 'playwright-core';

/** The day (YYYY-MM-DD) `offset` days from today in Lima, the demo farms' zone and the pages' own. */
export function limaDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(Date.now() + offset * 86_400_000));
}

/**
 * Types a day into one end of the console's date-range picker as a person using Spanish does,
 * dd/mm/aaaa, and commits it with Enter (the picker reads a typed day on Enter or on leaving it).
 */
export async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  const input = page.getByRole('textbox', { name: label });
  await input.fill(`${date}/${month}/${year}`);
  await input.press('Enter');
}
