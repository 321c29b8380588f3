import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, journeyPage, OPERATOR_EMAIL } from './support/session';

/** A single node's marker is named "<nodo> · <state>"; a cluster's "<n> nodos: … Acercar". */
const NODE_MARKER = / · (NORMAL|ALERTA|SILENCIOSO|BATERÍA BAJA)$/;
const CLUSTER_MARKER = /^\d+ nodos: /;

/**
 * Issue 33, done when: the map of a farm with no tiles reachable shows its nodes as markers, a
 * node opens from the map, and its radio health shows. Needs the server half (GET /api/sense/mapa
 * and /api/sense/nodos/:id/salud) and demo nodes with coordinates.
 */
describe('node map journey: a farm on the map, a node from it, its health', () => {
  const journey = journeyPage({ signInAs: OPERATOR_EMAIL });
  const markers = (name: RegExp): Locator => journey.page.getByRole('button', { name });

  it('opens the map for a farm with no tiles reachable and finds its nodes as markers', async () => {
    const { page } = journey;
    // No tile server answers: the map must still show the markers and a scale.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await page.goto(`${baseUrl()}/dashboard`);
    const farm = page.getByRole('combobox', { name: 'FUNDO' });
    await expect.poll(() => farm.isEnabled(), { timeout: 30_000 }).toBe(true);
    await farm.click();
    await page.getByRole('option', { name: /^Fundo San José/ }).first().click();
    await page.getByRole('button', { name: 'MAPA' }).click();
    await expect.poll(async () => (await markers(NODE_MARKER).count()) + (await markers(CLUSTER_MARKER).count()), { timeout: 30_000 }).toBeGreaterThan(0);
    // MapLibre's scale where WebGL works, the fallback's where it does not.
    await expect
      .poll(async () => (await page.locator('.maplibregl-ctrl-scale').count()) + (await page.getByRole('img', { name: /^Escala: / }).count()), { timeout: 30_000 })
      .toBeGreaterThan(0);
  });

  it('opens a node from the map with the keyboard and sees its health', async () => {
    const { page } = journey;
    // Dense nodes are clustered: opening clusters zooms in until a single node's marker shows.
    for (let attempt = 0; attempt < 5 && (await markers(NODE_MARKER).count()) === 0; attempt += 1) {
      await markers(CLUSTER_MARKER).first().click();
      await expect.poll(() => markers(NODE_MARKER).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    }
    const marker = markers(NODE_MARKER).first();
    const name = ((await marker.getAttribute('aria-label')) ?? '').split(' · ')[0] ?? '';
    await marker.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name });
    await card.waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: 'VER SALUD' }).click();
    await page.getByRole('heading', { name: `SALUD DEL NODO · ${name}` }).waitFor({ timeout: 30_000 });
    // The demo's uplinks carry radio data once the server half stores it: the last uplink is shown.
    await expect.poll(() => page.getByText('ÚLTIMO UPLINK').count(), { timeout: 30_000 }).toBe(1);
  });
});
