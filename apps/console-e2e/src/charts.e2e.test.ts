import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDay as day, typeDay } from './support/date-range';
import { baseUrl, OPERATOR_EMAIL, openSignedIn } from './support/session';


/**
 * Item 5 of issue 16 on the production build: a node over 90 days draws daily min–max and mean,
 * a brush zooms in (and the card asks for finer buckets), a double-click goes back, a second node
 * is compared on the same chart. On a desktop and on a phone.
 */
describe.each([
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('charts at any range on $name ($width × $height)', ({ width, height }) => {
  let browser: Browser;
  let page: Page;
  let chart: Locator;

  beforeAll(async () => {
    ({ browser, page } = await openSignedIn({ width, height }, OPERATOR_EMAIL));
  });
  afterAll(() => browser?.close());

  async function choose(label: string, option: RegExp) {
    const combobox = page.getByRole('combobox', { name: label });
    await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
    await combobox.click();
    await page.getByRole('option', { name: option }).first().click();
  }

  const attribute = (name: string) => chart.getAttribute(name);

  it('opens a node over 90 days: daily min–max band with the mean on top', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await choose('FUNDO', /^Fundo San José/);
    await choose('ENTIDAD', /^Palta/);
    await typeDay(page, 'FECHA INICIAL', day(-89));
    await typeDay(page, 'FECHA FINAL', day(0));
    await page.getByRole('button', { name: 'APLICAR' }).click();
    const node = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first();
    await node.waitFor({ timeout: 30_000 });
    await node.click();
    const card = page.getByRole('region', { name: 'Temperatura' });
    chart = card.getByRole('img', { name: /^Gráfico de Temperatura/ });
    await expect.poll(() => attribute('data-daily'), { timeout: 30_000 }).toBe('true');
    await chart.scrollIntoViewIfNeeded();
    expect(Number(await attribute('data-bucket-count'))).toBeGreaterThan(20);
    await expect.poll(() => chart.locator('.series-main .envelope').count()).toBe(1);
    await expect.poll(() => chart.locator('.series-main .average').count()).toBe(1);
    // The chart fits its card at this width.
    expect(Number(await attribute('width'))).toBeLessThanOrEqual(width);
  });

  it('zooms into the last days with a drag, in finer buckets, and back with a double-click', async () => {
    const whole = await attribute('data-view-start');
    const overlay = chart.locator('.brush .overlay');
    const box = (await overlay.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.93, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.955, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.98, y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => attribute('data-view-start')).not.toBe(whole);
    // The card asked for the brushed span (about 4 days: hours fit even a phone's budget): finer buckets now.
    await expect.poll(() => attribute('data-daily'), { timeout: 30_000 }).toBe('false');
    await page.getByRole('button', { name: 'Ver todo el rango' }).first().waitFor();
    await overlay.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(() => attribute('data-view-start')).toBe(whole);
    await expect.poll(() => attribute('data-daily'), { timeout: 30_000 }).toBe('true');
  });

  it('adds a second node to compare, named in the legend', async () => {
    const card = page.getByRole('region', { name: 'Temperatura' });
    const select = card.getByRole('combobox', { name: 'Comparar con' });
    const second = (await select.locator('option').nth(1).textContent())!;
    await select.selectOption({ label: second });
    await expect.poll(() => attribute('data-compare-count').then(Number), { timeout: 30_000 }).toBeGreaterThan(20);
    await expect.poll(() => card.getByRole('list', { name: 'Series comparadas' }).textContent()).toContain(second);
    expect(await chart.locator('.series-compared .average').getAttribute('style')).toMatch(/stroke-dasharray: 6(px)?,? 4/);
  });
});
