/**
 * A silent node, acknowledged from the dashboard (issue 15, items 5 and 9), on the production
 * build: a node reports once over Mosquitto and then falls silent past its inactivity window (set
 * to one minute for the journey), the server opens its no-data episode, the open dashboard marks
 * it without a reload (node list, notice, charts), and the notice's 'Reconocer episodio sin
 * datos' acknowledges it after its dialog, with a note.
 */
import type { NodoConLocalizacion, OpenEpisodesResponse, UmbralScopeResponse } from '@camposense/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import type { ApiCall } from './support/admin-api';
import { apiGet, apiToken, uplinkPublisher } from './support/pipeline';
import type { UplinkObject } from './support/pipeline';
import { ADMIN_EMAIL, baseUrl, DEMO_PASSWORD, journeyPage } from './support/session';

const METRIC_KEYS: Record<string, string> = { Temperatura: 'TEMP', Humedad: 'HUM', Electroconductividad: 'EC' };

interface SilentTarget {
  node: NodoConLocalizacion;
  deveui: string;
  /** The node's latest values sent again: a reading that breaks no threshold the seed did not break. */
  uplink: UplinkObject;
}

/**
 * A node with a DevEUI, active thresholds (a no-data episode takes their criticality) and latest
 * values, outside Fundo San José (whose first node the pipeline journey drives).
 */
function pickNode(nodes: readonly NodoConLocalizacion[], scope: UmbralScopeResponse): SilentTarget {
  const withThresholds = new Set(
    scope.ubicaciones.flatMap((location) =>
      location.nodos
        .filter((node) => node.sondas.some((probe) => probe.metricas.some((metric) => metric.umbrales.some((threshold) => threshold.statusid === 1))))
        .map((node) => node.nodoid),
    ),
  );
  const candidates = nodes.filter(
    (node) =>
      node.deveui &&
      !node.fundo.includes('San José') &&
      withThresholds.has(node.nodoid) &&
      node.episodioSinDatos === null &&
      node.ultimasMediciones.some((reading) => reading.tipo && METRIC_KEYS[reading.metrica]),
  );
  const node = candidates.at(-1);
  if (!node) throw new Error('the demo farm has no node outside Fundo San José with thresholds and readings');
  const uplink: UplinkObject = {};
  for (const reading of node.ultimasMediciones) {
    const key = METRIC_KEYS[reading.metrica];
    if (key && reading.tipo) uplink[reading.tipo] = { ...uplink[reading.tipo], [key]: reading.medicion };
  }
  return { node, deveui: node.deveui!, uplink };
}

describe('a node falls silent, the dashboard marks it and its no-data alarm is acknowledged there', () => {
  const journey = journeyPage({ signInAs: ADMIN_EMAIL });
  let publisher: Awaited<ReturnType<typeof uplinkPublisher>>;
  let api: ApiCall;
  let token: string;
  let target: SilentTarget;
  let windowBefore: number;

  beforeAll(async () => {
    publisher = await uplinkPublisher();
    token = await apiToken(baseUrl(), ADMIN_EMAIL, DEMO_PASSWORD);
    const nodes = await apiGet<NodoConLocalizacion[]>(baseUrl(), token, '/sense/nodos-con-localizacion?limit=1000');
    target = pickNode(nodes, await apiGet<UmbralScopeResponse>(baseUrl(), token, '/sense/umbrales'));
    api = await adminApi(journey.page);
    windowBefore = target.node.ventanaInactividad;
    // One minute of silence is enough for this node, then it reports once: alive since the server started.
    await api('PUT', `/nodo/${target.node.nodoid}`, { ventanainactividad: 1 });
    await publisher.publish(target.deveui, target.uplink);
  });

  afterAll(async () => {
    // Leave no open episode and the node's own window behind: its next reading closes the episode.
    if (publisher && target) await publisher.publish(target.deveui, target.uplink);
    await publisher?.close();
    if (api && target) await api('PUT', `/nodo/${target.node.nodoid}`, { ventanainactividad: windowBefore });
  });

  it('shows the silence on the open dashboard without a reload and acknowledges it from the notice', async () => {
    const { page } = journey;
    const { node } = target;
    await page.goto(`${baseUrl()}/dashboard`);
    const farm = page.getByRole('combobox', { name: 'FUNDO' });
    await expect.poll(() => farm.isEnabled(), { timeout: 30_000 }).toBe(true);
    await farm.click();
    await page.getByRole('option', { name: new RegExp(`^${node.fundo}`) }).first().click();
    await page.getByRole('searchbox', { name: 'Buscar por nombre, DevEUI o ubicación' }).fill(node.nodo);
    const option = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option', { name: new RegExp(node.nodo) });
    await option.click();
    await expect.poll(async () => (await option.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Último dato: /);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    // A minute after its uplink the node is silent: the server opens its no-data episode and the
    // live stream brings it to the node list and the notice above the charts.
    await expect.poll(async () => (await option.textContent()) ?? '', { timeout: 120_000, interval: 1_000 }).toContain('SIN DATOS');
    const notice = page.getByText(`${node.nodo} no envía datos desde`);
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
    expect(await notice.textContent()).toContain('ventana de inactividad: 1 min');
    // Every chart of the node marks the silence from its start.
    const humedad = page.getByRole('region', { name: 'Humedad' });
    await expect.poll(async () => (await humedad.textContent()) ?? '', { timeout: 10_000 }).toContain('Sin datos desde');
    const open = await apiGet<OpenEpisodesResponse>(baseUrl(), token, `/episodes?nodoId=${node.nodoid}`);
    const silence = open.episodes.find((episode) => episode.tipo === 'sindatos');
    expect(silence?.statusid).toBe(1);

    // The notice's button says what it takes, and asks first: a dialog with an optional note.
    await page.getByRole('button', { name: 'Reconocer episodio sin datos', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Reconocer el episodio?' });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.textContent()).toContain(`Se reconocerá el episodio sin datos de ${node.nodo}`);
    await dialog.getByLabel('Nota (opcional)').fill('Batería revisada en terreno');
    const acknowledgeRequest = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(`/episodes/${silence!.episodioid}/acknowledge`),
      { timeout: 10_000 },
    );
    await dialog.getByRole('button', { name: 'RECONOCER', exact: true }).click();
    // The note goes with the acknowledgement.
    const request = await acknowledgeRequest;
    expect(request.postDataJSON()).toEqual({ nota: 'Batería revisada en terreno' });
    expect((await request.response())?.status()).toBe(200);
    await expect.poll(() => page.getByText('Episodio reconocido', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await option.textContent()) ?? '', { timeout: 10_000 }).toContain('SIN DATOS · RECONOCIDO');
    await expect
      .poll(() => page.getByText(`${node.nodo} sigue sin enviar datos; el aviso ya fue reconocido.`).count(), { timeout: 10_000 })
      .toBe(1);
    const after = await apiGet<OpenEpisodesResponse>(baseUrl(), token, `/episodes?nodoId=${node.nodoid}`);
    expect(after.episodes.find((episode) => episode.episodioid === silence!.episodioid)).toMatchObject({ statusid: -1, tipo: 'sindatos' });
    expect(navigations).toEqual([]);
  }, 180_000);
});
