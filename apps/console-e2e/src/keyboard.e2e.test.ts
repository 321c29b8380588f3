import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD, journeyPage } from './support/session';

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through the page; fails when
 * it is not reached within `max` presses (a control the keyboard cannot reach).
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await target.waitFor({ timeout: 30_000 });
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`the keyboard did not reach ${target.toString()} in ${max} presses of Tab`);
}

/** Tabs to a control and presses Enter on it. */
async function activate(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

// Read only: it signs in, reads a report and draws a chart; it writes nothing the other journeys see.
describe('the keyboard-only journey: sign in, open a report, page it, open a node\'s chart', () => {
  const journey = journeyPage();

  it('signs in with the keyboard', async () => {
    await journey.page.goto(baseUrl());
    await tabTo(journey.page, journey.page.getByLabel('CORREO ELECTRÓNICO'));
    await journey.page.keyboard.type(ADMIN_EMAIL);
    await journey.page.keyboard.press('Tab');
    await expect.poll(() => journey.page.getByLabel('CONTRASEÑA').evaluate((element) => element === document.activeElement)).toBe(true);
    await journey.page.keyboard.type(DEMO_PASSWORD);
    await journey.page.keyboard.press('Enter');
    await journey.page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
  });

  it('opens the alerts report from the menus and pages it', async () => {
    await activate(journey.page, journey.page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }));
    await activate(journey.page, journey.page.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }));
    await journey.page.getByRole('heading', { name: 'REGISTRO DE ALERTAS' }).waitFor({ timeout: 30_000 });
    await journey.page.locator('table[aria-label="Alertas"][aria-busy="false"]').waitFor();
    await journey.page.getByText(/^PÁGINA 1 DE \d+$/).waitFor();
    await activate(journey.page, journey.page.getByRole('button', { name: 'SIGUIENTE' }));
    await journey.page.getByText(/^PÁGINA 2 DE \d+$/).waitFor();
    // The focus stays on the pager: Enter again turns one more page.
    await journey.page.keyboard.press('Enter');
    await journey.page.getByText(/^PÁGINA 3 DE \d+$/).waitFor();
  });

  it('opens the dashboard and a node\'s charts', async () => {
    await activate(journey.page, journey.page.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'DASHBOARD' }));
    const node = journey.page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first();
    await activate(journey.page, node);
    await expect.poll(() => node.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
    await expect
      .poll(() => journey.page.getByRole('img', { name: /^Gráfico de / }).evaluateAll((charts) => charts.filter((chart) => chart.getAttribute('data-drawn-at')).length), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
  });
});
