import type { UmbralScopeResponse } from '@camposense/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium } from './support/browser';
import { adminApi } from './support/admin-api';
import { ADMIN_EMAIL, DEMO_PASSWORD, newPage, OPERATOR_EMAIL, signIn } from './support/session';

interface Gap {
  pais: string;
  empresa: string;
  fundo: string;
  nodo: string;
  metrica: string;
  metricaid: number;
  /** The probe that now reports the new metric (metricasensor's key). */
  nodoid: number;
  tipoid: number;
  /** Every band of the gap's farm as it was before the journey, to put back afterwards. */
  bands: Map<number, { minimo: number; maximo: number }>;
}

const thresholdsOf = (scope: UmbralScopeResponse, fundoid?: number) =>
  scope.ubicaciones
    .filter((location) => fundoid === undefined || location.fundoid === fundoid)
    .flatMap((location) => location.nodos.flatMap((node) => node.sondas.flatMap((probe) => probe.metricas.flatMap((metric) => metric.umbrales))));

const bandsOf = (scope: UmbralScopeResponse, fundoid: number) =>
  new Map(
    thresholdsOf(scope, fundoid).map((umbral) => [umbral.umbralid, { minimo: umbral.minimo, maximo: umbral.maximo }] as const),
  );

/**
 * The demo farm gives every metric of every probe a threshold: the journey first opens a gap the
 * way an installer would, through the API — a new metric reported by one node's probe — and then
 * finds it on screen as "sin umbral".
 */
async function openGap(page: Page): Promise<Gap> {
  const api = await adminApi(page);
  const scope = await api<UmbralScopeResponse>('GET', '/umbrales');
  const location = scope.ubicaciones[0]!;
  const node = location.nodos[0]!;
  const metrica = `Presión e2e ${Date.now() % 100000}`;
  const created = await api<{ metricaid: number }>('POST', '/metrica', { metrica, metricaabrev: 'PRE', unidad: 'kPa' });
  await api('POST', '/metricasensor', { nodoid: node.nodoid, tipoid: node.sondas[0]!.tipoid, metricaid: created.metricaid });
  // The sidebar's cascade that leads to the gap's farm.
  const fundo = (await api<{ fundoid: number; empresaid: number }[]>('GET', '/fundos')).find((row) => row.fundoid === location.fundoid)!;
  const empresa = (await api<{ empresaid: number; empresa: string; paisid: number }[]>('GET', '/empresas')).find(
    (row) => row.empresaid === fundo.empresaid,
  )!;
  const pais = (await api<{ paisid: number; pais: string }[]>('GET', '/paises')).find((row) => row.paisid === empresa.paisid)!;
  return {
    pais: pais.pais,
    empresa: empresa.empresa,
    fundo: location.fundo,
    nodo: node.nodo,
    metrica,
    metricaid: created.metricaid,
    nodoid: node.nodoid,
    tipoid: node.sondas[0]!.tipoid,
    bands: bandsOf(scope, location.fundoid),
  };
}

/**
 * The e2e journeys share one database: put back what this one changed so the others see the demo
 * farm as seeded. The new metric and what hangs on it are retired (statusid 0: the dashboard draws
 * active metrics only) rather than deleted, since the threshold's audit trail keeps referring to it.
 */
async function closeGap(page: Page, gap: Gap): Promise<void> {
  const api = await adminApi(page);
  const scope = await api<UmbralScopeResponse>('GET', '/umbrales');
  const fundoid = scope.ubicaciones.find((location) => location.fundo === gap.fundo)?.fundoid;
  for (const [umbralid, now] of fundoid === undefined ? [] : bandsOf(scope, fundoid)) {
    const before = gap.bands.get(umbralid);
    if (!before) await api('PUT', `/umbral/${umbralid}`, { statusid: 0 });
    else if (before.minimo !== now.minimo || before.maximo !== now.maximo) await api('PUT', `/umbral/${umbralid}`, before);
  }
  const key = `nodoid=${gap.nodoid}&tipoid=${gap.tipoid}&metricaid=${gap.metricaid}`;
  await api('PUT', `/metricasensor/composite?${key}`, { statusid: 0 });
  await api('PUT', `/metrica/${gap.metricaid}`, { statusid: 0 });
}

async function openThresholdsTab(page: Page, gap: Gap) {
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('button', { name: /CONFIGURACIÓN/ }).click();
  await page.getByRole('heading', { name: 'UMBRALES DE ALERTA' }).waitFor({ timeout: 30_000 });
  await menu.hover();
  for (const [label, option] of [
    ['País', gap.pais],
    ['Empresa', gap.empresa],
    ['Fundo', gap.fundo],
  ] as const) {
    const combobox = page.getByRole('combobox', { name: label });
    // A user granted one farm starts inside it, its filters already chosen.
    if ((await combobox.inputValue()) === option) continue;
    await expect.poll(() => combobox.isEnabled(), { timeout: 30_000 }).toBe(true);
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.getByRole('main').hover();
  await page.getByRole('table', { name: 'Umbrales' }).waitFor({ timeout: 30_000 });
}

const editedCount = (page: Page) => page.getByRole('group', { name: /^Banda editada/ }).getAttribute('aria-label');

describe('thresholds journey on the production build and the demo farm', () => {
  let browser: Browser;
  let page: Page;
  let gap: Gap;

  beforeAll(async () => {
    browser = await connectChromium();
    ({ page } = await newPage(browser));
    await signIn(page, ADMIN_EMAIL);
    gap = await openGap(page);
  });

  afterAll(async () => {
    if (gap) await closeGap(page, gap);
    await browser?.close();
  });

  it('filters to one farm and lists its thresholds, with the new metric "sin umbral"', async () => {
    await openThresholdsTab(page, gap);
    const table = page.getByRole('table', { name: 'Umbrales' });
    const location = await table.getByRole('columnheader').or(table.locator('th[scope="colgroup"]')).allTextContents();
    expect(location.some((text) => text.includes(gap.fundo))).toBe(true);
    await table.getByRole('button', { name: `Crear umbral para ${gap.metrica} de ${gap.nodo}` }).waitFor();
    expect(await table.getByText('sin umbral').count()).toBeGreaterThanOrEqual(1);
  });

  it('creates the threshold of the "sin umbral" metric in one step', async () => {
    await page.getByRole('button', { name: `Crear umbral para ${gap.metrica} de ${gap.nodo}` }).click();
    const panel = page.getByRole('region', { name: 'Nuevo umbral' });
    await panel.getByRole('textbox', { name: /^Mínimo/ }).fill('90');
    await panel.getByRole('textbox', { name: /^Máximo/ }).fill('110');
    await panel.getByRole('combobox', { name: /^Criticidad/ }).selectOption({ index: 1 });
    await panel.getByRole('checkbox').first().check({ force: true });
    await panel.getByRole('button', { name: 'Crear umbral' }).click();
    await page.getByText('Umbral creado').waitFor();
    await page.getByRole('button', { name: `Editar ${gap.metrica} ${gap.nodo}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cerrar panel' }).click();
  });

  it('narrows a band, sees the preview count change before saving, saves and sees the audit entry', async () => {
    const edit = page.getByRole('table', { name: 'Umbrales' }).getByRole('button', { name: /^Editar Temperatura/ }).first();
    await edit.click();
    const panel = page.getByRole('region', { name: 'Editar umbral' });
    await panel.getByRole('group', { name: /^Banda editada/ }).waitFor({ timeout: 30_000 });
    const before = await editedCount(page);
    const minimo = panel.getByRole('textbox', { name: /^Mínimo/ });
    const maximo = panel.getByRole('textbox', { name: /^Máximo/ });
    const oldMin = Number(await minimo.inputValue());
    const oldMax = Number(await maximo.inputValue());
    // A band narrowed to its middle breaks on most of the week's readings.
    const middle = (oldMin + oldMax) / 2;
    const newMin = String(Math.round((middle - 0.1) * 10) / 10);
    const newMax = String(Math.round((middle + 0.1) * 10) / 10);
    await minimo.fill(newMin);
    await maximo.fill(newMax);
    await expect.poll(() => editedCount(page), { timeout: 30_000 }).not.toBe(before);
    const after = await editedCount(page);
    const readingsOf = (label: string | null) => Number(/(\d+) lecturas/.exec(label ?? '')?.[1]);
    expect(readingsOf(after)).toBeGreaterThan(readingsOf(before));

    await panel.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Umbral guardado').waitFor();
    const history = panel.getByRole('list', { name: 'Historial' });
    await expect
      .poll(async () => (await history.getByRole('listitem').first().textContent()) ?? '', { timeout: 30_000 })
      .toContain(`Mínimo: ${oldMin.toLocaleString('es-ES')} → ${Number(newMin).toLocaleString('es-ES')}`);
    expect(await history.getByRole('listitem').first().textContent()).toContain('Modificado');
    const recent = page.getByRole('list', { name: 'Cambios recientes' });
    await expect.poll(async () => (await recent.getByRole('listitem').first().textContent()) ?? '').toContain('Modificado');
  });

  it('refuses a save based on a version another admin has changed meanwhile, and keeps the edit', async () => {
    const versionRead = page.waitForResponse(
      (response) => response.request().method() === 'GET' && /^\/api\/sense\/umbral\/\d+$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('table', { name: 'Umbrales' }).getByRole('button', { name: /^Editar Humedad/ }).first().click();
    const umbralid = Number(new URL((await versionRead).url()).pathname.split('/').pop());
    const panel = page.getByRole('region', { name: 'Editar umbral' });
    const maximo = panel.getByRole('textbox', { name: /^Máximo/ });
    const api = await adminApi(page);
    const storedBand = async () => thresholdsOf(await api<UmbralScopeResponse>('GET', '/umbrales')).find((umbral) => umbral.umbralid === umbralid)!;
    // Another admin renames the same threshold through the API after this panel read it.
    const before = await storedBand();
    await api('PUT', `/umbral/${umbralid}`, { umbral: `${before.umbral} (otra sesión)` });
    try {
      const edited = String(before.maximo + 1);
      await maximo.fill(edited);
      await panel.getByRole('button', { name: 'Guardar' }).click();
      await panel.getByText(/^Otra persona cambió este umbral/).waitFor({ timeout: 30_000 });
      expect(await maximo.inputValue()).toBe(edited);
      expect((await storedBand()).maximo).toBe(before.maximo);
    } finally {
      await api('PUT', `/umbral/${umbralid}`, { umbral: before.umbral });
      await panel.getByRole('button', { name: 'Deshacer' }).click();
      await page.getByRole('button', { name: 'Cerrar panel' }).click();
    }
  });

  it('lets an operador, granted the farm’s company at the level operacion, tune its thresholds', async () => {
    const { page: operatorPage } = await newPage(browser);
    await signIn(operatorPage, OPERATOR_EMAIL);
    await openThresholdsTab(operatorPage, gap);
    const table = operatorPage.getByRole('table', { name: 'Umbrales' });
    await table.getByRole('button', { name: /^Editar Humedad/ }).first().click();
    expect(await operatorPage.getByText(/solo lectura/).count()).toBe(0);
    const panel = operatorPage.getByRole('region', { name: 'Editar umbral' });
    const maximo = panel.getByRole('textbox', { name: /^Máximo/ });
    await expect.poll(() => maximo.inputValue(), { timeout: 30_000 }).not.toBe('');
    await maximo.fill(String(Number(await maximo.inputValue()) + 1));
    await panel.getByRole('button', { name: 'Guardar' }).click();
    // The API took it (a user below operacion gets 403): the band is put back by closeGap.
    await operatorPage.getByText('Umbral guardado').waitFor({ timeout: 30_000 });
    await operatorPage.close();
  });

  it('shows the screen read only to a user granted the company to read, and says why', async () => {
    const api = await adminApi(page);
    const login = `lectura.${Date.now() % 100000}@camposense.dev`;
    const { usuarioid } = await api<{ usuarioid: number }>('POST', '/usuario', { login, firstname: 'Lectura', lastname: 'E2E', password: DEMO_PASSWORD, rol: 'user' });
    try {
      const empresa = (await api<{ empresaid: number; empresa: string }[]>('GET', '/empresas')).find((row) => row.empresa === gap.empresa)!;
      await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [{ empresaid: empresa.empresaid, nivel: 'lectura' }] });
      const { page: readerPage } = await newPage(browser);
      await signIn(readerPage, login);
      await openThresholdsTab(readerPage, gap);
      await readerPage
        .getByText(`Su acceso a ${gap.empresa} es de solo lectura: ajustar umbrales requiere el nivel Operación o Gestión. Pídalo a un administrador.`)
        .waitFor({ timeout: 30_000 });
      expect(await readerPage.getByRole('button', { name: /^Crear umbral/ }).count()).toBe(0);
      expect(await readerPage.getByRole('button', { name: /^Editar / }).count()).toBe(0);
      await readerPage.getByRole('button', { name: `Ver ${gap.metrica} ${gap.nodo}` }).click();
      const panel = readerPage.getByRole('region', { name: 'Umbral' });
      expect(await panel.getByRole('textbox', { name: /^Mínimo/ }).isDisabled()).toBe(true);
      expect(await panel.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
      await readerPage.close();
    } finally {
      await api('PUT', `/usuarios/${usuarioid}/accesos`, { accesos: [] });
      await api('DELETE', `/usuario/${usuarioid}`);
    }
  });
});
