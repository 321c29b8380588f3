import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadedText } from './support/browser';
import { ADMIN_EMAIL, journeyPage } from './support/session';

/** The figure of `Total: 17.638` (es-ES groups thousands with a dot). */
async function totalShown(page: Page): Promise<number> {
  const text = (await page.getByText(/^Total: [\d.,]+$/).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function pageLabel(page: Page): Promise<{ page: number; pages: number }> {
  // Numbers are written in Spanish: 18.099 (a thousands point from five digits on).
  const text = (await page.getByText(/^PÁGINA [\d.]+ DE [\d.]+$/).textContent()) ?? '';
  const [, current, pages] = /PÁGINA ([\d.]+) DE ([\d.]+)/.exec(text) ?? [];
  return { page: Number(current?.replaceAll('.', '')), pages: Number(pages?.replaceAll('.', '')) };
}

/**
 * The total and the page count as one snapshot of the screen: the message log grows while the suite
 * runs (several reminders per tick), so two separate reads may straddle a refresh of the report.
 */
async function figuresShown(page: Page): Promise<{ total: number; pages: number }> {
  const texts = await page.evaluate(() => Array.from(document.querySelectorAll('body *'), (node) => node.textContent ?? ''));
  const total = texts.map((text) => /^Total: ([\d.,]+)$/.exec(text.trim())).find(Boolean)?.[1];
  const pages = texts.map((text) => /^PÁGINA [\d.]+ DE ([\d.]+)$/.exec(text.trim())).find(Boolean)?.[1];
  return { total: Number(total?.replace(/\D/g, '')), pages: Number(pages?.replace(/\D/g, '')) };
}

/** Waits until the table shows the rows of the latest request (not the previous page kept on screen). */
async function settled(page: Page, table: string) {
  await page.locator(`table[aria-label="${table}"][aria-busy="false"]`).waitFor();
}

async function openReport(page: Page, subtab: 'ALERTAS' | 'MENSAJES') {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
  await page.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: subtab }).click();
}

async function clickUntilDisabled(page: Page, button: 'SIGUIENTE' | 'ANTERIOR', table: string): Promise<number> {
  let clicks = 0;
  const locator = page.getByRole('button', { name: button });
  while (await locator.isEnabled()) {
    const before = await pageLabel(page);
    await locator.click();
    const expected = button === 'SIGUIENTE' ? before.page + 1 : before.page - 1;
    // The page count may grow meanwhile (the message log does while the suite runs).
    await page.getByText(new RegExp(`^PÁGINA ${expected.toLocaleString('es-ES').replace('.', '\\.')} DE `)).waitFor();
    await settled(page, table);
    clicks++;
  }
  return clicks;
}

describe('the alerts and messages reports on the demo farm', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });

  it('opens the alerts report with every alert counted, newest first', async () => {
    await openReport(journey.page, 'ALERTAS');
    await journey.page.getByRole('heading', { name: 'REGISTRO DE ALERTAS' }).waitFor({ timeout: 30_000 });
    await settled(journey.page, 'Alertas');
    const { total, pages } = await figuresShown(journey.page);
    // The demo farm holds thousands of alerts: more than the spec's old 1000-row cap.
    expect(total).toBeGreaterThan(1000);
    expect(pages).toBe(Math.ceil(total / 20));
    expect((await pageLabel(journey.page)).page).toBe(1);
    expect(await journey.page.getByRole('table', { name: 'Alertas' }).getByRole('row').count()).toBe(21);
    expect(await journey.page.getByRole('columnheader', { name: /Fecha de alerta/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await journey.page.getByRole('button', { name: 'ANTERIOR' }).isDisabled()).toBe(true);
  });

  it('filters by a criticality and a location, and the count follows', async () => {
    const everything = await totalShown(journey.page);
    await journey.page.getByLabel('Criticidad').selectOption({ index: 1 });
    await journey.page.waitForFunction((previous) => {
      const text = Array.from(document.querySelectorAll('p')).find((node) => node.textContent?.startsWith('Total: '))?.textContent;
      return text !== undefined && Number(text.replace(/\D/g, '')) !== previous;
    }, everything);
    await settled(journey.page, 'Alertas');
    const byCriticality = await totalShown(journey.page);
    expect(byCriticality).toBeGreaterThan(0);
    expect(byCriticality).toBeLessThan(everything);

    // The first location with alerts of that criticality.
    const locations = await journey.page.getByLabel('Ubicación').locator('option').count();
    let filtered = 0;
    for (let index = 1; index < locations && filtered === 0; index++) {
      await journey.page.getByLabel('Ubicación').selectOption({ index });
      const outcome = await Promise.race([
        journey.page.getByText('No se encontraron registros de alertas en la base de datos').waitFor().then(() => 'empty'),
        journey.page.waitForFunction((previous) => {
          const text = Array.from(document.querySelectorAll('p')).find((node) => node.textContent?.startsWith('Total: '))?.textContent;
          return text !== undefined && Number(text.replace(/\D/g, '')) !== previous;
        }, byCriticality).then(() => 'loaded'),
      ]);
      if (outcome === 'loaded') {
        await settled(journey.page, 'Alertas');
        filtered = await totalShown(journey.page);
      }
    }
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(byCriticality);
  });

  it('pages the filtered alerts to the last page and back to the first', async () => {
    const { total, pages } = await figuresShown(journey.page);
    expect(pages).toBe(Math.ceil(total / 20));
    expect(pages).toBeGreaterThan(1);
    expect(await clickUntilDisabled(journey.page, 'SIGUIENTE', 'Alertas')).toBe(pages - 1);
    expect(await pageLabel(journey.page)).toEqual({ page: pages, pages });
    expect(await journey.page.getByRole('table', { name: 'Alertas' }).getByRole('row').count()).toBe(total - (pages - 1) * 20 + 1);
    expect(await clickUntilDisabled(journey.page, 'ANTERIOR', 'Alertas')).toBe(pages - 1);
    expect(await pageLabel(journey.page)).toEqual({ page: 1, pages });
  });

  it('exports the filtered alerts as CSV, every row, with Spanish headers', async () => {
    const total = await totalShown(journey.page);
    const [download] = await Promise.all([journey.page.waitForEvent('download'), journey.page.getByRole('button', { name: 'EXPORTAR CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^alertas-\d{12}\.csv$/);
    const text = await downloadedText(download);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'ID de alerta,Umbral,Criticidad,Nodo,Ubicación,Métrica,Unidad,Mínimo,Máximo,Valor,Fecha de alerta (America/Lima),Fecha de creación (America/Lima),Estado,Reconocida por,Fecha de reconocimiento (America/Lima),Nota de reconocimiento',
    );
    expect(lines.length - 1).toBe(total);
    const firstId = (await journey.page.getByRole('table', { name: 'Alertas' }).getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim();
    expect(lines[1]!.split(',')[0]).toBe(firstId);
  });

  it('sorts by a column header click', async () => {
    await journey.page.getByRole('button', { name: /ID de alerta/ }).click();
    await journey.page.locator('th[aria-sort="ascending"]', { hasText: 'ID de alerta' }).waitFor();
    await settled(journey.page, 'Alertas');
    const ids = await journey.page.getByRole('table', { name: 'Alertas' }).locator('tbody tr td:first-child').allTextContents();
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((left, right) => left - right));
  });

  it('opens the messages report, pages forward and back, and exports it', async () => {
    await openReport(journey.page, 'MENSAJES');
    await journey.page.getByRole('heading', { name: 'REGISTRO DE MENSAJES' }).waitFor({ timeout: 30_000 });
    await settled(journey.page, 'Mensajes');
    const { total, pages } = await figuresShown(journey.page);
    expect(total).toBeGreaterThan(1000);
    expect(pages).toBe(Math.ceil(total / 20));
    // The demo's silent nodes are reminded while the suite runs (every 750 ms at its 50 ms minute),
    // so the log grows as it is read: pages are counted again at each step, and the first page may
    // gain newer messages (higher ids) above the ones it showed, never older ones.
    const ids = () => journey.page.getByRole('table', { name: 'Mensajes' }).locator('tbody tr td:first-child').allTextContents();
    const firstPageOldest = Math.min(...(await ids()).map(Number));
    // The demo farm has over a thousand pages of messages: a few forward, then back to the first.
    for (let step = 0; step < 3; step++) {
      await journey.page.getByRole('button', { name: 'SIGUIENTE' }).click();
      await journey.page.getByText(new RegExp(`^PÁGINA ${step + 2} DE \\d`)).waitFor();
      await settled(journey.page, 'Mensajes');
    }
    expect(await clickUntilDisabled(journey.page, 'ANTERIOR', 'Mensajes')).toBe(3);
    expect((await pageLabel(journey.page)).page).toBe(1);
    expect(Math.min(...(await ids()).map(Number))).toBeGreaterThanOrEqual(firstPageOldest);

    const [download] = await Promise.all([journey.page.waitForEvent('download'), journey.page.getByRole('button', { name: 'EXPORTAR CSV' }).click()]);
    const text = await downloadedText(download);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1, text.indexOf('\r\n'))).toBe('ID de mensaje,Contacto,Mensaje,Fecha (America/Lima),Fecha de creación (America/Lima),Estado,ID de alerta');
    expect(text.split('\r\n').filter(Boolean).length - 1).toBeGreaterThanOrEqual(total);
  });

  it('filters the messages by channel and by node of the alerts, and the counts follow', async () => {
    const everything = await totalShown(journey.page);
    await journey.page.getByLabel('Canal').selectOption({ label: 'SMS' });
    await journey.page.waitForFunction((previous) => {
      const text = Array.from(document.querySelectorAll('p')).find((node) => node.textContent?.startsWith('Total: '))?.textContent;
      return text !== undefined && Number(text.replace(/\D/g, '')) !== previous;
    }, everything);
    await settled(journey.page, 'Mensajes');
    const bySms = await totalShown(journey.page);
    expect(bySms).toBeGreaterThan(0);
    expect(bySms).toBeLessThan(everything);

    await openReport(journey.page, 'ALERTAS');
    await journey.page.getByRole('heading', { name: 'REGISTRO DE ALERTAS' }).waitFor({ timeout: 30_000 });
    await settled(journey.page, 'Alertas');
    const alerts = await totalShown(journey.page);
    await journey.page.getByLabel('Nodo', { exact: true }).selectOption({ index: 1 });
    const node = (await journey.page.getByLabel('Nodo', { exact: true }).locator('option:checked').textContent())?.trim();
    await journey.page.waitForFunction((previous) => {
      const text = Array.from(document.querySelectorAll('p')).find((item) => item.textContent?.startsWith('Total: '))?.textContent;
      return text !== undefined && Number(text.replace(/\D/g, '')) !== previous;
    }, alerts);
    await settled(journey.page, 'Alertas');
    const rows = journey.page.getByRole('table', { name: 'Alertas' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const cell of await rows.locator('td:nth-child(4)').allTextContents()) expect(cell.trim()).toBe(node);
  });
});
