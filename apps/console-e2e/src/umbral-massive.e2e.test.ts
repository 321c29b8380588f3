import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * The journey's own farm, made through the API as an installer's script would and deleted again at
 * the end: a country down to a location, a crop with a probe type, NODE_COUNT nodes standing there
 * with that probe, reporting a temperature and a humidity metric. On screen, the umbral massive
 * sub-tab sets the temperature band of every one of those probes in one save.
 */
const suffix = `${Date.now() % 100_000}`;
const COUNTRY = `Pais UM E2E ${suffix}`;
const COUNTRY_ABBREVIATION = `X${String.fromCharCode(65 + (Date.now() % 26))}`;
const FARM = `Fundo UM E2E ${suffix}`;
const CROP = `Cultivo UM E2E ${suffix}`;
const TYPE = `Sonda UM E2E ${suffix}`;
const NODE_PREFIX = `Nodo UM E2E ${suffix}`;
const TEMPERATURE = `Temperatura UM E2E ${suffix}`;
const HUMIDITY = `Humedad UM E2E ${suffix}`;
const NODE_COUNT = 5;
/** The demo's criticality levels: Alta is grado 1. */
const LEVEL = 'Alta';

interface Made {
  paisid: number;
  empresaid: number;
  fundoid: number;
  ubicacionid: number;
  entidadid: number;
  tipoid: number;
  nodoids: number[];
  metricaids: number[];
}

const nodeName = (index: number) => `${NODE_PREFIX} ${String(index + 1).padStart(2, '0')}`;
const deveui = (index: number) => `E2E2${suffix.padStart(6, '0')}${String(index + 1).padStart(6, '0')}`;

async function setUp(page: Page): Promise<Made> {
  const api = await adminApi(page);
  const { paisid } = await api<{ paisid: number }>('POST', '/pais', { pais: COUNTRY, paisabrev: COUNTRY_ABBREVIATION });
  const { empresaid } = await api<{ empresaid: number }>('POST', '/empresa', { empresa: `Empresa UM E2E ${suffix}`, empresaabrev: 'UME2E', paisid });
  const { fundoid } = await api<{ fundoid: number }>('POST', '/fundo', { fundo: FARM, fundoabrev: 'UME2E', empresaid });
  const { ubicacionid } = await api<{ ubicacionid: number }>('POST', '/ubicacion', { ubicacion: `Ubicacion UM E2E ${suffix}`, ubicacionabrev: 'UME2E', fundoid });
  const { entidadid } = await api<{ entidadid: number }>('POST', '/entidad', { entidad: CROP, entidadabrev: 'UME2E' });
  const { tipoid } = await api<{ tipoid: number }>('POST', '/tipo', { tipo: TYPE, entidadid });
  const metricaids = [
    (await api<{ metricaid: number }>('POST', '/metrica', { metrica: TEMPERATURE, metricaabrev: 'UMT', unidad: '°C' })).metricaid,
    (await api<{ metricaid: number }>('POST', '/metrica', { metrica: HUMIDITY, metricaabrev: 'UMH', unidad: '%' })).metricaid,
  ];
  const nodoids: number[] = [];
  for (let index = 0; index < NODE_COUNT; index += 1) {
    const { nodoid } = await api<{ nodoid: number }>('POST', '/nodo', { nodo: nodeName(index), deveui: deveui(index) });
    nodoids.push(nodoid);
    await api('POST', '/localizacion', { entidadid, ubicacionid, nodoid });
    await api('POST', '/sensor', { nodoid, tipoid });
    for (const metricaid of metricaids) await api('POST', '/metricasensor', { nodoid, tipoid, metricaid });
  }
  return { paisid, empresaid, fundoid, ubicacionid, entidadid, tipoid, nodoids, metricaids };
}

/** The journey's thresholds, as the API has them. */
async function thresholdsOf(page: Page, made: Made): Promise<TableRow[]> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', `/umbral?tipoid=${made.tipoid}&pageSize=1000`)).data;
}

/** Everything `setUp` made and the thresholds the journey saved, from the thresholds up to the country. */
async function tearDown(page: Page, made: Made) {
  const api = await adminApi(page);
  for (const row of await thresholdsOf(page, made)) await api('DELETE', `/umbral/${String(row['umbralid'])}`);
  for (const nodoid of made.nodoids) {
    for (const metricaid of made.metricaids) await api('DELETE', `/metricasensor/composite?nodoid=${nodoid}&metricaid=${metricaid}&tipoid=${made.tipoid}`);
    await api('DELETE', `/sensor/composite?nodoid=${nodoid}&tipoid=${made.tipoid}`);
    await api('DELETE', `/localizacion/composite?entidadid=${made.entidadid}&ubicacionid=${made.ubicacionid}&nodoid=${nodoid}`);
    await api('DELETE', `/nodo/${nodoid}`);
  }
  for (const metricaid of made.metricaids) await api('DELETE', `/metrica/${metricaid}`);
  await api('DELETE', `/tipo/${made.tipoid}`);
  await api('DELETE', `/entidad/${made.entidadid}`);
  await api('DELETE', `/ubicacion/${made.ubicacionid}`);
  await api('DELETE', `/fundo/${made.fundoid}`);
  await api('DELETE', `/empresa/${made.empresaid}`);
  await api('DELETE', `/pais/${made.paisid}`);
}

async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the temperature column with one band (and NODE 03 with its own maximum), then saves. */
async function saveTemperatureBand(page: Page, minimo: string, maximo: string) {
  const bar = page.getByRole('group', { name: 'Llenar una columna' });
  await bar.getByRole('combobox', { name: 'Métrica' }).selectOption({ label: `${TEMPERATURE} (°C)` });
  await bar.getByRole('textbox', { name: 'Mínimo' }).fill(minimo);
  await bar.getByRole('textbox', { name: 'Máximo' }).fill(maximo);
  await bar.getByRole('combobox', { name: 'Criticidad' }).selectOption({ label: `${LEVEL} · grado 1` });
  await bar.getByRole('button', { name: `APLICAR A ${NODE_COUNT} FILAS` }).click();
  // One exception down the column.
  await page.getByRole('textbox', { name: `Máximo de ${TEMPERATURE}, ${nodeName(2)} · ${TYPE}` }).fill('30');
}

describe('threshold massive form by farm and entity, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let made: Made | undefined;
  beforeAll(async () => {
    made = await setUp(journey.page);
  });
  afterAll(async () => {
    if (journey.page && made) await tearDown(journey.page, made);
  });

  it(`sets the temperature thresholds of all ${NODE_COUNT} probes of one farm and entity in one save, then replaces them`, async () => {
    const { page } = journey;
    await page.goto(`${baseUrl()}/parameters/umbral/massive`);
    await page.getByRole('heading', { name: 'Umbrales por fundo y entidad' }).waitFor();
    await choose(page, 'Fundo', FARM);
    await choose(page, 'Entidad', CROP);
    const grid = page.getByRole('table', { name: `Umbrales de ${CROP} en ${FARM}` });
    await grid.waitFor();
    // Both metrics of every probe, none with a threshold yet.
    expect(await grid.getByRole('row').count()).toBe(1 + NODE_COUNT * 2);
    expect(await grid.getByText('sin umbral').count()).toBe(NODE_COUNT * 2);

    await saveTemperatureBand(page, '4', '36,5');
    const preview = page.getByRole('status').filter({ hasText: 'Al guardar' });
    await preview.getByText(`${NODE_COUNT} umbrales nuevos`).waitFor();
    await preview.getByText('0 reemplazados').waitFor();
    await page.getByRole('button', { name: 'GUARDAR UMBRALES' }).click();
    await page.getByText('Umbrales guardados').waitFor();
    await page.getByText(`Se crearon ${NODE_COUNT} umbrales.`).waitFor();
    // The grid empties and shows the saved bands as the active ones.
    await grid.getByText(`${LEVEL}: 4 – 30`).waitFor();
    expect(await grid.getByText(`${LEVEL}: 4 – 36,5`).count()).toBe(NODE_COUNT - 1);

    const saved = await thresholdsOf(page, made!);
    expect(saved).toHaveLength(NODE_COUNT);
    expect(new Set(saved.map((row) => Number(row['metricaid'])))).toEqual(new Set([made!.metricaids[0]]));
    expect(new Set(saved.map((row) => Number(row['nodoid'])))).toEqual(new Set(made!.nodoids));
    expect(saved.map((row) => Number(row['maximo'])).sort()).toEqual([30, 36.5, 36.5, 36.5, 36.5]);

    // The umbral status view lists them, labelled "metric · level".
    await page.goto(`${baseUrl()}/parameters/umbral/status`);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(TEMPERATURE);
    await page.getByText(`${NODE_COUNT} de `).first().waitFor();
    await page.getByRole('table').getByText(`${TEMPERATURE} · ${LEVEL}`).first().waitFor();
    expect(await page.getByRole('table').getByText(`${TEMPERATURE} · ${LEVEL}`).count()).toBe(NODE_COUNT);

    // The same place and level again replaces, in one save, rather than adding a second band.
    await page.goto(`${baseUrl()}/parameters/umbral/massive`);
    await choose(page, 'Fundo', FARM);
    await choose(page, 'Entidad', CROP);
    await grid.waitFor();
    await saveTemperatureBand(page, '2', '38');
    await preview.getByText(`${NODE_COUNT} reemplazados`).waitFor();
    await page.getByRole('button', { name: 'GUARDAR UMBRALES' }).click();
    await page.getByText(`Se crearon 0 umbrales. Se reemplazaron ${NODE_COUNT}.`).waitFor();
    const replaced = await thresholdsOf(page, made!);
    expect(replaced).toHaveLength(NODE_COUNT);
    expect(replaced.map((row) => Number(row['minimo']))).toEqual([2, 2, 2, 2, 2]);
  });
});
