import type { TableRow } from '@camposense/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * The journey's own place and probes, made through the API as an installer's script would and
 * deleted again at the end: a country down to a location, a crop with a probe type, NODE_COUNT
 * nodes standing there with that probe, and two metrics. On screen, the massive sub-tab maps the
 * type to both metrics on every node in one call.
 */
const suffix = `${Date.now() % 100_000}`;
const COUNTRY = `Pais MS E2E ${suffix}`;
const COUNTRY_ABBREVIATION = `Y${String.fromCharCode(65 + (Date.now() % 26))}`;
const CROP = `Cultivo MS E2E ${suffix}`;
const TYPE = `Sonda MS E2E ${suffix}`;
const NODE_PREFIX = `Nodo MS E2E ${suffix}`;
const METRIC_PREFIX = `Metrica MS E2E ${suffix}`;
const NODE_COUNT = 11;
const METRICS = [`${METRIC_PREFIX} A`, `${METRIC_PREFIX} B`];

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
/** 16 hexadecimal digits, unique per run and node. */
const deveui = (index: number) => `E2E1${suffix.padStart(6, '0')}${String(index + 1).padStart(6, '0')}`;

async function setUp(page: Page): Promise<Made> {
  const api = await adminApi(page);
  const { paisid } = await api<{ paisid: number }>('POST', '/pais', { pais: COUNTRY, paisabrev: COUNTRY_ABBREVIATION });
  const { empresaid } = await api<{ empresaid: number }>('POST', '/empresa', { empresa: `Empresa MS E2E ${suffix}`, empresaabrev: 'MSE2E', paisid });
  const { fundoid } = await api<{ fundoid: number }>('POST', '/fundo', { fundo: `Fundo MS E2E ${suffix}`, fundoabrev: 'MSE2E', empresaid });
  const { ubicacionid } = await api<{ ubicacionid: number }>('POST', '/ubicacion', { ubicacion: `Ubicacion MS E2E ${suffix}`, ubicacionabrev: 'MSE2E', fundoid });
  const { entidadid } = await api<{ entidadid: number }>('POST', '/entidad', { entidad: CROP, entidadabrev: 'MSE2E' });
  const { tipoid } = await api<{ tipoid: number }>('POST', '/tipo', { tipo: TYPE, entidadid });
  const nodoids: number[] = [];
  for (let index = 0; index < NODE_COUNT; index += 1) {
    const { nodoid } = await api<{ nodoid: number }>('POST', '/nodo', { nodo: nodeName(index), deveui: deveui(index) });
    nodoids.push(nodoid);
    await api('POST', '/localizacion', { entidadid, ubicacionid, nodoid });
    await api('POST', '/sensor', { nodoid, tipoid });
  }
  const metricaids: number[] = [];
  for (const metrica of METRICS) metricaids.push((await api<{ metricaid: number }>('POST', '/metrica', { metrica, metricaabrev: 'MSE2E', unidad: 'kPa' })).metricaid);
  return { paisid, empresaid, fundoid, ubicacionid, entidadid, tipoid, nodoids, metricaids };
}

/** Everything `setUp` made, from the metric-sensor rows up to the country. */
async function tearDown(page: Page, made: Made) {
  const api = await adminApi(page);
  for (const row of await api<TableRow[]>('GET', `/metricasensor?tipoid=${made.tipoid}`))
    await api('DELETE', `/metricasensor/composite?nodoid=${String(row['nodoid'])}&metricaid=${String(row['metricaid'])}&tipoid=${made.tipoid}`);
  for (const nodoid of made.nodoids) {
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

describe('metric-sensor massive form, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let made: Made | undefined;
  beforeAll(async () => {
    made = await setUp(journey.page);
  });
  afterAll(async () => {
    if (journey.page && made) await tearDown(journey.page, made);
  });

  it(`maps one probe type to 2 metrics on ${NODE_COUNT} nodes in one call`, async () => {
    const { page } = journey;
    await page.goto(`${baseUrl()}/parameters/metricasensor/massive`);
    const form = page.getByRole('form', { name: 'Asignar métricas a muchos nodos' });
    const type = form.getByRole('combobox', { name: 'Tipo de sonda', exact: true });
    await type.click();
    await type.fill(TYPE);
    await page.getByRole('option', { name: `${TYPE} · ${CROP}`, exact: true }).click();
    // Locked once chosen.
    expect(await type.isDisabled()).toBe(true);

    const metrics = form.getByRole('group', { name: 'Métricas', exact: true });
    await metrics.getByRole('textbox').fill(METRIC_PREFIX);
    // An option's label holds its unit (its node's DevEUI) too: matched by the name it starts with.
    for (const metrica of METRICS) await metrics.getByText(metrica).click();
    await metrics.getByText('2 elegidos').waitFor();

    // Only the nodes with that probe are offered: exactly the journey's own.
    const nodes = form.getByRole('group', { name: 'Nodos con esa sonda', exact: true });
    await nodes.getByText(nodeName(0)).waitFor();
    expect(await nodes.getByRole('checkbox').count()).toBe(NODE_COUNT);
    for (let index = 0; index < NODE_COUNT; index += 1) await nodes.getByText(nodeName(index)).click();
    await nodes.getByText(`${NODE_COUNT} elegidos`).waitFor();

    await form.getByRole('button', { name: 'ASIGNAR' }).click();
    await page.getByText('Métricas asignadas').waitFor();
    await page.getByText(`Se crearon ${NODE_COUNT * METRICS.length} métricas por sensor.`).waitFor();

    const api = await adminApi(page);
    const rows = await api<TableRow[]>('GET', `/metricasensor?tipoid=${made!.tipoid}`);
    expect(rows).toHaveLength(NODE_COUNT * METRICS.length);
    expect(new Set(rows.map((row) => Number(row['nodoid'])))).toEqual(new Set(made!.nodoids));
    expect(new Set(rows.map((row) => Number(row['metricaid'])))).toEqual(new Set(made!.metricaids));
  });
});
