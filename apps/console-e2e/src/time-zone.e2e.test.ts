import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { ADMIN_EMAIL, signIn } from './support/session';

/*
 * Issue 16: farm events in the farm's zone, or the browser's by the setting. The browser is put in
 * Madrid (Playwright's timezoneId), far from both demo countries, so every assertion tells the
 * zones apart: Chile's farms are America/Santiago (-03:00 in summer), the browser Europe/Madrid.
 */
const BROWSER_ZONE = 'Europe/Madrid';

async function openAlerts(page: Page) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
  await page.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }).click();
  await page.getByRole('heading', { name: 'REGISTRO DE ALERTAS' }).waitFor({ timeout: 30_000 });
  await page.locator('table[aria-label="Alertas"][aria-busy="false"]').waitFor();
}

/** The exported CSV's header row and first data row, split into cells (dates hold no commas). */
async function exportedCsv(page: Page): Promise<{ header: string[]; first: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'EXPORTAR CSV' }).click()]);
  const lines = (await readFile((await download.path())!, 'utf8')).slice(1).split('\r\n');
  return { header: lines[0]!.split(','), first: lines[1]!.split(',') };
}

async function setBrowserZone(page: Page, on: boolean) {
  await page.getByRole('button', { name: 'Abrir ajustes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ajustes', exact: true }).waitFor();
  const toggle = page.getByRole('checkbox', { name: /Usar la zona horaria del navegador/ });
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await expect.poll(() => toggle.isChecked()).toBe(on);
  if (on) await expect.poll(() => page.getByTestId('time-zone-current').textContent()).toMatch(/^Ahora se muestra: Europe\/Madrid \(GMT\+[12]\)$/);
}

// The phone viewport (390 × 844) joins this list once the shell's phone layout (issue 16, item 2) lands.
describe.each([{ width: 1440, height: 900 }])('the display time zone at $width × $height', (viewport) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'es-ES', timezoneId: BROWSER_ZONE, viewport, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a Chilean scope in Santiago time, in the report and its CSV', async () => {
    await page.getByRole('navigation', { name: 'Menú principal' }).hover();
    const country = page.getByRole('combobox', { name: 'País' });
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
});
