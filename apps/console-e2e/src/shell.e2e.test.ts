import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

const TABLE_GROUPS: Record<string, string[]> = {
  UBICACIÓN: ['País', 'Empresa', 'Fundo', 'Ubicación', 'Localización', 'Entidad'],
  DISPOSITIVOS: ['Tipo', 'Nodo', 'Sensor', 'Métrica por sensor', 'Métrica'],
  UMBRALES: ['Umbral', 'Perfil por umbral', 'Auditoría de umbrales', 'Criticidad'],
  USUARIOS: ['Contacto', 'Correo', 'Usuario', 'Perfil por usuario', 'Perfil'],
};

/** Tables offering every operation; audit_log_umbral offers only Estado, correo no Crear. */
const OPERATIONS_BY_TABLE: Record<string, string[]> = {
  Sensor: ['Estado', 'Crear', 'Actualizar', 'Masivo'],
  'Métrica por sensor': ['Estado', 'Crear', 'Actualizar', 'Masivo'],
  Umbral: ['Estado', 'Crear', 'Actualizar', 'Masivo'],
  'Auditoría de umbrales': ['Estado'],
  Correo: ['Estado', 'Actualizar'],
};

function breadcrumb(page: Page) {
  return page.getByRole('navigation', { name: /^(Ruta de navegación|Breadcrumb)$/ });
}

async function chooseFirst(page: Page, label: string): Promise<string> {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  const option = page.getByRole('option').first();
  await option.waitFor();
  const name = (await option.textContent())?.trim() ?? '';
  await option.click();
  expect(await combobox.inputValue()).toBe(name);
  return name;
}

describe('walking the console shell', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });

  it('opens every report sub-tab, with its breadcrumb', async () => {
    await journey.page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /REPORTES/ }).click();
    await journey.page.getByText('Selecciona una subpestaña para continuar').waitFor();
    const reports = journey.page.getByRole('navigation', { name: 'Menú de reportes' });
    for (const subtab of ['DASHBOARD', 'ALERTAS', 'MENSAJES']) {
      await reports.getByRole('button', { name: subtab }).click();
      await breadcrumb(journey.page).getByText(subtab).waitFor();
      expect(await breadcrumb(journey.page).getByText('REPORTES').count()).toBe(1);
    }
    expect(new URL(journey.page.url()).pathname).toBe('/reportes/mensajes');
  });

  it('opens every parameters table and each operation the registry allows', async () => {
    await journey.page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: /PARÁMETROS/ }).click();
    await journey.page.getByText('Selecciona una opción del menú lateral para continuar').waitFor();
    const tables = journey.page.getByRole('navigation', { name: 'Tablas de parámetros' });
    for (const [group, names] of Object.entries(TABLE_GROUPS)) {
      await tables.getByRole('group', { name: group }).waitFor();
      for (const name of names) {
        await tables.getByRole('button', { name, exact: true }).click();
        await breadcrumb(journey.page).getByText(name, { exact: true }).waitFor();
        await breadcrumb(journey.page).getByText('Estado', { exact: true }).waitFor();
        const operations = journey.page.getByRole('navigation', { name: 'Operaciones' });
        const expected = OPERATIONS_BY_TABLE[name] ?? ['Estado', 'Crear', 'Actualizar'];
        expect(await operations.getByRole('button').count()).toBe(expected.length);
        for (const operation of expected) {
          await operations.getByRole('button', { name: operation, exact: true }).click();
          await breadcrumb(journey.page).getByText(operation, { exact: true }).waitFor();
        }
      }
    }
    // About sixty clicks: more than the default minute on a loaded machine.
  }, 180_000);

  it('keeps the operations beside the table, and a rail under a resting pointer folded after a reload', async () => {
    const { page } = journey;
    const operations = await page.getByRole('navigation', { name: 'Operaciones' }).boundingBox();
    const content = await page.getByRole('main').boundingBox();
    expect(operations!.x + operations!.width).toBeLessThanOrEqual(content!.x);

    const tables = page.getByRole('navigation', { name: 'Tablas de parámetros' });
    const rail = (await tables.boundingBox())!;
    const resting = { x: rail.x + rail.width / 2, y: rail.y + 300 };
    await page.mouse.move(resting.x, resting.y);
    await page.reload();
    await tables.getByRole('button', { name: 'Correo', exact: true }).waitFor();
    await page.waitForTimeout(600);
    expect(await tables.getByText('DISPOSITIVOS', { exact: true }).count()).toBe(0);
    // Nothing lies over the breadcrumb: the point at its first crumb is the breadcrumb's own.
    const crumbs = breadcrumb(page);
    const first = (await crumbs.getByText('CampoSense', { exact: true }).boundingBox())!;
    expect(
      await crumbs.evaluate((nav, point) => nav.contains(document.elementFromPoint(point.x, point.y)), {
        x: first.x + first.width / 2,
        y: first.y + first.height / 2,
      }),
    ).toBe(true);

    // A real move onto the rail, resting there, opens it; the content folds it again.
    await page.mouse.move(resting.x + 3, resting.y + 20);
    await tables.getByText('DISPOSITIVOS', { exact: true }).waitFor();
    await page.getByRole('main').hover();
    await expect.poll(() => tables.getByText('DISPOSITIVOS', { exact: true }).count()).toBe(0);
  });

  it('opens the thresholds tab, labelled configuration of alert thresholds', async () => {
    await journey.page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('button', { name: 'CONFIGURACIÓN · Umbrales de alerta', exact: true })
      .click();
    await breadcrumb(journey.page).getByText('CONFIGURACIÓN · Umbrales de alerta', { exact: true }).waitFor();
    expect(new URL(journey.page.url()).pathname).toBe('/umbrales');
  });

  it('moves between tabs with the browser back and forward buttons', async () => {
    await journey.page.goBack();
    await breadcrumb(journey.page).getByText('Actualizar', { exact: true }).waitFor();
    await journey.page.goForward();
    await breadcrumb(journey.page).getByText('CONFIGURACIÓN · Umbrales de alerta', { exact: true }).waitFor();
  });

  it('cascades country, company and farm from the API', async () => {
    // A menu folds once a choice is made in it; it opens again when the pointer comes back.
    await journey.page.getByRole('main').hover();
    await journey.page.getByRole('navigation', { name: 'Menú principal' }).hover();
    expect(await journey.page.getByRole('combobox', { name: 'Empresa' }).isDisabled()).toBe(true);
    expect(await journey.page.getByRole('combobox', { name: 'Fundo' }).isDisabled()).toBe(true);
    await chooseFirst(journey.page, 'País');
    await chooseFirst(journey.page, 'Empresa');
    const fundo = await chooseFirst(journey.page, 'Fundo');
    expect(fundo).not.toBe('');
  });

  it('switches language and theme in the settings and keeps both, and the tab, across a reload', async () => {
    await journey.page.getByRole('button', { name: 'Abrir ajustes' }).click();
    // The gear's screen is named as its button, never like the thresholds tab.
    await journey.page.getByRole('heading', { level: 1, name: 'Ajustes', exact: true }).waitFor();
    await breadcrumb(journey.page).getByText('AJUSTES', { exact: true }).waitFor();
    // Settings hold two language choices (the console's and the alarm messages'); this is the console's.
    const consoleLanguage = journey.page.getByRole('radiogroup', { name: 'El idioma de todos los textos de la consola' });
    await consoleLanguage.getByRole('radio', { name: /English/ }).check({ force: true });
    await journey.page.getByRole('button', { name: 'Open settings' }).waitFor();
    expect(await journey.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await journey.page.getByRole('button', { name: /Switch to light theme/ }).first().click();
    expect(await journey.page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);

    await journey.page.reload();
    await journey.page.getByRole('button', { name: 'Open settings' }).waitFor();
    expect(new URL(journey.page.url()).pathname).toBe('/configuration');
    expect(await journey.page.evaluate(() => [document.documentElement.lang, localStorage.getItem('language')])).toEqual(['en', 'en']);
    expect(await journey.page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    await breadcrumb(journey.page).getByText('SETTINGS', { exact: true }).waitFor();
    await journey.page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
  });

  it('shows the fallback screen for an unknown tab', async () => {
    await journey.page.goto(`${baseUrl()}/no-such-tab`);
    await journey.page.getByText('Choose an option from the side menu to start').waitFor();
    expect(await journey.page.getByRole('heading', { name: 'WELCOME TO CAMPOSENSE' }).count()).toBe(0);
  });
});
