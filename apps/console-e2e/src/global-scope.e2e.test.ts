import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_CHART_COUNT, OPERATOR_EMAIL, openSignedIn } from './support/session';

const COUNTRY = 'Chile';
const COMPANY = 'Agrícola Los Andes SpA';
const FARM = 'Fundo El Retiro';
/** The demo farm names its nodes after the farm's abbreviation: NODO-ERE-01… */
const FARM_NODE = /^NODO-ERE-/;
const SCOPE = `${COUNTRY} › ${COMPANY} › ${FARM}`;

/**
 * Item 1 of issue 16 on the production build: the sidebar's country, company and farm scope the
 * dashboard's node list, both reports and the chip in the header, survive a reload, and the chip
 * clears them, and the parameters' node list (a table that reaches the farm only through joins)
 * follows them too; item 4's last point: an alert opens its node's chart. On a desktop; the phone run
 * (390 × 844) waits for the journey to pick the scope through the phone's navigation drawer.
 */
describe.each([
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('the global scope on $name ($width × $height)', ({ width, height }) => {
  let browser: Browser;
  let page: Page;
  const chip = () => page.getByRole('group', { name: `Filtro global: ${SCOPE}` });

  beforeAll(async () => {
    ({ browser, page } = await openSignedIn({ width, height }, OPERATOR_EMAIL));
  });
  afterAll(() => browser?.close());

  async function chooseInSidebar(label: string, option: string) {
    // On a phone the sidebar is in the drawer the header's menu button opens (choosing keeps it open).
    const menuButton = page.getByRole('button', { name: 'Abrir menú' });
    if ((await menuButton.isVisible()) && !(await page.getByRole('dialog', { name: 'Menú' }).isVisible())) await menuButton.click();
    const combobox = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('combobox', { name: label, exact: true });
    await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
    await combobox.click();
    await combobox.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => combobox.inputValue()).toBe(option);
  }

  /** The number of `Total: 1.234` on a report, once its table has settled. */
  async function reportTotal(table: 'Alertas' | 'Mensajes'): Promise<number> {
    // A table on a desktop, a list of cards on a phone: both named and busy-flagged alike.
    await page.locator(`[aria-label="${table}"][aria-busy="false"]`).waitFor({ timeout: 30_000 });
    const text = (await page.getByText(/^Total: [\d.,]+$/).textContent()) ?? '';
    return Number(text.replace(/\D/g, ''));
  }

  async function nodeNames(): Promise<string[]> {
    const list = page.getByRole('listbox', { name: 'NODOS' });
    await list.getByRole('option').first().waitFor({ timeout: 30_000 });
    return (await list.getByRole('option').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
  }

  const scoped: { alerts: number; messages: number; nodes: number } = { alerts: 0, messages: 0, nodes: 0 };

  it('scopes to one farm in the sidebar and shows the chip', async () => {
    await chooseInSidebar('País', COUNTRY);
    await chooseInSidebar('Empresa', COMPANY);
    await chooseInSidebar('Fundo', FARM);
    // The drawer is modal: close it to see the header behind it.
    if (await page.getByRole('dialog', { name: 'Menú' }).isVisible()) await page.keyboard.press('Escape');
    await chip().waitFor();
  });

  it('keeps the scope across a reload, and the dashboard lists only the farm\'s nodes', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await chip().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('combobox', { name: 'FUNDO' }).inputValue(), { timeout: 30_000 }).toBe(FARM);
    const names = await nodeNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(FARM_NODE);
    scoped.nodes = names.length;
  });

  it('shows only the farm\'s alerts and fewer messages', async () => {
    await page.goto(`${baseUrl()}/reportes/alertas`);
    scoped.alerts = await reportTotal('Alertas');
    expect(scoped.alerts).toBeGreaterThan(0);
    const nodes = await page.getByRole('table', { name: 'Alertas' }).locator('tbody tr td:nth-child(4)').allTextContents();
    for (const node of nodes) expect(node.trim()).toMatch(FARM_NODE);
    await page.goto(`${baseUrl()}/reportes/mensajes`);
    await chip().waitFor({ timeout: 30_000 });
    scoped.messages = await reportTotal('Mensajes');
    expect(scoped.messages).toBeGreaterThan(0);
  });

  it("lists only the farm's nodes in the parameters, which reach it only through their placements", async () => {
    await page.goto(`${baseUrl()}/parameters/nodo/status`);
    const table = page.locator('table[aria-label="Registros de Nodo"][aria-busy="false"]');
    await table.waitFor({ timeout: 30_000 });
    const counted = (await page.getByText(/^[\d.,]+ de [\d.,]+ registros$/).textContent()) ?? '';
    const [shown, total] = counted.split(' de ').map((part) => Number(part.replace(/\D/g, '')));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total!);
    // The first column is the id; each row's name is one of its cells.
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) expect(cells.some((cell) => FARM_NODE.test(cell)), cells.join(' | ')).toBe(true);
  });

  it("opens an alert's chart: its node chosen on the dashboard, three days around it, the charts drawn", async () => {
    await page.goto(`${baseUrl()}/reportes/alertas`);
    await reportTotal('Alertas');
    // A table row on a desktop, a card on a phone.
    const first = page.locator('table[aria-label="Alertas"] tbody tr, ul[aria-label="Alertas"] > li').first();
    const node = ((await first.locator('td:nth-child(4), dl > div:nth-child(4) > dd').textContent()) ?? '').trim();
    await first.getByRole('button', { name: /^Ver gráfico de / }).click();
    const chosen = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option', { selected: true });
    await chosen.waitFor({ timeout: 30_000 });
    expect((await chosen.innerText()).split('\n')[0]!.trim()).toBe(node);
    await expect
      .poll(() => page.getByRole('img', { name: /^Gráfico de / }).evaluateAll((charts) => charts.filter((chart) => chart.getAttribute('data-drawn-at')).length), {
        timeout: 30_000,
      })
      .toBe(DEMO_CHART_COUNT);
    // A day either side of the alert's day: the window is three days long.
    const keys = await page.getByRole('img', { name: /^Gráfico de / }).first().getAttribute('data-series-key');
    const [, start, end] = (keys ?? '').split('|');
    expect((new Date(end!).getTime() - new Date(start!).getTime()) / 86_400_000).toBe(3);
  });

  it('clears the chip and every node, alert and message comes back', async () => {
    await chip().getByRole('button', { name: `Quitar el filtro global ${SCOPE}` }).click();
    await expect.poll(() => chip().count()).toBe(0);
    await page.goto(`${baseUrl()}/dashboard`);
    expect((await nodeNames()).length).toBeGreaterThan(scoped.nodes);
    expect(await page.getByRole('group', { name: /^Filtro global/ }).count()).toBe(0);
    await page.goto(`${baseUrl()}/reportes/alertas`);
    expect(await reportTotal('Alertas')).toBeGreaterThan(scoped.alerts);
    await page.goto(`${baseUrl()}/reportes/mensajes`);
    expect(await reportTotal('Mensajes')).toBeGreaterThan(scoped.messages);
  });
});
