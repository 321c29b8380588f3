import type { UserAccessResponse } from '@camposense/domain';
import type { TableRow } from '@camposense/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi, type ApiCall } from './support/admin-api';
import { connectChromium } from './support/browser';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD, journeyPage, newPage, signIn } from './support/session';

/*
 * Issue 32: an admin gives a user companies from the parameters area. The user is this journey's
 * own, created through the API and deleted at the end (grants first: they reference the user).
 */
const suffix = `${Date.now() % 100_000}`;
const USER = { login: `acceso.${suffix}@camposense.dev`, firstname: 'Acceso', lastname: `E2E ${suffix}` };

describe('access per company, granted by an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let usuarioid: number | undefined;
  afterAll(async () => {
    const { page } = journey;
    if (!page || usuarioid === undefined) return;
    const api = await adminApi(page);
    await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [] });
    await api('DELETE', `/usuario/${usuarioid}`);
  });

  it('grants a new user one company to operate and another to read, and the API holds exactly that', async () => {
    const { page } = journey;
    const api = await adminApi(page);
    usuarioid = (await api<TableRow>('POST', '/usuario', { ...USER, password: `acceso-${suffix}-riego`, rol: 'user' }))['usuarioid'] as number;
    const empresas = await api<Array<{ empresaid: number; empresa: string }>>('GET', '/empresas');
    const [first, second] = [...empresas].sort((left, right) => left.empresaid - right.empresaid);

    await page.goto(`${baseUrl()}/parameters/usuario/status`);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(USER.login);
    await page.getByText(/^1 de /).waitFor();
    await page.getByRole('table').getByText(USER.login, { exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'ACTUALIZAR' }).click();

    const grants = page.getByRole('form', { name: 'Empresas concedidas' });
    const level = (empresa: string) => grants.getByRole('combobox', { name: `Nivel de acceso a ${empresa}` });
    // A new user sees nothing until granted.
    for (const empresa of empresas) expect(await level(empresa.empresa).inputValue()).toBe('none');
    await level(first!.empresa).selectOption('operacion');
    await level(second!.empresa).selectOption('lectura');
    await grants.getByRole('button', { name: 'GUARDAR ACCESOS' }).click();
    await page.getByText(`${USER.login} tiene acceso a 2 empresas.`).waitFor();

    const stored = await api<UserAccessResponse>('GET', `/usuarios/${usuarioid}/accesos`);
    expect(stored.accesos.map(({ empresaid, nivel }) => ({ empresaid, nivel }))).toEqual([
      { empresaid: first!.empresaid, nivel: 'operacion' },
      { empresaid: second!.empresaid, nivel: 'lectura' },
    ]);
    // Saved: nothing left to save until a level changes again.
    expect(await grants.getByRole('button', { name: 'GUARDAR ACCESOS' }).isDisabled()).toBe(true);
  });
});

type Empresa = { empresaid: number; empresa: string; paisid: number };

/** Chile and its companies by id, as the admin reads them: the journeys below grant the first. */
async function chileanCompanies(api: ApiCall): Promise<{ chile: { paisid: number; pais: string }; companies: Empresa[]; countries: number }> {
  const paises = await api<Array<{ paisid: number; pais: string }>>('GET', '/paises');
  const chile = paises.find((row) => row.pais === 'Chile')!;
  const empresas = await api<Empresa[]>('GET', '/empresas');
  const companies = empresas.filter((row) => row.paisid === chile.paisid).sort((left, right) => left.empresaid - right.empresaid);
  return { chile, companies, countries: paises.length };
}

/** A journey's own user (`rol` user), created by the admin; its id, for the clean-up. */
async function createUser(api: ApiCall, user: { login: string; firstname: string; lastname: string }): Promise<number> {
  return (await api<TableRow>('POST', '/usuario', { ...user, password: DEMO_PASSWORD, rol: 'user' }))['usuarioid'] as number;
}

/** Grants first: they reference the user. */
async function removeUser(api: ApiCall, usuarioid: number): Promise<void> {
  await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [] });
  await api('DELETE', `/usuario/${usuarioid}`);
}

/*
 * Issue 32, the console follows: a user granted one Chilean company is offered that country and
 * that company only in the global filters, whatever the lists answer. The user and the grant are
 * this journey's own, made through the API as the admin (no demo user is assumed).
 */
const CHILE_USER = { login: `chile.${suffix}@camposense.dev`, firstname: 'Chile', lastname: `E2E ${suffix}` };

describe('a user granted one Chilean company, in the console', () => {
  const admin = journeyPage({ signInAs: ADMIN_EMAIL });
  let usuarioid: number | undefined;
  afterAll(async () => {
    const { page } = admin;
    if (!page || usuarioid === undefined) return;
    await removeUser(await adminApi(page), usuarioid);
  });

  it('offers 1 country and 1 company in the global filters', async () => {
    const api = await adminApi(admin.page);
    usuarioid = await createUser(api, CHILE_USER);
    const { companies: chilean, countries } = await chileanCompanies(api);
    // More than one of each in the installation, or the check below would prove nothing.
    expect(countries).toBeGreaterThan(1);
    expect(chilean.length).toBeGreaterThan(1);
    const granted = chilean[0]!;
    await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [{ empresaid: granted.empresaid, nivel: 'operacion' }] });

    const browser = await connectChromium();
    try {
      const { page } = await newPage(browser);
      await signIn(page, CHILE_USER.login);
      const sidebar = page.getByRole('navigation', { name: 'Menú principal' });
      await sidebar.getByText('Se muestran solo las empresas que tiene concedidas.').waitFor();
      const offered = async (label: string) => {
        const combobox = sidebar.getByRole('combobox', { name: label, exact: true });
        await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
        await combobox.click();
        const options = page.getByRole('listbox').getByRole('option');
        await options.first().waitFor();
        return options;
      };
      const countries = await offered('País');
      expect(await countries.allTextContents()).toEqual(['Chile']);
      await countries.first().click();
      const companies = await offered('Empresa');
      expect(await companies.allTextContents()).toEqual([granted.empresa]);
    } finally {
      await browser.close();
    }
  });
});

/*
 * Issue 32, levels of writes in the console: a user granted one company at gestion writes that
 * company's reference data from the parameters area, and is told why a table only an admin writes
 * offers nothing to write. The user, the grant and the farm are this journey's own.
 */
const MANAGER = { login: `gestion.${suffix}@camposense.dev`, firstname: 'Gestion', lastname: `E2E ${suffix}` };
const MANAGED_FARM = `Fundo Gestion E2E ${suffix}`;
const ADMIN_ONLY = 'Solo un administrador de la plataforma crea o cambia estos datos: su acceso permite consultarlos.';

describe('a user granted one company to manage, in the parameters area', () => {
  const admin = journeyPage({ signInAs: ADMIN_EMAIL });
  let usuarioid: number | undefined;
  afterAll(async () => {
    const { page } = admin;
    if (!page) return;
    const api = await adminApi(page);
    for (const farm of (await api<Array<{ fundoid: number; fundo: string }>>('GET', '/fundos')).filter((row) => row.fundo === MANAGED_FARM)) {
      await api('DELETE', `/fundo/${farm.fundoid}`);
    }
    if (usuarioid !== undefined) await removeUser(api, usuarioid);
  });

  it('creates a farm of its company, and is told that countries are an admin’s to write', async () => {
    const api = await adminApi(admin.page);
    usuarioid = await createUser(api, MANAGER);
    const { chile, companies } = await chileanCompanies(api);
    const managed = companies[0]!;
    await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [{ empresaid: managed.empresaid, nivel: 'gestion' }] });

    const browser = await connectChromium();
    try {
      const { page } = await newPage(browser);
      await signIn(page, MANAGER.login);
      await page.goto(`${baseUrl()}/parameters/fundo/insert`);
      const form = page.getByRole('form');
      await form.getByRole('textbox', { name: /^Fundo/ }).fill(MANAGED_FARM);
      for (const [label, option] of [
        ['País', chile.pais],
        ['Empresa', managed.empresa],
      ] as const) {
        const combobox = form.getByRole('combobox', { name: label, exact: true });
        await combobox.click();
        await combobox.fill(option);
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      await form.getByRole('button', { name: 'CREAR' }).click();
      await page.getByText('Se creó el registro en Fundo').waitFor({ timeout: 30_000 });
      const farms = (await api<Array<{ fundo: string; empresaid: number }>>('GET', '/fundos')).filter((row) => row.fundo === MANAGED_FARM);
      expect(farms.map((row) => row.empresaid)).toEqual([managed.empresaid]);

      // Countries: read, with why nothing is offered to write; a write asked by URL is refused the same way.
      await page.goto(`${baseUrl()}/parameters/pais/status`);
      await page.getByText(ADMIN_ONLY).waitFor({ timeout: 30_000 });
      await page.goto(`${baseUrl()}/parameters/pais/insert`);
      await page.getByText(ADMIN_ONLY).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('form').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
