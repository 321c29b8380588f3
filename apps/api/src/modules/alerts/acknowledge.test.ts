import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { ACKNOWLEDGE_NOTE_MAX_LENGTH } from '@camposense/domain';
import type { AcknowledgeAnswer, AlertaReportPage } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestService } from '@camposense/server-ingest';
import type { IngestService } from '@camposense/server-ingest';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';

describe.each(testDrivers())('POST /api/alerts/{alertaid}/acknowledge on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let service: IngestService;
  let operador: { bearer: string; id: number };

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database);
    service = createIngestService(context.database);
    const user = DEMO_USERS.find((candidate) => candidate.rol === 'user')!;
    const login = await loginAs(context.app, user.login, DEMO_PASSWORD);
    operador = { bearer: `Bearer ${login.session.access_token}`, id: login.user.id };
  });
  afterAll(() => closeSenseContext(context));

  const reading = (minutes: number, medicion: number) => readingOf(probe, minutesAfter(context.now, minutes), medicion);
  const acknowledge = (alertaid: number | string, payload?: unknown, authorization = operador.bearer) =>
    context.app.inject({
      method: 'POST',
      url: `/api/alerts/${alertaid}/acknowledge`,
      headers: { authorization },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const statusOf = async (episodioid: number) =>
    context.query<{ statusid: number; reconocidopor: number | null; notareconocido: string | null }>(sql`
      select statusid, reconocidopor, notareconocido from sense.alerta where episodioid = ${episodioid} order by fecha`);

  it('lets any signed-in role acknowledge an episode: its active alerts become processed, with who, when and the note', async () => {
    const opened = await service.ingest([reading(15, probe.above), reading(30, probe.above)]);
    const [first] = opened.commit.alerts;
    expect(first).toBeDefined();
    const response = await acknowledge(first!.alertaid, { nota: '  Riego revisado  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      alertaid: first!.alertaid,
      episodioid: first!.episodioid,
      acknowledged: 2,
      reconocidopor: { usuarioid: operador.id },
      notareconocido: 'Riego revisado',
    });
    expect(Date.parse(body.fechareconocido)).not.toBeNaN();
    expect(await statusOf(first!.episodioid)).toEqual([
      { statusid: -1, reconocidopor: operador.id, notareconocido: 'Riego revisado' },
      { statusid: -1, reconocidopor: operador.id, notareconocido: 'Riego revisado' },
    ]);

    // Later breaking readings of the episode arrive already processed, with the acknowledgement.
    const later = await service.ingest([reading(45, probe.below)]);
    expect(later.commit.alerts).toEqual([expect.objectContaining({ statusid: -1, episodioid: first!.episodioid })]);
    expect((await statusOf(first!.episodioid)).at(-1)).toEqual({ statusid: -1, reconocidopor: operador.id, notareconocido: 'Riego revisado' });

    // Acknowledging again changes nothing and says who did it first.
    const again = await acknowledge(first!.alertaid, undefined, context.bearer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ acknowledged: 0, reconocidopor: { usuarioid: operador.id } });

    // Once the episode ended there is nothing left to acknowledge.
    await service.ingest([reading(60, probe.inside)]);
    const ended = await acknowledge(first!.alertaid);
    expect(ended.statusCode).toBe(409);
    expect(errorOf(ended).code).toBe('CONSTRAINT');
  });

  it('says how many alerts an episode holds, acknowledges them with the note, and names who and when in the report and the CSV, never by login', async () => {
    const opened = await service.ingest([reading(115, probe.above), reading(130, probe.above), reading(145, probe.above)]);
    const [first] = opened.commit.alerts;
    const reportRow = async () => {
      const page = await context.get(`/api/sense/reports/alertas?nodoId=${probe.nodoid}&pageSize=100`);
      expect(page.statusCode, page.body).toBe(200);
      return page.json<AlertaReportPage>().data.find((row) => row.alertaid === first!.alertaid)!;
    };
    // Before: the row's button can say how many alerts acknowledging its episode takes.
    expect(await reportRow()).toMatchObject({ statusid: 1, episodioactivas: 3, reconocidopor: null });

    const response = await acknowledge(first!.alertaid, { nota: 'Válvula cerrada, riego revisado' });
    expect(response.statusCode).toBe(200);
    const [person] = await context.query<{ firstname: string; lastname: string; login: string }>(
      sql`select firstname, lastname, login from sense.usuario where usuarioid = ${operador.id}`,
    );
    const answer = response.json<AcknowledgeAnswer>();
    expect(answer).toEqual({
      alertaid: first!.alertaid,
      episodioid: first!.episodioid,
      acknowledged: 3,
      reconocidopor: { usuarioid: operador.id, firstname: person!.firstname, lastname: person!.lastname },
      fechareconocido: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      notareconocido: 'Válvula cerrada, riego revisado',
    });
    expect(response.body).not.toContain(person!.login);

    const row = await reportRow();
    expect(row).toMatchObject({
      statusid: -1,
      episodioactivas: 0,
      reconocidopor: { usuarioid: operador.id, firstname: person!.firstname, lastname: person!.lastname },
      fechareconocido: answer.fechareconocido,
      notareconocido: 'Válvula cerrada, riego revisado',
    });
    expect(row.reconocidopor).not.toHaveProperty('login');

    const csvLine = async (lang: string) => {
      const csv = await context.get(`/api/sense/reports/alertas.csv?nodoId=${probe.nodoid}&lang=${lang}&tz=America/Lima`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain(person!.login);
      const lines = csv.body.split('\r\n');
      return { header: lines[0]!.split(','), line: lines.find((text) => text.startsWith(`${first!.alertaid},`))!.split(',') };
    };
    const spanish = await csvLine('es');
    expect(spanish.header.slice(-3)).toEqual(['Reconocida por', 'Fecha de reconocimiento (America/Lima)', 'Nota de reconocimiento']);
    // The note holds a comma: the line ends "name,date,\"note\"".
    expect(spanish.line.slice(-4)).toEqual([`${person!.firstname} ${person!.lastname}`, expect.stringMatching(/-05:00$/), '"Válvula cerrada', ' riego revisado"']);
    expect(new Date(spanish.line.at(-3)!).getTime()).toBe(new Date(answer.fechareconocido!).getTime());

    // Without first and last name the CSV says "Usuario {id}" in its language, not the login.
    await context.query(sql`update sense.usuario set firstname = null, lastname = null where usuarioid = ${operador.id}`);
    try {
      expect((await csvLine('es')).line.at(-4)).toBe(`Usuario ${operador.id}`);
      expect((await csvLine('en')).line.at(-4)).toBe(`User ${operador.id}`);
      expect((await reportRow()).reconocidopor).toEqual({ usuarioid: operador.id, firstname: null, lastname: null });
    } finally {
      await context.query(sql`update sense.usuario set firstname = ${person!.firstname}, lastname = ${person!.lastname} where usuarioid = ${operador.id}`);
    }

    // A note longer than the bound is refused and acknowledges nothing.
    const next = await service.ingest([reading(300, probe.inside), reading(315, probe.above)]);
    const fresh = next.commit.alerts.find((alert) => alert.statusid === 1)!;
    const tooLong = await acknowledge(fresh.alertaid, { nota: 'x'.repeat(ACKNOWLEDGE_NOTE_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details?.[0]).toMatchObject({ field: 'nota' });
    expect(await statusOf(fresh.episodioid!)).toEqual([{ statusid: 1, reconocidopor: null, notareconocido: null }]);
  });

  it('acknowledges an alert written before episodes were kept together with its threshold’s other active alerts', async () => {
    // The farm is written with its episodes (issue 28, item 3): one open episode is made legacy, its
    // alerts as they were before episodes were kept.
    const [open] = await context.query<{ episodioid: number }>(sql`
      select episodioid from sense.episodio where tipo = 'umbral' and fechafin is null and statusid = 1 order by episodioid limit 1`);
    await context.query(sql`update sense.alerta set episodioid = null where episodioid = ${open!.episodioid}`);
    await context.query(sql`update sense.mensaje set episodioid = null where episodioid = ${open!.episodioid}`);
    await context.query(sql`delete from sense.episodio where episodioid = ${open!.episodioid}`);
    const [legacy] = await context.query<{ alertaid: number; umbralid: number }>(sql`
      select alertaid, umbralid from sense.alerta where statusid = 1 and episodioid is null order by alertaid limit 1`);
    expect(legacy).toBeDefined();
    const [{ count: active } = { count: 0 }] = await context.query<{ count: number }>(
      sql`select count(*)::int as count from sense.alerta where umbralid = ${legacy!.umbralid} and statusid = 1`,
    );
    const response = await acknowledge(legacy!.alertaid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ episodioid: null, acknowledged: active });
    const left = await context.query(sql`select 1 from sense.alerta where umbralid = ${legacy!.umbralid} and statusid = 1`);
    expect(left).toEqual([]);
  });

  it('answers 401 without a session, 404 for an unknown alert, 400 for a bad id or note, and changes nothing', async () => {
    const [closed] = await context.query<{ alertaid: number }>(sql`select alertaid from sense.alerta where statusid = 0 limit 1`);
    expect((await acknowledge(closed!.alertaid, undefined, '')).statusCode).toBe(401);
    const missing = await acknowledge(999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    for (const id of ['abc', '0', '-1', '1.5', "1'--"]) expect((await acknowledge(id)).statusCode, id).toBe(400);
    expect((await acknowledge(closed!.alertaid, { nota: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await acknowledge(closed!.alertaid, { nota: 5 })).statusCode).toBe(400);
    expect((await acknowledge(closed!.alertaid, { rol: 'admin' })).statusCode).toBe(400);
    expect((await acknowledge(closed!.alertaid)).statusCode).toBe(409);
    const [row] = await context.query<{ statusid: number }>(sql`select statusid from sense.alerta where alertaid = ${closed!.alertaid}`);
    expect(row?.statusid).toBe(0);
  });

  it('acknowledges every active alert a report filter selects, on all its pages, and nothing outside it', async () => {
    const opened = await service.ingest([reading(200, probe.above)]);
    const [alert] = opened.commit.alerts;
    expect(alert).toBeDefined();
    const activeIn = () =>
      context.query<{ alertaid: number; episodioid: number | null }>(sql`
        select a.alertaid, a.episodioid from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
         where a.statusid = 1 and u.ubicacionid = ${probe.ubicacionid} order by a.alertaid`);
    const [elsewhere] = await context.query<{ n: number }>(sql`
      select count(*)::int as n from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
       where a.statusid = 1 and u.ubicacionid <> ${probe.ubicacionid}`);
    const before = await activeIn();
    expect(before.map((row) => row.alertaid)).toContain(alert!.alertaid);
    const episodes = [...new Set(before.map((row) => row.episodioid).filter((id): id is number => id !== null))];
    const bulk = (payload: unknown, authorization = operador.bearer) =>
      context.app.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { authorization }, payload: payload as Record<string, unknown> });
    try {
      // Without the confirmation nothing happens: an empty body must not acknowledge the whole system.
      const unconfirmed = await bulk({ ubicacionId: probe.ubicacionid });
      expect(unconfirmed.statusCode).toBe(400);
      expect(await activeIn()).toEqual(before);
      const response = await bulk({ ubicacionId: probe.ubicacionid, nota: 'Lote revisado', confirmar: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ episodes: episodes.length, acknowledged: before.length });
      expect(await activeIn()).toEqual([]);
      const [still] = await context.query<{ n: number }>(sql`
        select count(*)::int as n from sense.alerta a join sense.umbral u on u.umbralid = a.umbralid
         where a.statusid = 1 and u.ubicacionid <> ${probe.ubicacionid}`);
      expect(still!.n).toBe(elsewhere!.n);
      const [episode] = await context.query<{ statusid: number; reconocidopor: number; notareconocido: string }>(sql`
        select statusid, reconocidopor, notareconocido from sense.episodio where episodioid = ${alert!.episodioid}`);
      expect(episode).toEqual({ statusid: -1, reconocidopor: operador.id, notareconocido: 'Lote revisado' });
      // Nothing left to acknowledge: the same call changes nothing.
      expect((await bulk({ ubicacionId: probe.ubicacionid, confirmar: true })).json()).toEqual({ episodes: 0, acknowledged: 0 });
      expect((await bulk({ ubicacionId: probe.ubicacionid, confirmar: true }, 'Bearer nope')).statusCode).toBe(401);
      const refused = await bulk({ estado: 'activa', confirmar: true });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe('VALIDATION');
      expect((await bulk({ ubicacionId: -1, confirmar: true })).statusCode).toBe(400);
      expect((await bulk({ confirmar: false })).statusCode).toBe(400);
    } finally {
      // The suites on PostgreSQL share one database: give the seeded alerts back their state.
      const ids = before.map((row) => row.alertaid);
      for (const alertaid of ids) {
        await context.query(sql`
          update sense.alerta set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where alertaid = ${alertaid}`);
      }
      for (const episodioid of episodes) {
        await context.query(sql`
          update sense.episodio set statusid = 1, reconocidopor = null, fechareconocido = null, notareconocido = null where episodioid = ${episodioid}`);
      }
    }
  });
});
