/**
 * Issue 27, item 2: acknowledging is a write. Every /api/alerts and /api/episodes route checks the
 * account as the writes to /api/sense do: a signed-out session, a deactivated, deleted or demoted
 * account gets 401 and changes nothing; who acknowledged is the account the database holds now.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { LoginSuccess } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';

const PASSWORD = 'Riego-por-goteo 2026';
const STATES = ['logged out', 'deactivated', 'deleted', 'demoted'] as const;
type AccountState = (typeof STATES)[number];

describe.each(testDrivers())('the account behind every acknowledgement on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let alert: { alertaid: number; episodioid: number };
  let made = 0;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    // A probe of its own (offset): other suites sharing the PostgreSQL database use the first ones.
    probe = await findProbe(context.database, 5);
    const opened = await createIngestService(context.database).ingest([readingOf(probe, minutesAfter(context.now, 700), probe.above)]);
    const first = opened.commit.alerts.find((candidate) => candidate.opensEpisode);
    expect(first).toBeDefined();
    alert = { alertaid: first!.alertaid, episodioid: first!.episodioid };
  });
  afterAll(() => closeSenseContext(context));

  /** A signed-in account of role `rol`, made through the API. */
  async function account(rol: 'admin' | 'user'): Promise<{ id: number; session: LoginSuccess['session'] }> {
    made += 1;
    const login = `reconoce${made}@camposense.dev`;
    const created = await context.send('POST', '/api/sense/usuario', { login, password: PASSWORD, rol, firstname: 'Reconoce' });
    expect(created.statusCode, created.body).toBe(201);
    const signedIn = await loginAs(context.app, login, PASSWORD);
    return { id: signedIn.user.id, session: signedIn.session };
  }

  /** A bearer whose account then had `state` done to it, through the API as an admin would. */
  async function bearerOf(state: AccountState): Promise<string> {
    const { id, session } = await account(state === 'demoted' ? 'admin' : 'user');
    const changed =
      state === 'logged out'
        ? await context.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token } })
        : state === 'deleted'
          ? await context.send('DELETE', `/api/sense/usuario/${id}`)
          : await context.send('PUT', `/api/sense/usuario/${id}`, state === 'deactivated' ? { statusid: 0 } : { rol: 'user' });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    return `Bearer ${session.access_token}`;
  }

  const paths: ReadonlyArray<{ name: string; request: () => InjectOptions }> = [
    { name: 'single alert', request: () => ({ method: 'POST', url: `/api/alerts/${alert.alertaid}/acknowledge`, payload: { nota: 'x' } }) },
    { name: 'episode', request: () => ({ method: 'POST', url: `/api/episodes/${alert.episodioid}/acknowledge`, payload: { nota: 'x' } }) },
    { name: 'bulk', request: () => ({ method: 'POST', url: '/api/alerts/acknowledge', payload: { ubicacionId: probe.ubicacionid, confirmar: true } }) },
    { name: 'open episodes', request: () => ({ method: 'GET', url: `/api/episodes?nodoId=${probe.nodoid}` }) },
  ];

  const episodeState = async () =>
    (
      await context.query<{ statusid: number; reconocidopor: number | null }>(sql`
        select statusid, reconocidopor from sense.episodio where episodioid = ${alert.episodioid}`)
    )[0];

  for (const state of STATES) {
    for (const path of paths) {
      it(`answers 401 on the ${path.name} path to a ${state} account’s still-unexpired token, and changes nothing`, async () => {
        const bearer = await bearerOf(state);
        const options = path.request();
        const response = await context.app.inject({ ...options, headers: { authorization: bearer } } as InjectOptions);
        expect(response.statusCode, response.body).toBe(401);
        expect(errorOf(response).code).toBe('UNAUTHORIZED');
        expect(await episodeState()).toEqual({ statusid: 1, reconocidopor: null });
        const [{ active } = { active: 0 }] = await context.query<{ active: number }>(sql`
          select count(*)::int as active from sense.alerta where episodioid = ${alert.episodioid} and statusid = 1`);
        expect(active).toBeGreaterThan(0);
      });
    }
  }

  it('refuses an account deactivated behind the API’s back (bare SQL, its standing cached) inside the acknowledgement itself', async () => {
    const { id, session } = await account('user');
    const bearer = `Bearer ${session.access_token}`;
    // The standing is read and cached by a first call; the change below reaches no cache.
    expect((await context.app.inject({ method: 'GET', url: `/api/episodes?nodoId=${probe.nodoid}`, headers: { authorization: bearer } })).statusCode).toBe(200);
    await context.query(sql`update sense.usuario set statusid = 0 where usuarioid = ${id}`);
    for (const path of paths.filter((candidate) => candidate.request().method === 'POST')) {
      const response = await context.app.inject({ ...path.request(), headers: { authorization: bearer } } as InjectOptions);
      expect(response.statusCode, `${path.name}: ${response.body}`).toBe(401);
    }
    expect(await episodeState()).toEqual({ statusid: 1, reconocidopor: null });
  });

  it('records the live account: an admin demoted behind the API’s back acknowledges as the user the database holds, as writes would refuse it 403', async () => {
    const { id, session } = await account('admin');
    const bearer = `Bearer ${session.access_token}`;
    await context.query(sql`update sense.usuario set rol = 'user', firstname = 'Renombrada' where usuarioid = ${id}`);
    // As a user it needs a grant to acknowledge (issue 32): every company, at level operacion.
    await context.query(sql`insert into sense.usuarioempresa (usuarioid, empresaid, nivel) select ${id}, empresaid, 'operacion' from sense.empresa`);
    context.app.accountStatus.invalidate(id);
    const write = await context.app.inject({ method: 'POST', url: '/api/sense/pais', headers: { authorization: bearer }, payload: { pais: 'Degradado', paisabrev: 'DG' } });
    expect(write.statusCode).toBe(403);
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/alerts/${alert.alertaid}/acknowledge`,
        headers: { authorization: bearer },
        payload: { nota: 'Revisado' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ reconocidopor: { usuarioid: id, firstname: 'Renombrada' }, notareconocido: 'Revisado' });
      expect(await episodeState()).toEqual({ statusid: -1, reconocidopor: id });
    } finally {
      // Back to open and unacknowledged for the suites that share the PostgreSQL database.
      await context.query(sql`
        update sense.episodio set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where episodioid = ${alert.episodioid}`);
      await context.query(sql`
        update sense.alerta set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where episodioid = ${alert.episodioid}`);
    }
  });

  it('still lets a signed-in operator with a live account acknowledge', async () => {
    const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
    const login = await loginAs(context.app, operador.login, DEMO_PASSWORD);
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/episodes/${alert.episodioid}/acknowledge`,
        headers: { authorization: `Bearer ${login.session.access_token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ reconocidopor: login.user.id });
    } finally {
      await context.query(sql`
        update sense.episodio set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where episodioid = ${alert.episodioid}`);
      await context.query(sql`
        update sense.alerta set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where episodioid = ${alert.episodioid}`);
    }
  });
});
