import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, journeyPage, OPERATOR_EMAIL as DEMO_EMAIL, PHONE } from './support/session';

/**
 * Signs in with a wrong password as a new e-mail until the backoff makes the next wait at least
 * 8 s (5 free attempts, then waits of 1, 2, 4, 8 s… for this e-mail from here only), then once
 * more through the form, which must say how long to wait, whole on the screen.
 */
async function expectWaitToBeTold(page: Page): Promise<void> {
  const email = `insistente-${Date.now()}@camposense.dev`;
  // The form is ready before the backoff is run up: a page load slower than the last wait (a
  // loaded CI machine) let the form's attempt through as a plain wrong password.
  await page.goto(baseUrl());
  await page.getByLabel('CORREO ELECTRÓNICO').fill(email);
  await page.getByLabel('CONTRASEÑA').fill('no-es-la-clave');
  for (;;) {
    const answer = await page.request.post(`${baseUrl()}/api/auth/login`, { data: { email, password: 'no-es-la-clave' } });
    if (answer.status() !== 429) continue;
    const wait = Number(answer.headers()['retry-after']);
    if (wait >= 8) break;
    await page.waitForTimeout(wait * 1000);
  }
  await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
  const told = page.getByRole('alert').filter({ hasText: /^Demasiados intentos de inicio de sesión\. Espera \d+ s antes de volver a intentarlo\.$/ });
  await told.waitFor();
  // Nothing of it outside the screen, a phone's included, and no sideways scroll.
  const box = (await told.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await told.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('sign-in journey on the production build', () => {
  const journey = journeyPage();

  it('shows the login screen in Spanish to a signed-out visitor', async () => {
    await journey.page.goto(baseUrl());
    await journey.page.getByText('SISTEMA DE MONITOREO AGRÍCOLA INTELIGENTE').waitFor();
    await journey.page.getByLabel('CORREO ELECTRÓNICO').waitFor();
    await journey.page.getByLabel('CONTRASEÑA').waitFor();
    expect(await journey.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  it('answers a wrong password with Invalid credentials', async () => {
    await journey.page.getByLabel('CORREO ELECTRÓNICO').fill(DEMO_EMAIL);
    await journey.page.getByLabel('CONTRASEÑA').fill('not-the-password');
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await journey.page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).isEnabled()).toBe(true);
  });

  it('answers an unknown e-mail with Usuario no encontrado', async () => {
    await journey.page.getByLabel('CORREO ELECTRÓNICO').fill('nadie@camposense.dev');
    await journey.page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await journey.page.getByRole('alert').filter({ hasText: 'Usuario no encontrado' }).waitFor();
  });

  it('tells a visitor who tried too often how long to wait', async () => {
    await expectWaitToBeTold(journey.page);
  });

  it('signs in with the right password and shows the welcome screen', async () => {
    await journey.page.getByLabel('CORREO ELECTRÓNICO').fill(DEMO_EMAIL);
    await journey.page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await journey.page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
    expect(await journey.page.evaluate(() => localStorage.getItem('email'))).toBe(DEMO_EMAIL);
  });

  it('keeps the session across a reload', async () => {
    await journey.page.reload();
    await journey.page.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).waitFor();
    expect(await journey.page.getByLabel('CORREO ELECTRÓNICO').count()).toBe(0);
  });

  it('shows who is signed in and signs out with CERRAR SESIÓN', async () => {
    await journey.page.getByRole('button', { name: 'Menú de usuario' }).click();
    await journey.page.getByText(DEMO_EMAIL).waitFor();
    await journey.page.getByText('SESIÓN ACTIVA').waitFor();
    await journey.page.getByRole('button', { name: 'CERRAR SESIÓN' }).click();
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
    // The last e-mail stays for the next sign-in, as the spec keeps it.
    expect(await journey.page.getByLabel('CORREO ELECTRÓNICO').inputValue()).toBe(DEMO_EMAIL);
    await journey.page.reload();
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
  });
});

describe('a rate-limited sign-in on a phone (390 × 844)', () => {
  const journey = journeyPage({ viewport: PHONE });

  it('says how long to wait, whole on the screen', async () => {
    await expectWaitToBeTold(journey.page);
  });
});
