import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Acknowledges the episode of a report entry (a row on a desktop, a card on a phone) the way an
 * operator does: the entry's action counts the episode's alerts, the dialog asks with that count
 * and takes `note`, and a toast confirms. Answers the count the action showed; `viewport width`
 * given, the dialog's confirm button must fit inside it.
 */
export async function acknowledgeEpisode(page: Page, entry: Locator, { note, viewportWidth }: { note: string; viewportWidth?: number }): Promise<number> {
  const action = entry.getByRole('button', { name: /^Reconocer episodio \(\d+ alertas?\)$/ });
  await action.waitFor({ timeout: 15_000 });
  const covered = Number(/\((\d+) alerta/.exec((await action.textContent()) ?? '')?.[1]);
  expect(covered).toBeGreaterThanOrEqual(1);
  await action.click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect.poll(async () => (await dialog.textContent()) ?? '').toContain('¿Reconocer el episodio?');
  expect(await dialog.textContent()).toContain(`${covered} alerta`);
  const confirm = dialog.getByRole('button', { name: 'RECONOCER', exact: true });
  if (viewportWidth !== undefined) expect(await confirm.boundingBox().then((box) => box!.x + box!.width)).toBeLessThanOrEqual(viewportWidth);
  await dialog.getByLabel('Nota (opcional)').fill(note);
  await confirm.click();
  await expect.poll(() => page.getByText('Episodio reconocido').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  return covered;
}
