import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { makeJourneyFarm, removeJourneyFarm } from './support/journey-farm';
import type { JourneyFarm } from './support/journey-farm';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * The journey's own farm (support/journey-farm): NODE_COUNT nodes standing in one location with
 * one probe type that reports a temperature and a humidity metric. On screen, the umbral massive
 * sub-tab sets the temperature band of every one of those probes in one save.
 */
const suffix = `${Date.now() % 100_000}`;
const TEMPERATURE = `Temperatura UM E2E ${suffix}`;
const HUMIDITY = `Humedad UM E2E ${suffix}`;
const NODE_COUNT = 5;
/** The demo's criticality levels: Alta is grado 1. */
const LEVEL = 'Alta';

/** The journey's thresholds, as the API has them. */
async function thresholdsOf(page: Page, made: JourneyFarm): Promise<TableRow[]> {
  const api = await adminApi(page);
  return (await api<{ data: TableRow[] }>('GET', `/umbral?tipoid=${made.tipoid}&pageSize=1000`)).data;
}

async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the temperature column with one band (and NODE 03 with its own maximum), then saves. */
async function saveTemperatureBand(page: Page, farm: JourneyFarm, minimo: string, maximo: string) {
  const bar = page.getByRole('group', { name: 'Llenar una columna' });
  await bar.getByRole('combobox', { name: 'Métrica' }).selectOption({ label: `${TEMPERATURE} (°C)` });
  await bar.getByRole('textbox', { name: 'Mínimo' }).fill(minimo);
  await bar.getByRole('textbox', { name: 'Máximo' }).fill(maximo);
  await bar.getByRole('combobox', { name: 'Criticidad' }).selectOption({ label: `${LEVEL} · grado 1` });
  await bar.getByRole('button', { name: `APLICAR A ${NODE_COUNT} FILAS` }).click();
  // One exception down the column.
  await page.getByRole('textbox', { name: `Máximo de ${TEMPERATURE}, ${farm.names.node(2)} · ${farm.names.type}` }).fill('30');
}

describe('threshold massive form by farm and entity, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let made: JourneyFarm | undefined;
  beforeAll(async () => {
    const metrics = [
      { metrica: TEMPERATURE, unidad: '°C' },
      { metrica: HUMIDITY, unidad: '%' },
    ];
    made = await makeJourneyFarm(journey.page, { tag: 'UM', nodeCount: NODE_COUNT, metrics, mapMetrics: true });
  });
  afterAll(async () => {
    if (journey.page && made) await removeJourneyFarm(journey.page, made);
  });

  it(`sets the temperature thresholds of all ${NODE_COUNT} probes of one farm and entity in one save, then replaces them`, async () => {
    const { page } = journey;
    const { farm: FARM, crop: CROP } = made!.names;
    await page.goto(`${baseUrl()}/parameters/umbral/massive`);
    await page.getByRole('heading', { name: 'Umbrales por fundo y entidad' }).waitFor();
    await choose(page, 'Fundo', FARM);
    await choose(page, 'Entidad', CROP);
    const grid = page.getByRole('table', { name: `Umbrales de ${CROP} en ${FARM}` });
    await grid.waitFor();
    // Both metrics of every probe, none with a threshold yet.
    expect(await grid.getByRole('row').count()).toBe(1 + NODE_COUNT * 2);
    expect(await grid.getByText('sin umbral').count()).toBe(NODE_COUNT * 2);

    await saveTemperatureBand(page, made!, '4', '36,5');
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
    await saveTemperatureBand(page, made!, '2', '38');
    await preview.getByText(`${NODE_COUNT} reemplazados`).waitFor();
    await page.getByRole('button', { name: 'GUARDAR UMBRALES' }).click();
    await page.getByText(`Se crearon 0 umbrales. Se reemplazaron ${NODE_COUNT}.`).waitFor();
    const replaced = await thresholdsOf(page, made!);
    expect(replaced).toHaveLength(NODE_COUNT);
    expect(replaced.map((row) => Number(row['minimo']))).toEqual([2, 2, 2, 2, 2]);
  });
});
