import type { UserAccessResponse } from '@camposense/domain';
import type { TableRow } from '@camposense/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

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
