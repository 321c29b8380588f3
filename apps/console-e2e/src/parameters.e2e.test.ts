import type { LabelPage, TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * Everything this journey creates hangs under a country of its own, and is deleted again at the
 * end (thresholds, sensor, node, location, farm, company, country), so the other journeys on the
 * shared database see nothing new.
 */
const suffix = `${Date.now() % 100_000}`;
const COUNTRY = `Pais E2E ${suffix}`;
const COUNTRY_ABBREVIATION = `Z${String.fromCharCode(65 + (Date.now() % 26))}`;
const COMPANY = `Empresa E2E ${suffix}`;
const FARM = `Fundo E2E ${suffix}`;
const LOCATION = `Ubicacion E2E ${suffix}`;
const NODE = `Nodo E2E ${suffix}`;
/** 16 hexadecimal digits, unique per run like the names. */
const DEVEUI = `E2E0000000${suffix.padStart(6, '0')}`;
const THRESHOLD = `Umbral E2E ${suffix}`;
/** The prefix of every threshold the CSV import creates (searched for, and cleaned up by it). */
const IMPORTED = `Importado E2E ${suffix}`;
const IMPORT_SIZE = 500;
/** The rows (from 1, as the preview numbers them) the first CSV gets wrong, each in its own way. */
const BAD_ROWS = [17, 250, 421];

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

/** Picks the first option of a select whose labels repeat (a probe type's name, per crop). */
async function chooseFirst(page: Page, label: string): Promise<string> {
  const combobox = page.getByRole('form').getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  const option = page.getByRole('option').first();
  const name = (await option.textContent()) ?? '';
  await option.click();
  expect(await combobox.inputValue()).toBe(name);
  return name;
}

/** Picks a location under the journey's own farm: its selects cascade from the country down. */
async function chooseLocation(page: Page) {
  await choose(page, 'País', COUNTRY);
  await choose(page, 'Empresa', COMPANY);
  await choose(page, 'Fundo', FARM);
  await choose(page, 'Ubicación', LOCATION);
}

async function created(page: Page, table: string) {
  await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
  await page.getByText(`Se creó el registro en ${table}`).waitFor();
}

/** Searches a status view for `name` and picks its only row. */
async function pickRow(page: Page, table: string, name: string): Promise<void> {
  await open(page, table, 'status');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  await page.getByText(/^1 de /).waitFor();
  await page.getByRole('table').getByText(name, { exact: true }).click();
}

/** Picks the row named `name` on a status view (searched first) and deletes it; resolves to what the screen said. */
async function deleteRow(page: Page, table: string, name: string): Promise<void> {
  await pickRow(page, table, name);
  await page.getByRole('main').getByRole('button', { name: 'ELIMINAR' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'ELIMINAR' }).click();
}

/** The thresholds named like `prefix`, as the API has them (at most 1,000). */
async function thresholdsNamed(page: Page, prefix: string): Promise<TableRow[]> {
  const api = await adminApi(page);
  const answer = await api<{ data: TableRow[] }>('GET', `/umbral?search=${encodeURIComponent(prefix)}&pageSize=1000`);
  return answer.data;
}

/**
 * A CSV of IMPORT_SIZE thresholds on the journey's location and node, references by label but the
 * probe type (its name repeats per crop) by id. They are inactive: the active ones of a location,
 * node, probe, metric and criticality are unique, and this location has one node and probe.
 * With `broken`, the rows of BAD_ROWS are wrong: an unknown metric, a minimum above its maximum,
 * no name.
 */
function thresholdCsv(tipoid: number, broken: boolean): string {
  const lines = ['umbral,ubicacionid,nodoid,tipoid,metricaid,criticidadid,minimo,maximo,statusid'];
  for (let row = 1; row <= IMPORT_SIZE; row += 1) {
    const cells = { umbral: `${IMPORTED} ${row}`, metricaid: 'Temperatura', minimo: String(row % 40), maximo: String((row % 40) + 5) };
    if (broken && row === BAD_ROWS[0]) cells.metricaid = 'Métrica que no existe';
    if (broken && row === BAD_ROWS[1]) cells.minimo = '99';
    if (broken && row === BAD_ROWS[2]) cells.umbral = '';
    lines.push([cells.umbral, LOCATION, NODE, tipoid, cells.metricaid, 'Baja', cells.minimo, cells.maximo, 0].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function uploadCsv(page: Page, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({ name: 'umbrales.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByText(`${IMPORT_SIZE} filas`, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'REVISAR' }).click();
}

/** The 500 imported thresholds go through the API: deleting them one by one on screen says nothing new. */
async function removeImported(page: Page) {
  const api = await adminApi(page);
  for (const row of await thresholdsNamed(page, IMPORTED)) await api('DELETE', `/umbral/${String(row['umbralid'])}`);
}

/** The journey's sensor (composite key, no name to search a status view by), through the API. */
async function removeSensor(page: Page) {
  const api = await adminApi(page);
  const [node] = (await api<LabelPage>('GET', `/nodo/labels?search=${encodeURIComponent(NODE)}`)).data;
  if (!node) return;
  const sensors = await api<TableRow[]>('GET', `/sensor?nodoid=${node.id}`);
  for (const sensor of sensors) await api('DELETE', `/sensor/composite?nodoid=${node.id}&tipoid=${String(sensor['tipoid'])}`);
}

describe('parameters, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  // A journey that failed half-way still leaves no imported thresholds behind.
  afterAll(async () => {
    if (journey.page) await removeImported(journey.page).catch(() => undefined);
  });

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

  it('creates a location under the farm, a node with its DevEUI and a sensor on it', async () => {
    const { page } = journey;
    await open(page, 'ubicacion', 'insert');
    await page.getByRole('textbox', { name: /^Ubicación/ }).fill(LOCATION);
    await choose(page, 'País', COUNTRY);
    await choose(page, 'Empresa', COMPANY);
    await choose(page, 'Fundo', FARM);
    await created(page, 'Ubicación');

    await open(page, 'nodo', 'insert');
    await page.getByRole('textbox', { name: /^Nodo/ }).fill(NODE);
    await page.getByRole('textbox', { name: /^DevEUI/ }).fill('E2E-NO-HEX');
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('El DevEUI debe tener 16 caracteres hexadecimales (0-9, A-F)').waitFor();
    await page.getByRole('textbox', { name: /^DevEUI/ }).fill(DEVEUI.toLowerCase());
    await created(page, 'Nodo');
    await pickRow(page, 'nodo', NODE);
    // Sent upper-cased, as the network server writes it.
    await page.getByRole('table').getByText(DEVEUI, { exact: true }).waitFor();

    // Sensor insert is the replicate form (issue 13): the node and one probe type, no replicas.
    await open(page, 'sensor', 'insert');
    await choose(page, 'Nodo', NODE);
    await page.getByRole('group', { name: 'Tipos de sonda' }).getByRole('checkbox').first().check({ force: true });
    await page.getByRole('form').getByRole('button', { name: 'CREAR' }).click();
    await page.getByText('Se creó 1 sensor.', { exact: true }).waitFor();
  });

  it('creates a threshold on the new location and node, then edits it', async () => {
    const { page } = journey;
    await open(page, 'umbral', 'insert');
    await page.getByRole('textbox', { name: /^Umbral/ }).fill(THRESHOLD);
    await chooseLocation(page);
    await choose(page, 'Nodo', NODE);
    await chooseFirst(page, 'Tipo');
    await choose(page, 'Métrica', 'Temperatura');
    await choose(page, 'Criticidad', 'Alta');
    await page.getByRole('textbox', { name: /^Mínimo/ }).fill('10');
    await page.getByRole('textbox', { name: /^Máximo/ }).fill('30');
    await created(page, 'Umbral');

    await pickRow(page, 'umbral', THRESHOLD);
    await page.getByRole('main').getByRole('button', { name: 'ACTUALIZAR' }).click();
    const maximum = page.getByRole('textbox', { name: /^Máximo/ });
    await expect.poll(() => maximum.inputValue()).toBe('30');
    // The row's place in the hierarchy is filled in, not asked again.
    const selected = (label: string) => page.getByRole('form').getByRole('combobox', { name: label, exact: true }).inputValue();
    await expect.poll(() => selected('Ubicación')).toBe(LOCATION);
    await expect.poll(() => selected('Fundo')).toBe(FARM);
    await expect.poll(() => selected('Empresa')).toBe(COMPANY);
    await expect.poll(() => selected('País')).toBe(COUNTRY);
    await maximum.fill('32.5');
    await page.getByRole('form').getByRole('button', { name: 'GUARDAR CAMBIOS' }).click();
    await page.getByText('Se guardaron los cambios en Umbral').waitFor();
    const [saved] = await thresholdsNamed(page, THRESHOLD);
    expect(saved?.['maximo']).toBe(32.5);

    // Another row with an edit not saved: the unsaved-changes modal asks first.
    await expect.poll(() => maximum.inputValue()).toBe('32.5');
    await maximum.fill('40');
    await page.getByRole('button', { name: 'ELEGIR OTRA FILA' }).click();
    const modal = page.getByRole('alertdialog').filter({ hasText: 'Cambios sin guardar' });
    await modal.getByRole('button', { name: 'CANCELAR' }).click();
    expect(await maximum.inputValue()).toBe('40');
    await page.getByRole('button', { name: 'ELEGIR OTRA FILA' }).click();
    await modal.getByRole('button', { name: 'CONTINUAR' }).click();
    await page.getByText('Seleccione la fila que desea editar y pulse Actualizar').waitFor();
    expect((await thresholdsNamed(page, THRESHOLD))[0]?.['maximo']).toBe(32.5);
  });

  it('imports 500 thresholds from a CSV: 3 bad rows are named and nothing is written until they are fixed', async () => {
    const { page } = journey;
    const api = await adminApi(page);
    const probeTypes = await api<LabelPage>('GET', '/tipo/labels?pageSize=1');
    const tipoid = probeTypes.data[0]!.id;
    await open(page, 'umbral', 'massive');
    // The farm-and-entity grid comes first; the CSV import is the tab beside it.
    await page.getByRole('tab', { name: 'Importar CSV' }).click();

    await uploadCsv(page, thresholdCsv(tipoid, true));
    const report = page.getByRole('alert').filter({ hasText: 'Hay filas con errores' });
    await report.getByText(`3 de ${IMPORT_SIZE} filas tienen errores`, { exact: false }).waitFor();
    const named = (await report.getByRole('listitem').allTextContents()).map((line) => line.split(' — ')[0]);
    expect(named).toEqual(BAD_ROWS.map((row) => `Fila ${row}`));
    expect(await report.getByRole('listitem').nth(0).textContent()).toContain('Métrica: ningún registro se llama así');
    expect(await page.getByRole('button', { name: 'GUARDAR TODO' }).isDisabled()).toBe(true);
    expect(await thresholdsNamed(page, IMPORTED)).toHaveLength(0);

    await uploadCsv(page, thresholdCsv(tipoid, false));
    await page.getByText('Todas las filas son válidas').waitFor();
    expect(await thresholdsNamed(page, IMPORTED)).toHaveLength(0);
    await page.getByRole('button', { name: 'GUARDAR TODO' }).click();
    await page.getByText(`Se crearon ${IMPORT_SIZE} registros en Umbral`).waitFor();

    const landed = await thresholdsNamed(page, IMPORTED);
    expect(landed).toHaveLength(IMPORT_SIZE);
    expect(landed.every((row) => row['nodoid'] === landed[0]!['nodoid'] && row['statusid'] === 0 && row['tipoid'] === tipoid)).toBe(true);
    await open(page, 'umbral', 'status');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(IMPORTED);
    await page.getByText(new RegExp(`^${IMPORT_SIZE} de `)).waitFor();
  });

  it('is refused deleting the company its farm references, in plain words', async () => {
    const { page } = journey;
    await deleteRow(page, 'empresa', COMPANY);
    await page.getByText(/No se puede eliminar «Empresa E2E \d+ \(empresaid \d+\)»: lo usan 1 registro de Fundo/).waitFor();
  });

  it('deletes what it created, from the thresholds up to the country', async () => {
    const { page } = journey;
    await removeImported(page);
    await deleteRow(page, 'umbral', THRESHOLD);
    await page.getByText('Registro eliminado').waitFor();
    await removeSensor(page);
    await deleteRow(page, 'nodo', NODE);
    await page.getByText('Registro eliminado').last().waitFor();
    await deleteRow(page, 'ubicacion', LOCATION);
    await page.getByText('Registro eliminado').last().waitFor();
    await deleteRow(page, 'fundo', FARM);
    await page.getByText('Registro eliminado').last().waitFor();
    await deleteRow(page, 'empresa', COMPANY);
    await page.getByText('Registro eliminado').last().waitFor();
    await deleteRow(page, 'pais', COUNTRY);
    await page.getByText('Registro eliminado').last().waitFor();
    // Eight tables, each opened, searched and confirmed: over the default minute on a loaded machine
    // (60 s in a fresh-clone run at load ~10).
  }, 150_000);
});
