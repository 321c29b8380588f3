/**
 * Issue 28 item 1 on the production build: a read-only operator (operador@camposense.dev, role
 * user) follows the live stream like an admin. A reading that breaks a threshold, published as a
 * ChirpStack uplink, reaches the operator's open dashboard chart and open alerts report without a
 * reload, and the dashboard's live indicator says live; the operator then acknowledges that
 * episode from the report (issue 28 item 4); at a desktop's 1440 × 900 and a phone's 390 × 844.
 * The requirement is within 2 s: the measured times are logged, and the waits are only bounded
 * generously (a loaded machine is no place to time it; `npm run bench:ingest` does).
 */
import type { UmbralScopeResponse } from '@camposense/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken, farmThresholds, uplinkPublisher } from './support/pipeline';
import { acknowledgeEpisode } from './support/acknowledge';
import type { FARM, UplinkObject } from './support/pipeline';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD, DESKTOP, OPERATOR_EMAIL, openSignedIn, PHONE } from './support/session';
import type { Viewport } from './support/session';


interface Target {
  umbral: string;
  metrica: string;
  node: (typeof FARM.nodes)[number];
  object: (value: number) => UplinkObject;
  minimo: number;
  maximo: number;
}

/** An active threshold of a Peruvian node told to 'Operador Perú' (the operator's country). */
function pickThreshold(scope: UmbralScopeResponse): Target {
  for (const { threshold, metrica, perfiles, node, object } of farmThresholds(scope)) {
    if (threshold.statusid === 1 && perfiles.includes('Operador Perú')) {
      return { umbral: threshold.umbral, metrica, node, object, minimo: threshold.minimo, maximo: threshold.maximo };
    }
  }
  throw new Error('the demo farm has no active threshold told to Operador Perú');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const readingCount = async (chart: Locator) => Number((await chart.getAttribute('data-reading-count')) ?? -1);

describe.each([
  { name: 'desktop 1440 × 900', viewport: DESKTOP },
  { name: 'phone 390 × 844', viewport: PHONE },
])('a read-only operator follows a breach live ($name)', ({ viewport }: { viewport: Viewport }) => {
  let browser: Browser;
  let page: Page;
  let publisher: Awaited<ReturnType<typeof uplinkPublisher>>;
  let target: Target;
  /**
   * Each uplink at least a second after the previous one, so the readings keep their order, and
   * never ahead of the clock: a chart's range ends at the time of its request, and a reading dated a
   * second ahead missed the refetch its own event caused (the chart then waited for no other).
   */
  let clock = 0;
  const publish = async (value: number) => {
    const due = clock + 1_000 - Date.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    clock = Date.now();
    return publisher.publish(target.node.deveui, target.object(value), new Date(clock));
  };
  const inside = () => publish(Math.round(((target.minimo + target.maximo) / 2) * 100) / 100);
  const breach = () => publish(Math.round((target.minimo - 5) * 100) / 100);

  beforeAll(async () => {
    publisher = await uplinkPublisher();
    const token = await apiToken(baseUrl(), ADMIN_EMAIL, DEMO_PASSWORD);
    target = pickThreshold(await apiGet<UmbralScopeResponse>(baseUrl(), token, '/sense/umbrales'));
    ({ browser, page } = await openSignedIn(viewport, OPERATOR_EMAIL));
  });
  afterAll(async () => {
    // Leave no open episode behind.
    if (publisher && target) await inside();
    await publisher?.close();
    await browser?.close();
  });

  it('sees the breaking reading on its open dashboard chart, and the indicator says live', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.getByRole('group', { name: /filtros/i }).first().waitFor({ timeout: 30_000 });
    for (const [label, option] of [
      ['FUNDO', target.node.lot.fundo.fundo],
      ['ENTIDAD', target.node.lot.crop.entidad],
      ['UBICACIÓN', target.node.lot.ubicacion],
    ] as const) {
      // Exact: the drawer's global filters (hidden on a phone) have a 'Fundo' of their own.
      const combobox = page.getByRole('combobox', { name: label, exact: true });
      await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
      await combobox.click();
      await page.getByRole('option', { name: new RegExp(`^${escape(option)}`) }).first().click();
    }
    await page.getByRole('listbox', { name: 'NODOS' }).getByRole('option', { name: new RegExp(escape(target.node.nodo)) }).first().click();
    const chart = page.getByRole('img', { name: new RegExp(`^Gráfico de ${escape(target.metrica)}`) }).first();
    await expect.poll(() => readingCount(chart), { timeout: 30_000 }).toBeGreaterThan(0);
    const indicator = page.getByRole('status').filter({ hasText: 'Se actualiza en vivo' });
    await indicator.waitFor({ timeout: 30_000 });

    // Back inside first (an episode left open by the seed or another journey ends), then the breach.
    const beforeInside = await readingCount(chart);
    await inside();
    await expect.poll(() => readingCount(chart), { timeout: 15_000, interval: 100 }).toBeGreaterThan(beforeInside);
    const settled = await readingCount(chart);
    const published = Date.now();
    await breach();
    await expect.poll(() => readingCount(chart), { timeout: 15_000, interval: 25 }).toBe(settled + 1);
    console.info(`${viewport.width} × ${viewport.height}, operator: breach → dashboard chart ${Date.now() - published} ms`);
    await expect.poll(() => indicator.isVisible()).toBe(true);
    expect(navigations).toEqual([]);
  }, 180_000);

  it('sees the alert of a new breach in its open alerts report, without a reload', async () => {
    await page.goto(`${baseUrl()}/reportes/alertas`);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    // A table on a desktop, cards on a phone: both named Alertas, newest first.
    const report = page.locator('[aria-label="Alertas"][aria-busy="false"]');
    await report.first().waitFor({ timeout: 30_000 });
    const alertsOfThreshold = () => report.first().locator('tr, li').filter({ hasText: target.umbral }).count();
    // The breach of the previous journey is one episode: back inside ends it, so the next breach opens another.
    await inside();
    const before = await alertsOfThreshold();
    const published = Date.now();
    await breach();
    await expect.poll(alertsOfThreshold, { timeout: 15_000, interval: 25 }).toBeGreaterThan(before);
    console.info(`${viewport.width} × ${viewport.height}, operator: breach → alerts report ${Date.now() - published} ms`);
    expect(navigations).toEqual([]);
  }, 180_000);

  it('acknowledges that episode from the report: the action counts its alerts, the dialog asks and takes a note, a toast confirms', async () => {
    // The breach just shown is the open episode, newest first: a row on a desktop, a card on a phone.
    const report = page.locator('[aria-label="Alertas"][aria-busy="false"]').first();
    const entry = report.locator('tr, li').filter({ hasText: target.umbral }).first();
    await acknowledgeEpisode(page, entry, { note: `Revisado en campo (${viewport.width} px)`, viewportWidth: viewport.width });
    // The entry says who took charge, by name, and no longer offers the action.
    await expect.poll(async () => (await entry.textContent()) ?? '', { timeout: 10_000 }).toContain('Oscar Operador');
    expect(await entry.getByRole('button', { name: /^Reconocer episodio/ }).count()).toBe(0);
  }, 120_000);
});
