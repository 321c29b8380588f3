/**
 * One meaning of "en curso" (issue 28, items 2 and 3), on the production build over the demo farm
 * as `npm start` writes it, as the operator at 1440 × 900 and 390 × 844 (where the header's status
 * is in its popover): right after start the header's "Alertas en
 * curso" is the sum of the node badges (threshold episodes en curso plus silent nodes), the alerts
 * report's ACTIVA count is the alerts of those episodes, and a node the farm left silent shows its
 * SIN DATOS badge in the dashboard's node list.
 */
import type { AlertaReportPage, EnCursoResponse, NodoConLocalizacion } from '@camposense/domain';
import { describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/pipeline';
import { baseUrl, DEMO_PASSWORD, DESKTOP, journeyPage, OPERATOR_EMAIL, PHONE } from './support/session';
import type { Viewport } from './support/session';

/** The plan's silent nodes (libs/db/src/demo/farm-plan.ts): silent 30 and 52 hours when the farm is written. */
const SILENT_NODE = 'NODO-SJO-08';

describe.each([
  { name: 'desktop 1440 × 900', viewport: DESKTOP },
  { name: 'phone 390 × 844', viewport: PHONE },
])('en curso: the header, the node badges and the alerts report agree ($name)', ({ viewport }: { viewport: Viewport }) => {
  const journey = journeyPage({ signInAs: OPERATOR_EMAIL, viewport });
  const phone = viewport.width < 768;

  it('the header counts the episodes en curso, silent nodes included, and a silent node shows its badge', async () => {
    const { page } = journey;
    const token = await apiToken(baseUrl(), OPERATOR_EMAIL, DEMO_PASSWORD);
    // The detector's first run after start opens the silent nodes' episodes.
    await expect
      .poll(async () => (await apiGet<EnCursoResponse>(baseUrl(), token, '/sense/en-curso')).sinDatos, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const enCurso = await apiGet<EnCursoResponse>(baseUrl(), token, '/sense/en-curso');
    const nodes = await apiGet<NodoConLocalizacion[]>(baseUrl(), token, '/sense/nodos-con-localizacion?limit=1000');
    const badges = nodes.reduce((sum, node) => sum + node.episodiosActivos + (node.episodioSinDatos?.statusid === 1 ? 1 : 0), 0);
    expect(badges).toBe(enCurso.episodios);
    const report = await apiGet<AlertaReportPage>(baseUrl(), token, '/sense/reports/alertas?estado=activa&page=1&pageSize=1');
    expect(report.pagination.total).toBe(enCurso.alertas);
    expect(nodes.find((node) => node.nodo === SILENT_NODE)?.episodioSinDatos).toMatchObject({ statusid: 1 });

    await page.goto(`${baseUrl()}/dashboard`);
    const count = enCurso.episodios.toLocaleString('es-ES');
    if (phone) {
      // A phone's header keeps the status in its popover: the card writes label and figure apart.
      await page.getByRole('button', { name: 'Ver estado del sistema' }).click();
      const card = page.getByRole('dialog', { name: 'ESTADO DEL SISTEMA' }).getByRole('status', { name: 'ESTADO DEL SISTEMA' });
      await expect
        .poll(async () => ((await card.textContent()) ?? '').replace(/\s+/g, ' '), { timeout: 30_000 })
        .toMatch(new RegExp(`Alertas en curso ?${count.replace('.', '\\.')}(\\D|$)`));
      await page.keyboard.press('Escape');
    } else {
      // The header's inline status (the sidebar's card writes its figures apart, without the colon).
      const header = page.getByRole('status', { name: 'ESTADO DEL SISTEMA' }).filter({ hasText: 'Alertas en curso:' }).first();
      await expect.poll(async () => (await header.textContent()) ?? '', { timeout: 30_000 }).toContain(`Alertas en curso: ${count}`);
    }

    await page.getByRole('searchbox', { name: 'Buscar por nombre, DevEUI o ubicación' }).fill(SILENT_NODE);
    const option = page.getByRole('listbox', { name: 'NODOS' }).getByRole('option', { name: new RegExp(SILENT_NODE) });
    await expect.poll(async () => (await option.textContent()) ?? '', { timeout: 15_000 }).toContain('SIN DATOS');
  }, 120_000);
});
