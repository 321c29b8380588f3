import { DEMO_COMPANY_GRANTS, DEMO_PASSWORD } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVERY_COMPANY } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { openStream } from '../../testing/sse-reader';
import { loginAs } from '../../testing/test-app';
import { createEventBus } from './event-bus';
import type { NumberedEvent } from './event-bus';
import { createAlarmLookup, createGrantFilter } from './grant-filter';

const CHILE_LOGIN = 'operador.chile@camposense.dev';

/**
 * The events that once named no company (a silent node's episode opened, the report's bulk
 * acknowledgement) were kept from every stream but an admin's: an operator learnt of a node gone
 * silent on their farm only at their next reload. They now name their nodes and thresholds.
 */
describe.each(testDrivers())('the live stream of a company grant on $kind', (driver) => {
  let context: SenseContext;
  let chileGrant: Grant;
  let places: { chileNode: number; peruNode: number; chileThreshold: number; peruThreshold: number };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [company] = await context.query<{ empresaid: number }>(
      sql`select empresaid from sense.empresa where empresaabrev = ${DEMO_COMPANY_GRANTS[CHILE_LOGIN]![0]!}`,
    );
    const empresaid = company!.empresaid;
    chileGrant = { all: false, empresas: [empresaid], levels: new Map([[empresaid, 'operacion']]), key: `test:${empresaid}` };
    const [row] = await context.query<typeof places>(sql`
      with placed as (
        select l.nodoid, u.umbralid, f.empresaid = ${empresaid} as chilean
          from sense.localizacion l join sense.ubicacion ub on ub.ubicacionid = l.ubicacionid
          join sense.fundo f on f.fundoid = ub.fundoid
          join sense.umbral u on u.ubicacionid = ub.ubicacionid)
      select (select min(nodoid) from placed where chilean) as "chileNode",
             (select min(nodoid) from placed where not chilean) as "peruNode",
             (select min(umbralid) from placed where chilean) as "chileThreshold",
             (select min(umbralid) from placed where not chilean) as "peruThreshold"`);
    places = row!;
    expect(Object.values(places).every((id) => id !== null), 'nodes and thresholds on each side of the test farm').toBe(true);
  });
  afterAll(() => closeSenseContext(context));

  const filterOf = (grant: Grant) => createGrantFilter(context.database, async () => grant, createAlarmLookup(context.database));

  it("tells a silent node's episode to the streams granted its node, counted as theirs", async () => {
    const filter = filterOf(chileGrant);
    try {
      const both: NumberedEvent = { id: 1, type: 'episodes', opened: 2, nodes: [places.chileNode, places.peruNode] };
      expect(await filter.filter(both)).toEqual({ id: 1, type: 'episodes', opened: 1, nodes: [places.chileNode] });
      expect(await filter.filter({ id: 2, type: 'episodes', opened: 1, nodes: [places.peruNode] })).toBeNull();
    } finally {
      filter.close();
    }
  });

  it("tells a bulk acknowledgement with only the granted thresholds' share", async () => {
    const filter = filterOf(chileGrant);
    const admin = filterOf(EVERY_COMPANY);
    try {
      const bulk: NumberedEvent = {
        id: 3,
        type: 'acknowledged',
        episodioid: null,
        alertaid: null,
        acknowledged: 7,
        umbrales: [
          { umbralid: places.chileThreshold, acknowledged: 3 },
          { umbralid: places.peruThreshold, acknowledged: 4 },
        ],
      };
      expect(await filter.filter(bulk)).toEqual({ ...bulk, acknowledged: 3, umbrales: [{ umbralid: places.chileThreshold, acknowledged: 3 }] });
      expect(await filter.filter({ ...bulk, umbrales: [{ umbralid: places.peruThreshold, acknowledged: 4 }], acknowledged: 4 })).toBeNull();
      expect(await admin.filter(bulk)).toEqual(bulk);
    } finally {
      filter.close();
      admin.close();
    }
  });

  it('carries a bulk acknowledgement of a thousand thresholds, a thousand silent nodes and a large batch\'s alerts whole, in pieces that fit a NOTIFY', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const bus = await createEventBus(context.database, logger);
    const received: NumberedEvent[] = [];
    const unsubscribe = bus.subscribe((event) => received.push(event));
    try {
      const ids = Array.from({ length: 1000 }, (_, index) => 1_000_000 + index);
      const umbrales = ids.map((umbralid) => ({ umbralid, acknowledged: 2 }));
      await bus.publish({ type: 'acknowledged', episodioid: null, alertaid: null, acknowledged: 2000, umbrales });
      await bus.publish({ type: 'episodes', opened: 1000, nodes: ids });
      // An ingest batch of a thousand nodes breaking 300 thresholds and ending 500 episodes.
      const alerts = ids.slice(0, 300).map((id) => ({ alertaid: id, episodioid: id, umbralid: id, statusid: 1 }));
      await bus.publish({ type: 'alerts', nodes: ids, alerts, closedEpisodes: ids.slice(0, 500) });
      // 10 acknowledgement pieces, 2 of episodes, 8 of the batch (its 300 alerts, 40 a piece).
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(20);
      const acknowledged = received.flatMap((event) => (event.type === 'acknowledged' ? [event] : []));
      const episodes = received.flatMap((event) => (event.type === 'episodes' ? [event] : []));
      expect(acknowledged.flatMap((event) => event.umbrales)).toEqual(umbrales);
      expect(acknowledged.reduce((total, event) => total + event.acknowledged, 0)).toBe(2000);
      expect(episodes.flatMap((event) => event.nodes)).toEqual(ids);
      expect(episodes.reduce((total, event) => total + event.opened, 0)).toBe(1000);
      const batch = received.flatMap((event) => (event.type === 'alerts' ? [event] : []));
      expect(batch.flatMap((event) => event.nodes)).toEqual(ids);
      expect(batch.flatMap((event) => event.alerts)).toEqual(alerts);
      expect(batch.flatMap((event) => event.closedEpisodes)).toEqual(ids.slice(0, 500));
      for (const event of received) expect(JSON.stringify(event).length).toBeLessThan(7_900);
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
      await bus.close();
    }
  });

  it("sends an admin's bulk acknowledgement to a Chilean stream with the Chilean alerts only", async () => {
    const chile = `Bearer ${(await loginAs(context.app, CHILE_LOGIN, DEMO_PASSWORD)).session.access_token}`;
    const ticket = (await context.app.inject({ method: 'POST', url: '/api/sense/stream/ticket', headers: { authorization: chile } })).json<{ ticket: string }>().ticket;
    const base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const activeByThreshold = () =>
      context.query<{ umbralid: number; chilean: boolean; active: number }>(sql`
        select a.umbralid, bool_or(f.empresaid = ${chileGrant.empresas[0]!}) as chilean, count(*)::int as active
          from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
          join sense.ubicacion ub on ub.ubicacionid = u.ubicacionid join sense.fundo f on f.fundoid = ub.fundoid
         where a.statusid = 1 group by a.umbralid order by a.umbralid`);
    const before = await activeByThreshold();
    expect(before.some((row) => row.chilean) && before.some((row) => !row.chilean), 'active alerts on each side').toBe(true);
    const stream = await openStream(base, ticket);
    expect(stream.status).toBe(200);
    const { events } = stream;
    try {
      const answer = await context.send('POST', '/api/alerts/acknowledge', { confirmar: true });
      expect(answer.statusCode).toBe(200);
      // Each alert of an acknowledged episode is processed with it, so the count is read after.
      const processed = new Map((await activeByThreshold()).map((row) => [row.umbralid, row.active]));
      const chilean = before
        .filter((row) => row.chilean)
        .map((row) => ({ umbralid: row.umbralid, acknowledged: row.active - (processed.get(row.umbralid) ?? 0) }))
        .filter((row) => row.acknowledged > 0);
      expect(chilean.length).toBeGreaterThan(0);
      await expect.poll(() => events.filter((event) => event.event === 'acknowledged').length, { timeout: 10_000 }).toBe(1);
      const told = events.find((event) => event.event === 'acknowledged')!.data;
      expect(told).toMatchObject({ episodioid: null, alertaid: null, umbrales: chilean });
      expect(told['acknowledged']).toBe(chilean.reduce((total, row) => total + row.acknowledged, 0));
      expect(told['acknowledged']).toBeLessThan(answer.json<{ acknowledged: number }>().acknowledged);
    } finally {
      stream.close();
    }
  });
});
