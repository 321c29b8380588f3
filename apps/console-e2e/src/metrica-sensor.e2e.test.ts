import type { TableRow } from '@camposense/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { makeJourneyFarm, removeJourneyFarm } from './support/journey-farm';
import type { JourneyFarm } from './support/journey-farm';
import { ADMIN_EMAIL, baseUrl, journeyPage } from './support/session';

/*
 * The journey's own farm (support/journey-farm): NODE_COUNT nodes standing in one location with
 * one probe type, and two metrics not yet mapped. On screen, the massive sub-tab maps the type to
 * both metrics on every node in one call.
 */
const NODE_COUNT = 11;
const METRIC_PREFIX = `Metrica MS E2E ${Date.now() % 100_000}`;
const METRICS = [`${METRIC_PREFIX} A`, `${METRIC_PREFIX} B`];

describe('metric-sensor massive form, as an admin', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let made: JourneyFarm | undefined;
  beforeAll(async () => {
    made = await makeJourneyFarm(journey.page, { tag: 'MS', nodeCount: NODE_COUNT, metrics: METRICS.map((metrica) => ({ metrica, unidad: 'kPa' })), mapMetrics: false });
  });
  afterAll(async () => {
    if (journey.page && made) await removeJourneyFarm(journey.page, made);
  });

  it(`maps one probe type to 2 metrics on ${NODE_COUNT} nodes in one call`, async () => {
    const { page } = journey;
    const { type: TYPE, crop: CROP, node: nodeName } = made!.names;
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
