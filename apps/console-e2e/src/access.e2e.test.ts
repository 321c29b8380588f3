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

  it("shows the next person on the same page none of the previous one's nodes (sign-out, then sign-in, no reload)", async () => {
    expect(usuarioid).toBeDefined();
    const browser = await connectChromium();
    try {
      const { context, page } = await newPage(browser);
      await signIn(page, ADMIN_EMAIL);
      await page.goto(`${baseUrl()}/dashboard`);
      const nodes = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option');
      await nodes.first().waitFor({ timeout: 30_000 });
      const adminNodes = await nodes.count();

      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.getByRole('button', { name: 'CERRAR SESIÓN' }).click();
      await page.getByRole('button', { name: 'INICIAR SESIÓN' }).waitFor();
      // The next person's node list is slow to come: until it does, the list must hold nothing of the admin's.
      let releaseNodes = () => {};
      const nodesHeld = new Promise<void>((resolve) => (releaseNodes = resolve));
      let heldReads = 0;
      await context.route('**/api/sense/nodos-con-localizacion*', async (route) => {
        heldReads += 1;
        await nodesHeld;
        await route.continue();
      });
      await page.getByLabel('CORREO ELECTRÓNICO').fill(CHILE_USER.login);
      await page.getByLabel('CONTRASEÑA').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
      // Still at /dashboard: the console opens it after the sign-in, in the same page.
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByRole('combobox', { name: 'FUNDO' }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_000);
      expect(await nodes.count()).toBe(0);
      // Its own list is asked for (and held), not taken from the previous session's cache.
      await expect.poll(() => heldReads, { timeout: 30_000 }).toBeGreaterThan(0);

      releaseNodes();
      await nodes.first().waitFor({ timeout: 30_000 });
      expect(await nodes.count()).toBeLessThan(adminNodes);
      await context.unroute('**/api/sense/nodos-con-localizacion*');
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

/*
 * Issue 32, grants managed in the parameters area: a user granted one company at gestion opens
 * another user from the users' table and grants that company at lectura; the other user then sees
 * it. The manager is offered only the company it manages: one it merely reads is shown unchanged,
 * one it is not granted is not shown and stays as the admin gave it, and the API refuses a change
 * there. Both users and their grants are this journey's own.
 */
const GRANTOR = { login: `concede.${suffix}@camposense.dev`, firstname: 'Concede', lastname: `E2E ${suffix}` };
const GRANTEE = { login: `recibe.${suffix}@camposense.dev`, firstname: 'Recibe', lastname: `E2E R${suffix}` };

describe("a manager grants its company to another user, from the user's screen", () => {
  const admin = journeyPage({ signInAs: ADMIN_EMAIL });
  const made: number[] = [];
  afterAll(async () => {
    const { page } = admin;
    if (!page) return;
    const api = await adminApi(page);
    for (const usuarioid of made) await removeUser(api, usuarioid);
  });

  it('grants the managed company at lectura, offers nothing else, and the other user then sees it', async () => {
    const api = await adminApi(admin.page);
    const grantor = await createUser(api, GRANTOR);
    made.push(grantor);
    const grantee = await createUser(api, GRANTEE);
    made.push(grantee);
    const { chile, companies } = await chileanCompanies(api);
    const [managed, readOnly] = companies as [Empresa, Empresa];
    const foreign = (await api<Empresa[]>('GET', '/empresas')).find((row) => row.paisid !== chile.paisid)!;
    const byCompany = <Row extends { empresaid: number }>(rows: Row[]) => [...rows].sort((left, right) => left.empresaid - right.empresaid);
    await api('PUT', `/usuarios/${grantor}/accesos`, {
      accesos: byCompany([
        { empresaid: managed.empresaid, nivel: 'gestion' },
        { empresaid: readOnly.empresaid, nivel: 'lectura' },
      ]),
    });
    await api('PUT', `/usuarios/${grantee}/accesos`, { accesos: [{ empresaid: foreign.empresaid, nivel: 'operacion' }] });

    const browser = await connectChromium();
    try {
      const { page } = await newPage(browser);
      await signIn(page, GRANTOR.login);
      await page.goto(`${baseUrl()}/parameters/usuario/status`);
      await page.getByText(/^Solo un administrador de la plataforma crea o cambia usuarios\./).waitFor({ timeout: 30_000 });
      // Another person's e-mail is not shown to a user who is no admin (issue 10): the user is found by name.
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(GRANTEE.lastname);
      await page.getByText(/^1 de /).waitFor();
      await page.getByRole('table').getByText(GRANTEE.lastname, { exact: true }).click();
      await page.getByRole('main').getByRole('button', { name: 'ACTUALIZAR' }).click();

      const grants = page.getByRole('form', { name: 'Empresas concedidas' });
      await grants.waitFor({ timeout: 30_000 });
      // The user's own fields stay an admin's: no form for them.
      expect(await page.getByRole('form').count()).toBe(1);
      const level = (empresa: string) => grants.getByRole('combobox', { name: `Nivel de acceso a ${empresa}` });
      expect(await level(managed.empresa).inputValue()).toBe('none');
      expect(await level(readOnly.empresa).count()).toBe(0);
      await grants.getByRole('row', { name: new RegExp(readOnly.empresa) }).getByText('Cambiarlo requiere el nivel Gestión').waitFor();
      expect(await grants.getByText(foreign.empresa).count()).toBe(0);

      await level(managed.empresa).selectOption('lectura');
      await grants.getByRole('button', { name: 'GUARDAR ACCESOS' }).click();
      await page.getByText(`${GRANTEE.firstname} ${GRANTEE.lastname} tiene acceso a 1 de sus empresas.`).waitFor({ timeout: 30_000 });

      // The grant the manager could not see is kept as the admin gave it.
      const stored = await api<UserAccessResponse>('GET', `/usuarios/${grantee}/accesos`);
      expect(byCompany(stored.accesos.map(({ empresaid, nivel }) => ({ empresaid, nivel })))).toEqual(
        byCompany([
          { empresaid: foreign.empresaid, nivel: 'operacion' },
          { empresaid: managed.empresaid, nivel: 'lectura' },
        ]),
      );

      // Behind the screen too: the manager's own session may not change a company it only reads.
      const login = await page.request.post(`${baseUrl()}/api/auth/login`, { data: { email: GRANTOR.login, password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${((await login.json()) as { session: { access_token: string } }).session.access_token}` };
      const refused = await page.request.put(`${baseUrl()}/api/sense/usuarios/${grantee}/accesos`, {
        headers,
        data: { accesos: [{ empresaid: readOnly.empresaid, nivel: 'lectura' }] },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await browser.close();
    }

    const other = await connectChromium();
    try {
      const { page } = await newPage(other);
      await signIn(page, GRANTEE.login);
      const sidebar = page.getByRole('navigation', { name: 'Menú principal' });
      const country = sidebar.getByRole('combobox', { name: 'País', exact: true });
      await expect.poll(() => country.isEnabled(), { timeout: 30_000 }).toBe(true);
      await country.click();
      await page.getByRole('listbox').getByRole('option', { name: chile.pais, exact: true }).click();
      const company = sidebar.getByRole('combobox', { name: 'Empresa', exact: true });
      await expect.poll(() => company.isEnabled(), { timeout: 30_000 }).toBe(true);
      await company.click();
      const options = page.getByRole('listbox').getByRole('option');
      await options.first().waitFor();
      expect(await options.allTextContents()).toEqual([managed.empresa]);
    } finally {
      await other.close();
    }
  });
});
