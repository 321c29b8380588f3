import { testDrivers } from '@camposense/db/testing';
import type { NodoConLocalizacion } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotifyHarness } from '@camposense/server-notify/testing';
import type { NotifyHarness } from '@camposense/server-notify/testing';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { minutesAfter } from '@camposense/server-ingest/testing';

/*
 * Issue 28, item 2: the demo farm has nodes that fell silent hours before the farm's clock (its
 * plan's silent nodes). The first run of a freshly started instance's detector must give each its
 * no-data episode, so the node list shows them silent right after `npm start`. The detector used to
 * watch only nodes that were alive when the instance started, and these never were.
 */
describe.each(testDrivers())('the demo farm’s silent nodes right after start on $kind', (driver) => {
  let context: SenseContext;
  let harness: NotifyHarness;
  const clock = () => minutesAfter(context.now, 1);

  beforeAll(async () => {
    context = await openSenseContext(driver);
    harness = await startNotifyHarness(context.database, clock);
  });
  afterAll(async () => {
    await harness?.close();
    await closeSenseContext(context);
  });

  it('a fresh instance’s first run opens a no-data episode for each node silent past its window, and the node list shows them', async () => {
    const silent = await context.query<{ nodoid: number; nodo: string; ultima: Date | string }>(sql`
      select n.nodoid, n.nodo, max(um.fecha) as ultima from sense.nodo n join sense.ultimamedicion um on um.nodoid = n.nodoid
       group by n.nodoid, n.nodo, n.ventanainactividad
      having max(um.fecha) + make_interval(mins => n.ventanainactividad) <= ${clock().toISOString()}::timestamptz
       order by n.nodoid`);
    // The farm's plan has two silent nodes (farm-plan.ts, SILENT_NODES).
    expect(silent).toHaveLength(2);

    const summary = await harness.notifier().runDue();
    expect(summary.silentOpened).toBe(2);

    const response = await context.get('/api/sense/nodos-con-localizacion?limit=1000');
    expect(response.statusCode).toBe(200);
    const nodes = response.json<NodoConLocalizacion[]>();
    const withBadge = nodes.filter((node) => node.episodioSinDatos !== null);
    expect(withBadge.map((node) => node.nodo).sort()).toEqual(silent.map((node) => node.nodo).sort());
    for (const node of withBadge) expect(node.episodioSinDatos).toMatchObject({ statusid: 1 });
  });
});
