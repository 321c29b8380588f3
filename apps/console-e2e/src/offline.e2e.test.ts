import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium } from './support/browser';
import { baseUrl, DESKTOP, newPage, OPERATOR_EMAIL, signIn } from './support/session';

/**
 * The installable console without signal (issue 30, item 2): sign in, let the service worker take
 * the page, open the dashboard, lose the signal, reload — the shell opens signed in, says it is
 * offline and since when, and shows the last node list; with the signal back the notice goes.
 * The one journey that runs with the service worker (support/session.ts blocks it elsewhere).
 */
describe('offline journey on the production build', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const offlineNotice = () => page.getByRole('status', { name: /^Sin conexión desde el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/ });

  /** Picks the first option of a dashboard filter that matches. */
  async function choose(label: string, option: RegExp) {
    const combobox = page.getByRole('combobox', { name: label });
    await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
    await combobox.click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** The dashboard's node list for the first lot of Fundo San José's avocados, by name. */
  async function nodeList(): Promise<string[]> {
    await choose('FUNDO', /^Fundo San José/);
    await choose('ENTIDAD', /^Palta/);
    await choose('UBICACIÓN', /^Lote/);
    const nodes = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option');
    await nodes.first().waitFor({ timeout: 30_000 });
    return nodes.allTextContents();
  }

  beforeAll(async () => {
    browser = await connectChromium();
    ({ context, page } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' }));
    await signIn(page, OPERATOR_EMAIL);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is installable: a manifest with both languages, the icons and standalone display; a worker revalidated on every visit', async () => {
    const manifestLink = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestAnswer = await page.request.get(new URL(manifestLink!, baseUrl()).href);
    expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestAnswer.json()) as {
      name: string;
      lang: string;
      display: string;
      description: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
      translations: { en: { description: string } };
    };
    expect(manifest).toMatchObject({ name: 'CampoSense', lang: 'es', display: 'standalone', description: 'Sistema de monitoreo agrícola inteligente' });
    expect(manifest.translations.en.description).toBe('Intelligent agricultural monitoring system');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const answer = await page.request.get(new URL(icon.src, baseUrl()).href);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')));
    expect(themeColors).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
    const worker = await page.request.get(`${baseUrl()}/sw.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  it('lets the service worker take the signed-in page', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  });

  let lastNodes: string[] = [];

  it('opens the dashboard and its node list with the signal', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    lastNodes = await nodeList();
    expect(lastNodes.length).toBeGreaterThan(0);
    await expect(offlineNotice().count()).resolves.toBe(0);
  });

  it('reloads without signal into the signed-in shell, says it is offline and shows the last node list', async () => {
    await context.setOffline(true);
    await page.reload();
    await offlineNotice().waitFor({ timeout: 30_000 });
    // Signed in: the shell, not the login.
    await page.getByRole('button', { name: 'Abrir ajustes' }).waitFor();
    expect(await page.getByLabel('CONTRASEÑA').count()).toBe(0);
    expect(await nodeList()).toEqual(lastNodes);
    // The data's time, from the answers the worker kept.
    await expect(offlineNotice().textContent()).resolves.toMatch(/Últimos datos del \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await expect(offlineNotice().textContent()).resolves.toContain('Los cambios están desactivados hasta que vuelva la conexión.');
  });

  it('with the signal back, renews the session, asks again and the notice goes', async () => {
    const renewed = page.waitForResponse((answer) => answer.url().endsWith('/api/auth/refresh') && answer.status() === 200, { timeout: 30_000 });
    const fresh = page.waitForResponse(
      (answer) => answer.url().includes('/api/sense/nodos-con-localizacion') && answer.status() === 200 && !answer.headers()['x-camposense-cache'],
      { timeout: 60_000 },
    );
    const seen: string[] = [];
    page.on('response', (answer) => {
      if (answer.url().includes('/api/')) seen.push(`${answer.status()} ${answer.url()} ${answer.headers()['x-camposense-cache'] ?? ''} sw=${String(answer.fromServiceWorker())}`);
    });
    await context.setOffline(false);
    await renewed;
    await fresh.catch((error: unknown) => {
      console.info(seen.join('\n'));
      throw error;
    });
    await offlineNotice().waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').allTextContents()).toEqual(lastNodes);
  }, 90_000);

  /** Every answer the worker keeps, by URL (the caches the page and the worker clear at sign-out). */
  const keptUrls = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (name.startsWith('camposense-api-')) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });

  it('forgets at sign-out what the worker kept, and does not keep an answer that was still on its way (a shared phone)', async () => {
    // The worker's revalidation of the metrics leaves before the sign-out and comes back after it,
    // with what the server gave the operator.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRead = false;
    await context.route('**/api/sense/metricas', async (route) => {
      if (!route.request().serviceWorker()) return route.continue();
      const answer = await route.fetch();
      heldRead = true;
      await held;
      return route.fulfill({ response: answer });
    });
    const back = context.waitForEvent('requestfinished', { predicate: (request) => request.url().endsWith('/api/sense/metricas') && request.serviceWorker() !== null, timeout: 60_000 });
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole('listbox', { name: 'NODOS' }).getByRole('option').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => heldRead, { timeout: 30_000 }).toBe(true);
    expect((await keptUrls()).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'CERRAR SESIÓN' }).click();
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
    release();
    await back;
    // The worker writes a kept answer after its fetch ends: a moment for it to do so if it would.
    await page.waitForTimeout(1_000);
    expect(await keptUrls()).toEqual([]);
    await context.unroute('**/api/sense/metricas');
  }, 120_000);
});
