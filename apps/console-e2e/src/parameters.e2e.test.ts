import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * Everything this journey creates hangs under a country of its own, and is deleted again at the
 * end (farm, company, country), so the other journeys on the shared database see nothing new.
 */
const suffix = `${Date.now() % 100_000}`;
const COUNTRY = `Pais E2E ${suffix}`;
const COUNTRY_ABBREVIATION = `Z${String.fromCharCode(65 + (Date.now() % 26))}`;
const COMPANY = `Empresa E2E ${suffix}`;
const FARM = `Fundo E2E ${suffix}`;

async function open(page: Page, table: string, operation: string) {
  await page.goto(`${baseUrl()}/parameters/${table}/${operation}`);
}

async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('form').getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  expect(await combobox.inputValue()).toBe(option);
}

async function created(page: Page, table: string) {
  await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
  await page.getByText(`Se creó el registro en ${table}`).waitFor();
}

/** Picks the row named `name` on a status view (searched first) and deletes it; resolves to what the screen said. */
async function deleteRow(page: Page, table: string, name: string): Promise<void> {
  await open(page, table, 'status');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  await page.getByText('1 de ', { exact: false }).waitFor();
  await page.getByRole('table').getByText(name, { exact: true }).click();
  await page.getByRole('main').getByRole('button', { name: 'ELIMINAR' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'ELIMINAR' }).click();
}

describe('parameters, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });

  it('creates a country, checking its 2-character abbreviation before sending', async () => {
    const { page } = journey;
    await open(page, 'pais', 'insert');
    await page.getByRole('textbox', { name: /^País/ }).fill(COUNTRY);
    await page.getByRole('textbox', { name: /^Abreviatura/ }).fill('ZZZ');
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('Debe tener como máximo 2 caracteres').waitFor();
    await page.getByRole('textbox', { name: /^Abreviatura/ }).fill(COUNTRY_ABBREVIATION);
    await created(page, 'País');
  });

  it('creates a company under it, and a farm under the company through the cascading selects', async () => {
    const { page } = journey;
    await open(page, 'empresa', 'insert');
    await page.getByRole('textbox', { name: /^Empresa/ }).fill(COMPANY);
    await page.getByRole('textbox', { name: /^Abreviatura/ }).fill('E2E');
    await choose(page, 'País', COUNTRY);
    await created(page, 'Empresa');

    await open(page, 'fundo', 'insert');
    await page.getByRole('textbox', { name: /^Fundo/ }).fill(FARM);
    await choose(page, 'País', COUNTRY);
    await choose(page, 'Empresa', COMPANY);
    await created(page, 'Fundo');
  });

  it('is refused deleting the company its farm references, in plain words', async () => {
    const { page } = journey;
    await deleteRow(page, 'empresa', COMPANY);
    await page.getByText(/No se puede eliminar «Empresa E2E \d+ \(empresaid \d+\)»: lo usan 1 registro de Fundo/).waitFor();
  });

  it('deletes what it created, farm first', async () => {
    const { page } = journey;
    await deleteRow(page, 'fundo', FARM);
    await page.getByText('Registro eliminado').waitFor();
    await deleteRow(page, 'empresa', COMPANY);
    await page.getByText('Registro eliminado').last().waitFor();
    await deleteRow(page, 'pais', COUNTRY);
    await page.getByText('Registro eliminado').last().waitFor();
  });
});
