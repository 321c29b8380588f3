import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';
import { findProbe, minutesAfter, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';

describe.each(testDrivers())('POST /api/ingest/readings and ingest keys on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let key: string;
  let userBearer: string;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database);
    const operador = DEMO_USERS.find((user) => user.rol === 'user')!;
    userBearer = `Bearer ${(await loginAs(context.app, operador.login, DEMO_PASSWORD)).session.access_token}`;
    const created = await context.send('POST', '/api/ingest/keys', { nombre: 'Gateway norte' });
    expect(created.statusCode).toBe(201);
    key = created.json<{ clave: string }>().clave;
  });
  afterAll(() => closeSenseContext(context));

  const post = (payload: unknown, authorization = `Bearer ${key}`) =>
    context.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const reading = (minutes: number, medicion: unknown = probe.inside) => readingOf(probe, minutesAfter(context.now, minutes), medicion);
  const readingCount = async () =>
    (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.medicion`))[0]?.count ?? -1;

  it('creates a key shown once, lists it by prefix only, and keeps only its hash', async () => {
    expect(key).toMatch(/^csk_[A-Za-z0-9_-]{43}$/);
    const list = await context.get('/api/ingest/keys');
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<Array<Record<string, unknown>>>();
    expect(listed).toMatchObject({ nombre: 'Gateway norte', prefijo: key.slice(0, 12), statusid: 1 });
    expect(JSON.stringify(list.json())).not.toContain(key);
    const stored = await context.query<{ hash: string }>(sql`select hash from sense.claveingesta`);
    expect(stored.map((row) => row.hash)).not.toContain(key);
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets only an admin manage keys', async () => {
    for (const [method, url] of [
      ['GET', '/api/ingest/keys'],
      ['POST', '/api/ingest/keys'],
      ['DELETE', '/api/ingest/keys/1'],
    ] as const) {
      const asUser = await context.app.inject({ method, url, headers: { authorization: userBearer }, payload: method === 'POST' ? { nombre: 'x' } : undefined });
      expect(asUser.statusCode).toBe(403);
      const anonymous = await context.app.inject({ method, url });
      expect(anonymous.statusCode).toBe(401);
    }
    const blank = await context.send('POST', '/api/ingest/keys', { nombre: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await context.send('DELETE', '/api/ingest/keys/999999')).statusCode).toBe(404);
  });

  it('refuses readings without a valid key with 401, and a revoked key at once', async () => {
    expect((await post({ readings: [reading(1)] }, '')).statusCode).toBe(401);
    expect((await post({ readings: [reading(1)] }, 'Bearer csk_unknown')).statusCode).toBe(401);
    expect((await post({ readings: [reading(1)] }, context.bearer)).statusCode).toBe(401);
    const other = (await context.send('POST', '/api/ingest/keys', { nombre: 'Temporal' })).json<{ clave: string; claveingestaid: number }>();
    expect((await post({ readings: [] }, `Bearer ${other.clave}`)).statusCode).toBe(200);
    expect((await context.send('DELETE', `/api/ingest/keys/${other.claveingestaid}`)).statusCode).toBe(204);
    const refused = await post({ readings: [reading(1)] }, `Bearer ${other.clave}`);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('UNAUTHORIZED');
    expect(await readingCount()).toBe(await readingCount());
  });

  it('stores a batch and answers accepted, duplicates and rejected; a retried batch is all duplicates', async () => {
    const batch = { readings: [reading(15), reading(30, probe.above), { ...reading(45), metricaabrev: 'NOPE' }] };
    const first = await post(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [{ index: 2, code: 'UNKNOWN_METRIC', message: expect.any(String) }],
    });
    const alerts = await context.query<{ count: number }>(
      sql`select count(*)::int as count from sense.alerta where umbralid = ${probe.umbralid} and fecha = ${minutesAfter(context.now, 30).toISOString()}::timestamptz`,
    );
    expect(alerts[0]?.count).toBe(1);
    const again = await post(batch);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 2, rejected: [expect.objectContaining({ index: 2 })] });
    expect(
      (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.alerta where umbralid = ${probe.umbralid} and fecha = ${minutesAfter(context.now, 30).toISOString()}::timestamptz`))[0]?.count,
    ).toBe(1);
  });

  it('takes 10,000 readings in one batch and refuses 10,001 whole', async () => {
    const readings = Array.from({ length: 10_000 }, (_, index) => reading(-20_000 - index, probe.inside));
    const response = await post({ readings });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 10_000, duplicates: 0, rejected: [] });
    const before = await readingCount();
    const tooMany = await post({ readings: [...readings.map((_, index) => reading(-40_000 - index)), reading(-60_000)] });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).code).toBe('VALIDATION');
    expect(await readingCount()).toBe(before);
  });

  it('answers hostile bodies with a clear error or a rejection per item, never a 500, and writes nothing of them', async () => {
    const before = await readingCount();
    for (const body of ['{', 'null', '[]', '"readings"', JSON.stringify({ readings: 'all' }), JSON.stringify({ readings: [], extra: 1 }), JSON.stringify({})]) {
      const response = await post(body);
      expect(response.statusCode, body).toBe(400);
      expect(errorOf(response).code).toMatch(/^(BAD_REQUEST|VALIDATION)$/);
    }
    const items: unknown[] = [
      null,
      42,
      'reading',
      [],
      {},
      { ...reading(1), deveui: undefined, nodoid: undefined },
      { ...reading(1), nodoid: 1 },
      { ...reading(1), deveui: 'x'.repeat(10_000) },
      { ...reading(1), deveui: "'; drop table sense.medicion; --" },
      { ...reading(1), nodoid: -1, deveui: undefined },
      { ...reading(1), nodoid: 1.5, deveui: undefined },
      { ...reading(1), nodoid: 2 ** 40, deveui: undefined },
      { ...reading(1), tipoid: '1' },
      { ...reading(1), metricaabrev: undefined },
      { ...reading(1), metricaabrev: { $ne: 1 } },
      { ...reading(1), fecha: 1_700_000_000 },
      { ...reading(1), fecha: 'not a date' },
      { ...reading(1), fecha: '2026-13-45T99:99:99Z' },
      { ...reading(1), fecha: '+275760-09-13T00:00:00Z' },
      reading(1, '12.5'),
      reading(1, null),
      reading(1, { value: 1 }),
      reading(1, Number.POSITIVE_INFINITY),
      reading(1, true),
    ];
    const response = await post({ readings: items });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accepted: number; duplicates: number; rejected: Array<{ index: number; code: string; message: string }> }>();
    expect(body.accepted).toBe(0);
    expect(body.rejected.map((rejection) => rejection.index)).toEqual(items.map((_, index) => index));
    for (const rejection of body.rejected) {
      expect(rejection.code).toMatch(/^(INVALID_READING|UNKNOWN_NODE|UNKNOWN_METRIC|UNKNOWN_PROBE|INVALID_VALUE|INVALID_DATE)$/);
      expect(rejection.message.length).toBeGreaterThan(5);
    }
    expect(await readingCount()).toBe(before);
    const big = await post(JSON.stringify({ readings: [{ ...reading(1), pad: 'x'.repeat(5 * 1024 * 1024) }] }));
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await readingCount()).toBe(before);
  });

  it('refuses per reading a fecha more than 300 s ahead of the clock (FUTURE_DATE) or older than 400 days or 2000 (TOO_OLD), storing the rest', async () => {
    const now = Date.now();
    const other = await findProbe(context.database, 1);
    const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000);
    const before = await readingCount();
    const response = await post({
      readings: [
        readingOf(other, at(24 * 3600), other.above),
        readingOf(other, at(400), other.inside),
        readingOf(other, at(-401 * 86_400), other.inside),
        readingOf(other, new Date('1999-06-01T00:00:00Z'), other.inside),
        readingOf(other, at(-7200), other.inside),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        { index: 0, code: 'FUTURE_DATE', message: expect.stringMatching(/\S{5}/) },
        { index: 1, code: 'FUTURE_DATE', message: expect.any(String) },
        { index: 2, code: 'TOO_OLD', message: expect.stringMatching(/\S{5}/) },
        { index: 3, code: 'TOO_OLD', message: expect.any(String) },
      ],
    });
    expect(await readingCount()).toBe(before + 1);
  });

  it('a reading dated 24 h ahead already stored does not make a current breaking reading late: its alert is active, an episode opens', async () => {
    const other = await findProbe(context.database, 2);
    const ahead = new Date(Date.now() + 24 * 3600_000);
    // As a version that took dates a day ahead left it: the reading and the latest value.
    const [row] = await context.query<{ medicionid: number }>(sql`
      insert into sense.medicion (fecha, medicion, nodoid, tipoid, metricaid, ubicacionid)
      values (${ahead.toISOString()}::timestamptz, ${other.inside}, ${other.nodoid}, ${other.tipoid}, ${other.metricaid}, ${other.ubicacionid})
      returning medicionid`);
    await context.query(sql`
      update sense.ultimamedicion set medicionid = ${row!.medicionid}, fecha = ${ahead.toISOString()}::timestamptz, medicion = ${other.inside}
       where nodoid = ${other.nodoid} and tipoid = ${other.tipoid} and metricaid = ${other.metricaid}`);
    const fecha = new Date(Date.now() - 60_000);
    const response = await post({ readings: [readingOf(other, fecha, other.above)] });
    expect(response.json()).toMatchObject({ accepted: 1, rejected: [] });
    const alerts = await context.query<{ statusid: number; open: boolean }>(sql`
      select a.statusid, e.fechafin is null as open from sense.alerta a
        join sense.medicion m on m.medicionid = a.medicionid
        join sense.episodio e on e.episodioid = a.episodioid
       where a.umbralid = ${other.umbralid} and m.fecha = ${fecha.toISOString()}::timestamptz`);
    expect(alerts).toEqual([{ statusid: 1, open: true }]);
  });
});
