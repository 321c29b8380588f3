import { testDrivers } from '@camposense/db/testing';
import type { AlertaReportPage, EnCursoResponse, NodoConLocalizacion } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesAfter } from '@camposense/server-ingest/testing';
import { startNotifyHarness } from '@camposense/server-notify/testing';
import type { NotifyHarness } from '@camposense/server-notify/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

/*
 * Issue 28, item 3: one meaning of "en curso" (libs/domain/src/ongoing.ts). On the generated farm,
 * written as the engine would, with its silent nodes' no-data episodes opened by the detector: the
 * header's count (GET /api/sense/en-curso) is the sum of the node list's badges, and its alerts are
 * the alerts report's ACTIVA count.
 */
describe.each(testDrivers())('en curso on $kind', (driver) => {
  let context: SenseContext;
  let harness: NotifyHarness;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    harness = await startNotifyHarness(context.database, () => minutesAfter(context.now, 1));
    await harness.notifier().runDue();
  });
  afterAll(async () => {
    await harness?.close();
    await closeSenseContext(context);
  });

  const enCurso = async () => {
    const response = await context.get('/api/sense/en-curso');
    expect(response.statusCode).toBe(200);
    return response.json<EnCursoResponse>();
  };
  const badgeSum = async () => {
    const nodes = (await context.get('/api/sense/nodos-con-localizacion?limit=1000')).json<NodoConLocalizacion[]>();
    return nodes.reduce((sum, node) => sum + node.episodiosActivos + (node.episodioSinDatos?.statusid === 1 ? 1 : 0), 0);
  };
  const activeReportCount = async () => {
    const response = await context.get('/api/sense/reports/alertas?estado=activa&page=1&pageSize=1');
    expect(response.statusCode).toBe(200);
    return response.json<AlertaReportPage>().pagination.total;
  };

  it('the header’s count is the sum of the node badges, silent nodes included, and its alerts the report’s ACTIVA count', async () => {
    const answer = await enCurso();
    expect(answer.sinDatos).toBe(2);
    expect(answer.umbral).toBeGreaterThan(0);
    expect(answer.episodios).toBe(answer.umbral + answer.sinDatos);
    expect(await badgeSum()).toBe(answer.episodios);
    expect(answer.alertas).toBeGreaterThan(0);
    expect(await activeReportCount()).toBe(answer.alertas);
  });

  it('acknowledging an episode takes it and its alerts out of all three at once', async () => {
    const before = await enCurso();
    const [open] = await context.query<{ episodioid: number; alerts: number }>(sql`
      select e.episodioid, (select count(*)::int from sense.alerta a where a.episodioid = e.episodioid) as alerts
        from sense.episodio e where e.tipo = 'umbral' and e.fechafin is null and e.statusid = 1 order by e.episodioid limit 1`);
    const acknowledged = await context.send('POST', `/api/episodes/${open!.episodioid}/acknowledge`, {});
    expect(acknowledged.statusCode).toBe(200);
    const after = await enCurso();
    expect(after).toMatchObject({ episodios: before.episodios - 1, umbral: before.umbral - 1, alertas: before.alertas - open!.alerts });
    expect(await badgeSum()).toBe(after.episodios);
    expect(await activeReportCount()).toBe(after.alertas);
  });
});
