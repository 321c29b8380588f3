import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage, newPage } from './support/session';

/*
 * People of this journey's own, named by the run and deleted again at the end (the demo's people
 * are what the pipeline journey notifies): a profile given to two users through the assignment
 * form, and a user created through the users form who then signs in.
 */
const suffix = `${Date.now() % 100_000}`;
const PROFILE = `Cuadrilla E2E ${suffix}`;
const PROFILE_LEVEL = 3;
const CREW = [
  { login: `cuadrilla.a.${suffix}@camposense.dev`, firstname: 'Cuadrilla', lastname: `A ${suffix}` },
  { login: `cuadrilla.b.${suffix}@camposense.dev`, firstname: 'Cuadrilla', lastname: `B ${suffix}` },
];
const NEW_USER = { login: `Nuevo.Usuario.${suffix}@CampoSense.dev`, firstname: 'Nuevo', lastname: `Usuario ${suffix}`, password: `riego-${suffix}-por-goteo` };

async function usersNamed(page: Page): Promise<TableRow[]> {
  const api = await adminApi(page);
  const logins = [...CREW.map((user) => user.login), NEW_USER.login.toLowerCase()];
  return (await api<{ data: TableRow[] }>('GET', `/usuario?search=${encodeURIComponent(suffix)}&pageSize=100`)).data.filter((row) =>
    logins.includes(String(row['login'])),
  );
}

async function profileOfRun(page: Page): Promise<TableRow | undefined> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', `/perfil?search=${encodeURIComponent(PROFILE)}&pageSize=10`)).data[0];
}

describe('people: profiles assigned and a new user, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  afterAll(async () => {
    const { page } = journey;
    if (!page) return;
    const api = await adminApi(page);
    const profile = await profileOfRun(page).catch(() => undefined);
    for (const user of await usersNamed(page).catch(() => [])) {
      if (profile) {
        const pairs = await api<{ data: TableRow[] }>('GET', `/usuarioperfil?usuarioid=${String(user['usuarioid'])}&pageSize=10`);
        for (const pair of pairs.data)
          await api('DELETE', `/usuarioperfil/composite?usuarioid=${String(pair['usuarioid'])}&perfilid=${String(pair['perfilid'])}`);
      }
      await api('DELETE', `/usuario/${String(user['usuarioid'])}`);
    }
    if (profile) await api('DELETE', `/perfil/${String(profile['perfilid'])}`);
  });

  it('assigns one profile to two users in one ASIGNAR, and lists the pairs', async () => {
    const { page } = journey;
    const api = await adminApi(page);
    await api('POST', '/perfil', { perfil: PROFILE, perfilabrev: `CE2E${suffix}`.slice(0, 10), nivel: PROFILE_LEVEL });
    for (const user of CREW) await api('POST', '/usuario', { ...user, password: `cuadrilla-${suffix}-riego`, rol: 'user' });

    await page.goto(`${baseUrl()}/parameters/usuarioperfil/insert`);
    const form = page.getByRole('form', { name: 'Asignar perfiles a usuarios' });
    const users = form.getByRole('group', { name: 'Usuarios sin perfil', exact: true });
    const profiles = form.getByRole('group', { name: 'Perfiles disponibles', exact: true });
    await users.getByRole('textbox').fill(`Cuadrilla`);
    // An option is ticked by its label, as a person clicks it.
    for (const user of CREW) await users.getByText(`${user.firstname} ${user.lastname}`).click();
    await users.getByText('2 elegidos').waitFor();
    await profiles.getByRole('textbox').fill(PROFILE);
    await profiles.getByText(`${PROFILE_LEVEL} - ${PROFILE}`, { exact: true }).click();
    await form.getByRole('button', { name: 'ASIGNAR' }).click();
    await page.getByText('Perfiles asignados').waitFor();
    await page.getByText('Se crearon 2 asignaciones.').waitFor();

    const pairs = page.getByRole('table', { name: 'Asignaciones actuales' });
    for (const user of CREW) await pairs.getByRole('row').filter({ hasText: `${user.firstname} ${user.lastname}` }).filter({ hasText: PROFILE }).waitFor();
    // Both now hold a profile: the list of users without one no longer offers them.
    await users.getByRole('textbox').fill(`Cuadrilla`);
    await expect.poll(() => users.getByRole('checkbox', { name: new RegExp(CREW[0]!.lastname) }).count()).toBe(0);

    const profile = await profileOfRun(page);
    const assigned = await api<{ data: TableRow[] }>('GET', `/usuarioperfil?perfilid=${String(profile?.['perfilid'])}&pageSize=10`);
    expect(assigned.data).toHaveLength(2);
  });

  it('creates a user through the users form (login lower-cased), who then signs in', async () => {
    const { page, browser } = journey;
    await page.goto(`${baseUrl()}/parameters/usuario/insert`);
    const form = page.getByRole('form');
    await form.getByLabel(/^Correo electrónico/).fill(NEW_USER.login);
    await form.getByLabel(/^Nombre/).fill(NEW_USER.firstname);
    await form.getByLabel(/^Apellido/).fill(NEW_USER.lastname);
    await form.getByLabel(/^Contraseña/).fill(NEW_USER.password);
    await form.getByLabel(/^Confirmar contraseña/).fill(NEW_USER.password);
    await form.getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('Usuario creado', { exact: true }).waitFor();
    await page.getByText(`${NEW_USER.login.toLowerCase()} ya puede iniciar sesión`).waitFor();

    // A browser of their own: the new user signs in with the password the admin set.
    const { context, page: theirs } = await newPage(browser);
    try {
      await theirs.goto(baseUrl());
      await theirs.getByLabel('CORREO ELECTRÓNICO').fill(NEW_USER.login.toLowerCase());
      await theirs.getByLabel('CONTRASEÑA').fill(NEW_USER.password);
      await theirs.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
      // Signed in, and shown nothing yet: a new user holds no company until an admin grants one (issue 32).
      await theirs.getByText('Aún no tiene empresas concedidas', { exact: true }).waitFor();
      expect(await theirs.getByRole('heading', { name: 'BIENVENIDO A CAMPOSENSE' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
