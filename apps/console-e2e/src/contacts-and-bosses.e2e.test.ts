import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * Profiles and a user of this journey's own, named by the run, deleted again at the end: the
 * demo's people and their contacts are what the pipeline journey notifies, so they stay as seeded.
 */
const suffix = `${Date.now() % 100_000}`;
const TOP = `Gerencia E2E ${suffix}`;
const MIDDLE = `Jefatura E2E ${suffix}`;
const BOTTOM = `Supervisión E2E ${suffix}`;
const USER = { login: `contacto.e2e.${suffix}@camposense.dev`, firstname: 'Contacto', lastname: `E2E ${suffix}` };
const USER_NAME = `${USER.firstname} ${USER.lastname}`;

async function open(page: Page, table: string, operation: string) {
  await page.goto(`${baseUrl()}/parameters/${table}/${operation}`);
}

async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('form').getByRole('combobox', { name: label, exact: true });
  await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  expect(await combobox.inputValue()).toBe(option);
}

async function createProfile(page: Page, name: string, level: number, boss?: string) {
  await open(page, 'perfil', 'insert');
  await page.getByRole('textbox', { name: /^Perfil/ }).fill(name);
  await page.getByRole('textbox', { name: /^Abreviatura/ }).fill(`E2E${level}${suffix}`.slice(0, 10));
  await page.getByRole('textbox', { name: /^Nivel/ }).fill(String(level));
  if (boss) await choose(page, 'Jefe (nivel - perfil)', boss);
  await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
  await page.getByText('Se creó el registro en Perfil').waitFor();
}

async function profilesNamed(page: Page): Promise<TableRow[]> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', `/perfil?search=${encodeURIComponent(`E2E ${suffix}`)}&pageSize=100`)).data;
}

async function journeyUser(page: Page): Promise<TableRow | undefined> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', `/usuario?search=${encodeURIComponent(USER.login)}&pageSize=10`)).data[0];
}

async function contactsOf(page: Page, usuarioid: unknown): Promise<TableRow[]> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', '/contacto?pageSize=1000')).data.filter((row) => row['usuarioid'] === usuarioid);
}

describe('contacts and a boss chain, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  afterAll(async () => {
    const { page } = journey;
    if (!page) return;
    const api = await adminApi(page);
    const user = await journeyUser(page).catch(() => undefined);
    if (user) {
      for (const contact of await contactsOf(page, user['usuarioid'])) await api('DELETE', `/contacto/${String(contact['contactoid'])}`);
      await api('DELETE', `/usuario/${String(user['usuarioid'])}`);
    }
    // Bottom first: a boss cannot go while someone reports to it.
    const profiles = (await profilesNamed(page).catch(() => [])).sort((a, b) => Number(b['nivel']) - Number(a['nivel']));
    for (const profile of profiles) await api('DELETE', `/perfil/${String(profile['perfilid'])}`);
  });

  it('makes a boss chain of three profiles, each boss chosen as "nivel - perfil"', async () => {
    const { page } = journey;
    await createProfile(page, TOP, 0);
    await createProfile(page, MIDDLE, 1, `0 - ${TOP}`);
    await createProfile(page, BOTTOM, 2, `1 - ${MIDDLE}`);
    const byName = new Map((await profilesNamed(page)).map((row) => [row['perfil'], row]));
    expect(byName.get(MIDDLE)?.['jefeid']).toBe(byName.get(TOP)?.['perfilid']);
    expect(byName.get(BOTTOM)?.['jefeid']).toBe(byName.get(MIDDLE)?.['perfilid']);
  });

  it('is refused a cycle, with the reason, and the chain stays as it was', async () => {
    const { page } = journey;
    await open(page, 'perfil', 'status');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(TOP);
    await page.getByText(/^1 de /).waitFor();
    await page.getByRole('table').getByText(TOP, { exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'ACTUALIZAR' }).click();
    await choose(page, 'Jefe (nivel - perfil)', `2 - ${BOTTOM}`);
    await page.getByRole('form').getByRole('button', { name: 'GUARDAR CAMBIOS' }).click();
    await page.getByText('Un perfil no puede ser su propio jefe, ni directamente ni a través de otros').waitFor();
    const top = (await profilesNamed(page)).find((row) => row['perfil'] === TOP);
    expect(top?.['jefeid']).toBeNull();
  });

  it('adds a phone contact and an e-mail contact to a user, choosing the user first', async () => {
    const { page } = journey;
    const api = await adminApi(page);
    await api('POST', '/usuario', { ...USER, password: `riego-${suffix}-goteo`, rol: 'user' });
    await open(page, 'contacto', 'insert');
    await expect.poll(() => page.getByRole('combobox', { name: 'Medio de contacto', exact: true }).getAttribute('placeholder')).toBe('Seleccione un usuario primero');
    await choose(page, 'Usuario', USER_NAME);

    await choose(page, 'Medio de contacto', 'SMS al celular');
    await choose(page, 'Código de país', '+51 Perú');
    await page.getByRole('textbox', { name: /^Número de teléfono/ }).fill('98765x321');
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('El número solo puede tener dígitos').waitFor();
    await page.getByRole('textbox', { name: /^Número de teléfono/ }).fill('987 654 321');
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    await page.getByText(`Se guardó el contacto de ${USER_NAME}`).waitFor();

    // The user stays chosen for the second contact.
    await choose(page, 'Medio de contacto', 'Correo electrónico');
    await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill(USER.login.toUpperCase());
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    const list = page.getByRole('table', { name: `Contactos de ${USER_NAME}` });
    await list.getByText(USER.login, { exact: true }).waitFor();
    await list.getByText('+51 987654321', { exact: true }).waitFor();

    const user = await journeyUser(page);
    const contacts = await contactsOf(page, user?.['usuarioid']);
    expect(contacts.map((row) => ({ celular: row['celular'], correo: row['correo'] })).sort((a, b) => String(a.correo).localeCompare(String(b.correo)))).toEqual([
      { celular: null, correo: USER.login },
      { celular: '987654321', correo: null },
    ]);
  });
});
