import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { startConsole, type RunningConsole } from './support/server';

const DEMO_EMAIL = 'operador@camposense.dev';
const DEMO_PASSWORD = 'Campo#Sense2026';

describe('sign-in journey on the production build', () => {
  let server: RunningConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Lima' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the login screen in Spanish to a signed-out visitor', async () => {
    await page.goto(server.baseUrl);
    await page.getByText('SISTEMA DE MONITOREO AGRÍCOLA INTELIGENTE').waitFor();
    await page.getByLabel('CORREO ELECTRÓNICO').waitFor();
    await page.getByLabel('CONTRASEÑA').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  it('answers a wrong password with Invalid credentials', async () => {
    await page.getByLabel('CORREO ELECTRÓNICO').fill(DEMO_EMAIL);
    await page.getByLabel('CONTRASEÑA').fill('not-the-password');
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(await page.getByRole('button', { name: 'INICIAR SESIÓN' }).isEnabled()).toBe(true);
  });

  it('answers an unknown e-mail with Usuario no encontrado', async () => {
    await page.getByLabel('CORREO ELECTRÓNICO').fill('nadie@camposense.dev');
    await page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await page.getByRole('alert').filter({ hasText: 'Usuario no encontrado' }).waitFor();
  });

  it('signs in with the right password and shows the welcome screen', async () => {
    await page.getByLabel('CORREO ELECTRÓNICO').fill(DEMO_EMAIL);
    await page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(DEMO_EMAIL);
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
    expect(await page.getByLabel('CORREO ELECTRÓNICO').count()).toBe(0);
  });

  it('shows who is signed in and signs out with CERRAR SESIÓN', async () => {
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText(DEMO_EMAIL).waitFor();
    await page.getByText('SESIÓN ACTIVA').waitFor();
    await page.getByRole('button', { name: 'CERRAR SESIÓN' }).click();
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
    // The last e-mail stays for the next sign-in, as the spec keeps it.
    expect(await page.getByLabel('CORREO ELECTRÓNICO').inputValue()).toBe(DEMO_EMAIL);
    await page.reload();
    await page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
  });
});
