/**
 * Hostile cases of issue 27 beside hostile.test.ts: the alarm loop's own routes. Every route under
 * /api/alerts and /api/episodes (from the app's route catalogue, so one added later is attacked
 * too) is tried with the still-unexpired tokens of accounts whose rights went away, with bodies
 * that would acknowledge everything; a spent download token is replayed against every CSV export.
 */
import { DEMO_PASSWORD, DEMO_USERS, seedDemoFarm } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, loginAs, openTestApp } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';

const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;
const ALARM_PREFIXES = ['/api/alerts', '/api/episodes'];
const PASSWORD = 'Riego-por-goteo 2026';

/** What an acknowledgement changes: every alert's and episode's state and who acknowledged it. */
async function alarmState(database: Database): Promise<string> {
  const [row] = await database.query<{ digest: string }>(sql`
    select md5(
      (select coalesce(string_agg(alertaid || ':' || statusid || ':' || coalesce(reconocidopor, 0), ',' order by alertaid), '') from sense.alerta) || '|' ||
      (select coalesce(string_agg(episodioid || ':' || statusid || ':' || coalesce(reconocidopor, 0), ',' order by episodioid), '') from sense.episodio)
    ) as digest`);
  return row!.digest;
}

describe.each(testDrivers())('hostile acknowledgements and replays on $kind', (driver) => {
  let context: TestContext;
  let adminBearer: string;
  let revoked: Array<{ name: string; bearer: string }>;

  beforeAll(async () => {
    context = await openTestApp(driver);
    await seedDemoFarm(context.database, { days: 1, now: new Date('2026-11-01T12:00:00Z') });
    adminBearer = `Bearer ${(await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token}`;
    revoked = [];
    for (const name of ['logged out', 'deactivated', 'deleted', 'demoted'] as const) {
      const login = `hostil.${name.replace(' ', '-')}@camposense.dev`;
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/sense/usuario',
        headers: { authorization: adminBearer },
        payload: { login, password: PASSWORD, rol: name === 'demoted' ? 'admin' : 'user' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ usuarioid: number }>().usuarioid;
      const { session } = await loginAs(context.app, login, PASSWORD);
      const change: InjectOptions =
        name === 'logged out'
          ? { method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token } }
          : name === 'deleted'
            ? { method: 'DELETE', url: `/api/sense/usuario/${id}`, headers: { authorization: adminBearer } }
            : { method: 'PUT', url: `/api/sense/usuario/${id}`, headers: { authorization: adminBearer }, payload: name === 'deactivated' ? { statusid: 0 } : { rol: 'user' } };
      expect((await context.app.inject(change)).statusCode).toBeLessThan(300);
      revoked.push({ name, bearer: `Bearer ${session.access_token}` });
    }
  });
  afterAll(() => closeTestApp(context));

  it('answers 401 to a revoked account on every route of /api/alerts and /api/episodes, whatever the body, and acknowledges nothing', async () => {
    const routes = context.app.routeCatalogue.filter((route) => ALARM_PREFIXES.some((prefix) => route.url.startsWith(prefix)));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const [{ id } = { id: 1 }] = await context.database.query<{ id: number }>(sql`
      select alertaid as id from sense.alerta where statusid = 1 order by alertaid limit 1`);
    const before = await alarmState(context.database);
    const bodies = [{ confirmar: true }, { confirmar: true, nota: 'x'.repeat(500) }, { nota: "'; update sense.alerta set statusid = -1; --" }, {}];
    const found: string[] = [];
    for (const route of routes) {
      for (const { name, bearer } of revoked) {
        for (const payload of route.method === 'GET' ? [undefined] : bodies) {
          const url = route.url.replace(/:[A-Za-z]+/g, String(id));
          const response = await context.app.inject({
            method: route.method as 'POST',
            url,
            headers: { authorization: bearer },
            ...(payload === undefined ? {} : { payload }),
          });
          if (response.statusCode !== 401) found.push(`${route.method} ${url} [${name}] ${JSON.stringify(payload)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(await alarmState(context.database)).toBe(before);
  });

  it('refuses a replayed download token on every CSV export, and a hostile first try does not spend it', async () => {
    const exports = context.app.routeCatalogue.filter((route) => route.method === 'GET' && /\.csv$|\/csv$/.test(route.url));
    expect(exports.length).toBeGreaterThanOrEqual(3);
    for (const route of exports) {
      const report = route.url.endsWith('alertas.csv') ? 'alertas' : route.url.endsWith('mensajes.csv') ? 'mensajes' : 'tabla:pais';
      const url = route.url.replace(':table', 'pais');
      const issued = await context.app.inject({
        method: 'GET',
        url: `/api/sense/reports/download-token?report=${encodeURIComponent(report)}`,
        headers: { authorization: adminBearer },
      });
      const token = encodeURIComponent(issued.json<{ token: string }>().token);
      const hostile = await context.app.inject({ method: 'GET', url: `${url}?token=${token}&sortBy=${encodeURIComponent("pais; drop table sense.pais")}` });
      expect(hostile.statusCode, `${url}: ${hostile.body}`).toBe(400);
      expect((await context.app.inject({ method: 'GET', url: `${url}?token=${token}` })).statusCode, url).toBe(200);
      expect((await context.app.inject({ method: 'GET', url: `${url}?token=${token}` })).statusCode, url).toBe(401);
    }
  });
});
