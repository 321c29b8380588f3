import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium, downloadedText } from './support/browser';
import { ADMIN_EMAIL, baseUrl, DESKTOP, PHONE, serviceWorkersMode, signIn } from './support/session';

/*
 * Issue 16: farm events in the farm's zone, or the browser's by the setting. The browser is put in
 * Madrid (Playwright's timezoneId), far from both demo countries, so every assertion tells the
 * zones apart: Chile's farms are America/Santiago (-03:00 in summer), the browser Europe/Madrid.
 */
const BROWSER_ZONE = 'Europe/Madrid';

/** Where the main menu is: the page's rail on a desktop, the drawer its menu button opens on a phone. */
async function mainMenu(page: Page): Promise<Page | Locator> {
  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  if (!(await menuButton.isVisible())) return page;
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  if (!(await drawer.isVisible())) await menuButton.click();
  return drawer;
}

async function openAlerts(page: Page) {
  const menu = await mainMenu(page);
  await menu.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
  await menu.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }).click();
  await page.getByRole('heading', { name: 'REGISTRO DE ALERTAS' }).waitFor({ timeout: 30_000 });
  // A table on a desktop, cards on a phone.
  await page.locator('[aria-label="Alertas"][aria-busy="false"]').waitFor();
}

/** The exported CSV's header row and first data row, split into cells (dates hold no commas). */
async function exportedCsv(page: Page): Promise<{ header: string[]; first: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'EXPORTAR CSV' }).click()]);
  const lines = (await downloadedText(download)).slice(1).split('\r\n');
  return { header: lines[0]!.split(','), first: lines[1]!.split(',') };
}

/** The dashboard with the first node of the scope chosen: the zone its charts name under the axis. */
async function chartTimeZone(page: Page): Promise<string | null> {
  await page.goto(`${baseUrl()}/dashboard`);
  const node = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first();
  await node.waitFor({ timeout: 30_000 });
  await node.click();
  const zone = page.getByTestId('chart-time-zone').first();
  await zone.waitFor({ timeout: 30_000 });
  return zone.textContent();
}

async function setBrowserZone(page: Page, on: boolean) {
  await page.getByRole('button', { name: 'Abrir ajustes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ajustes', exact: true }).waitFor();
  const toggle = page.getByRole('checkbox', { name: /Usar la zona horaria del navegador/ });
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await expect.poll(() => toggle.isChecked()).toBe(on);
  if (on) await expect.poll(() => page.getByTestId('time-zone-current').textContent()).toMatch(/^Ahora se muestra: Europe\/Madrid \(GMT\+[12]\)$/);
}

describe.each([DESKTOP, PHONE])('the display time zone at $width × $height', (viewport) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await connectChromium();
    const context = await browser.newContext({ locale: 'es-ES', timezoneId: BROWSER_ZONE, viewport, acceptDownloads: true, serviceWorkers: serviceWorkersMode() });
    page = await context.newPage();
    await signIn(page, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a Chilean scope in Santiago time, in the report and its CSV', async () => {
    const menu = await mainMenu(page);
    if (menu === page) await page.getByRole('navigation', { name: 'Menú principal' }).hover();
    const country = menu.getByRole('combobox', { name: 'País', exact: true });
    await country.click();
    await page.getByRole('option', { name: 'Chile', exact: true }).click();
    await openAlerts(page);
    await expect.poll(() => page.getByTestId('time-zone-note').textContent()).toMatch(/^Horas del fundo: America\/Santiago \(GMT-[34]\)$/);
    const { header, first } = await exportedCsv(page);
    expect(header[10]).toBe('Fecha de alerta (America/Santiago)');
    expect(first[10]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-0[34]:00$/);
  });

  it('follows the setting to the browser’s zone, and back', async () => {
    const before = await exportedCsv(page);
    await setBrowserZone(page, true);
    await openAlerts(page);
    await expect.poll(() => page.getByTestId('time-zone-note').textContent()).toMatch(/^Horas de este navegador: Europe\/Madrid \(GMT\+[12]\)$/);
    const after = await exportedCsv(page);
    expect(after.header[10]).toBe('Fecha de alerta (Europe/Madrid)');
    // Madrid is GMT+1 in winter, GMT+2 in summer.
    expect(after.first[10]).toMatch(/\+0[12]:00$/);
    // The same instant, written in the other zone.
    expect(new Date(after.first[10]!).getTime()).toBe(new Date(before.first[10]!).getTime());
    // Remembered across a reload, then turned off again.
    await page.reload();
    await page.getByRole('button', { name: 'Abrir ajustes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ajustes', exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Usar la zona horaria del navegador/ }).isChecked()).toBe(true);
    await setBrowserZone(page, false);
  });

  it('names the zone under the chart axis, the farms\' or the browser\'s as the setting says', async () => {
    expect(await chartTimeZone(page)).toBe('Hora: America/Santiago');
    await setBrowserZone(page, true);
    expect(await chartTimeZone(page)).toBe(`Hora: ${BROWSER_ZONE}`);
    await setBrowserZone(page, false);
  });
});
