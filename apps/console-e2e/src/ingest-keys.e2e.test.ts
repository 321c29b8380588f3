import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, baseUrl, journeyPage, OPERATOR_EMAIL } from './support/session';

/** A batch with one reading of a device the farm does not have: a valid key gets 200 and the reading refused by name. */
async function sendWith(key: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/ingest/readings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ readings: [{ deveui: 'FFFFFFFFFFFFFFFE', metricaabrev: 'TEMP', fecha: new Date().toISOString(), medicion: 20 }] }),
  });
  await response.text();
  return response.status;
}

describe('a gateway key made, used and revoked in the settings, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  const name = `Pasarela E2E ${Date.now()}`;
  let key = '';

  it('creates a key and shows it once, and a gateway can send with it', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Abrir ajustes' }).click();
    await page.getByRole('textbox', { name: /^Nombre de la clave/ }).fill(name);
    await page.getByRole('button', { name: 'CREAR CLAVE' }).click();
    const shown = page.getByLabel('Clave creada: cópiela ahora', { exact: true });
    key = ((await shown.textContent()) ?? '').trim();
    expect(key).toMatch(/^csk_\S{20,}$/);
    await page.getByRole('table', { name: 'Claves de ingesta' }).getByRole('row').filter({ hasText: name }).getByText('Activo').waitFor();
    expect(await sendWith(key)).toBe(200);

    // Once done, the key is nowhere on the page any more.
    await page.getByRole('button', { name: 'LISTO' }).click();
    await expect.poll(() => page.getByText(key).count()).toBe(0);
  });

  it('revokes it after asking, and the gateway is refused at once', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: `Revocar la clave ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'REVOCAR' }).click();
    await page.getByRole('table', { name: 'Claves de ingesta' }).getByRole('row').filter({ hasText: name }).getByText('Inactivo').waitFor();
    expect(await sendWith(key)).toBe(401);
  });
});

describe('the settings of an operador', () => {
  const journey = journeyPage({ signInAs: OPERATOR_EMAIL });

  it('have no ingest keys: only admins manage them', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Abrir ajustes' }).click();
    await page.getByRole('heading', { name: 'Idioma de los avisos' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Claves de ingesta' }).count()).toBe(0);
  });
});
