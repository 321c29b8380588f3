import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy } from './support/cuttable-proxy';
import type { CuttableProxy } from './support/cuttable-proxy';
import { baseUrl, DESKTOP, OPERATOR_EMAIL, openSignedIn, PHONE } from './support/session';

/**
 * Issue 16 item 2 on the production build: a phone at 390 × 844 uses the console through its
 * drawer, through a proxy that can lose the signal the way a field does (issue 28 item 1).
 */
describe('a phone in the field (390 × 844)', () => {
  let browser: Browser;
  let page: Page;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    proxy = await startCuttableProxy(baseUrl());
    ({ browser, page } = await openSignedIn(PHONE, OPERATOR_EMAIL, proxy.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
  });

  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('opens the drawer, chooses a farm and goes to the alerts report, read as cards', async () => {
    await expect.poll(noSidewaysScroll).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Menú de usuario' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    for (const [label, option] of [
      ['País', 'Chile'],
      ['Empresa', 'Agrícola Los Andes SpA'],
      ['Fundo', 'Fundo El Retiro'],
    ] as const) {
      const combobox = drawer.getByRole('combobox', { name: label, exact: true });
      await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
      await combobox.click();
      await combobox.fill(option);
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await drawer.getByRole('button', { name: 'REPORTES' }).click();
    await drawer.getByRole('navigation', { name: 'Menú de reportes' }).getByRole('button', { name: 'ALERTAS' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    const cards = page.locator('ul[aria-label="Alertas"][aria-busy="false"]');
    await cards.waitFor({ timeout: 30_000 });
    expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect.poll(noSidewaysScroll).toBe(true);
  });

  it('opens the dashboard and its filter bar fits', async () => {
    await page.goto(`${proxy.baseUrl}/dashboard`);
    await page.getByRole('group', { name: /filtros/i }).first().waitFor({ timeout: 30_000 });
    await expect.poll(noSidewaysScroll).toBe(true);
  });

  it('shows the lost-connection banner when the signal is lost and the live stream goes silent, and drops it when it is back', async () => {
    const banner = page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor. Reintentando…' });
    // A reader follows the stream too: no banner while it is live.
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0);
    // Lost signal: the open stream and every request hang without an error. Only the console's
    // watchdog (no heartbeat within 2.5 intervals; LIVE_HEARTBEAT_MS is 1 s on the e2e server) can tell.
    proxy.cut();
    await banner.waitFor({ timeout: 40_000 });
    // The header's status says the same (one connection state): in the popover on a phone.
    await page.getByRole('button', { name: 'Ver estado del sistema' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'ESTADO DEL SISTEMA' }).last().textContent()).toContain('Sin conexión');
    await page.keyboard.press('Escape');
    proxy.restore();
    // The console's own next try may come back before the click lands (on a loaded machine it did,
    // and the click then waited for a button that was gone): either way the banner must go.
    await banner
      .getByRole('button', { name: 'Reintentar ahora' })
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if (await banner.isVisible()) throw error;
      });
    await banner.waitFor({ state: 'detached', timeout: 40_000 });
  });
});

describe('a desktop at 1440 × 900', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await openSignedIn(DESKTOP, OPERATOR_EMAIL));
  });
  afterAll(() => browser?.close());

  it('shows the header status whole, and the dashboard prompt is not clipped', async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    const status = page.getByRole('status', { name: 'ESTADO DEL SISTEMA' });
    await status.waitFor({ timeout: 30_000 });
    expect(await status.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // The prompt is the placeholder of ENTIDAD and UBICACIÓN: its text, in the input's font, fits the input's content box.
    const prompts = page.getByPlaceholder('SELECCIONA UN FUNDO PRIMERO');
    await prompts.first().waitFor({ timeout: 30_000 });
    for (const prompt of await prompts.all()) {
      const fits = await prompt.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.letterSpacing = style.letterSpacing;
        probe.style.textTransform = style.textTransform;
        probe.style.whiteSpace = 'pre';
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const textWidth = probe.getBoundingClientRect().width;
        probe.remove();
        const contentWidth = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return textWidth <= contentWidth;
      });
      expect(fits).toBe(true);
    }
  });
});
