import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectChromium } from './browser';
import { workerConsole } from './worker-console';

export const DEMO_PASSWORD = 'Campo#Sense2026';
export const ADMIN_EMAIL = 'admin@camposense.dev';
export const OPERATOR_EMAIL = 'operador@camposense.dev';
/**
 * The demo farm's active metrics, one dashboard chart each: the soil probes' temperature, humidity
 * and conductivity, and the radio probes' battery, RSSI and SNR (issue 33).
 */
export const DEMO_CHART_COUNT = 6;

export function baseUrl(): string {
  return workerConsole().baseUrl;
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };

/**
 * Whether the console's service worker may run (issue 30, item 2). Journeys block it unless they
 * test it (offline.e2e.test.ts) or E2E_SERVICE_WORKERS=allow runs the whole suite with it: each
 * journey then sees the server's answers, not the ones an earlier step left in a cache.
 */
export function serviceWorkersMode(): 'allow' | 'block' {
  return process.env['E2E_SERVICE_WORKERS'] === 'allow' ? 'allow' : 'block';
}

/** A fresh browser context (no stored session), in Spanish, in Lima's time zone, desktop-sized unless told. */
export async function newPage(
  browser: Browser,
  viewport: Viewport = DESKTOP,
  { serviceWorkers = serviceWorkersMode() }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Lima', viewport, serviceWorkers });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login screen (at `base`, the console's own address unless told) and waits for the welcome screen. */
export async function signIn(page: Page, email = ADMIN_EMAIL, base = baseUrl()): Promise<void> {
  await page.goto(base);
  await page.getByLabel('CORREO ELECTRÓNICO').fill(email);
  await page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
  await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
}

/** A browser connection and a fresh page of `viewport`, signed in as `email` (at `base`, e.g. a proxy's): for journeys run at several sizes. */
export async function openSignedIn(viewport: Viewport, email: string, base = baseUrl()): Promise<{ browser: Browser; page: Page }> {
  const browser = await connectChromium();
  const { page } = await newPage(browser, viewport);
  await signIn(page, email, base);
  return { browser, page };
}

/**
 * A browser connection and a fresh page (`newPage`) for one file's journey: opened before its tests,
 * signed in first when `signInAs` names a user, closed after them. Read `journey.page` in the tests.
 */
export function journeyPage({ signInAs, viewport = DESKTOP }: { signInAs?: string; viewport?: Viewport } = {}): { browser: Browser; page: Page } {
  const journey = {} as { browser: Browser; page: Page };
  beforeAll(async () => {
    journey.browser = await connectChromium();
    ({ page: journey.page } = await newPage(journey.browser, viewport));
    if (signInAs) await signIn(journey.page, signInAs);
  });
  afterAll(async () => {
    await journey.browser?.close();
  });
  return journey;
}
