import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, journeyPage, OPERATOR_EMAIL as DEMO_EMAIL } from './support/session';

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
    const email = `insistente-${Date.now()}@camposense.dev`;
    // Wrong attempts from this address until the backoff makes the next wait at least 8 s
    // (5 free attempts, then waits of 1, 2, 4, 8 s… for this e-mail from here only).
    for (;;) {
      const answer = await journey.page.request.post(`${baseUrl()}/api/auth/login`, { data: { email, password: 'no-es-la-clave' } });
      if (answer.status() !== 429) continue;
      const wait = Number(answer.headers()['retry-after']);
      if (wait >= 8) break;
      await journey.page.waitForTimeout(wait * 1000);
    }
    await journey.page.getByLabel('CORREO ELECTRÓNICO').fill(email);
    await journey.page.getByLabel('CONTRASEÑA').fill('no-es-la-clave');
    await journey.page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
    await journey.page
      .getByRole('alert')
      .filter({ hasText: /^Demasiados intentos de inicio de sesión\. Espera \d+ s antes de volver a intentarlo\.$/ })
      .waitFor();
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
