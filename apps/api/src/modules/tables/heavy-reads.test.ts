import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { LoginSuccess, TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsStatement } from '../readings/queries';
import { STREAM_BATCH_ROWS } from '../../sense/streaming';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

/**
 * Issue 10, item 1: `getAll` and limits up to 1,000,000 were one statement and one string (190 MB,
 * 13-17 s during which PGlite answered nothing else). Now they are keyset batches streamed out as
 * they come, light queries run between two batches, and one user may run only a few at once.
 */
describe.each(testDrivers())('large reads on $kind', (driver) => {
  let context: SenseContext;
  let baseUrl: string;
  let total: number;
  /** Every statement the app ran, in order, as the first words that tell them apart. */
  const statements: string[] = [];
  /** While set, the second batch of a streamed read waits for it (see the interleaving test). */
  let holdSecondBatch: Promise<void> | null = null;
  /** While set, every batch of readings waits for it, and `waiting` counts them. */
  let holdAllBatches: Promise<void> | null = null;
  let waiting = 0;
  const dialect = new PgDialect();

  /** Polls `condition` (at most 20 s: a condition that never comes fails the test, not hangs it). */
  async function until(condition: () => boolean): Promise<void> {
    for (let attempt = 0; attempt < 2000 && !condition(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  }

  const kindOf = (text: string) =>
    text.includes('with page as') ? 'readings-batch' : text.includes('"pais"') ? 'pais' : text.includes('"usuario"') ? 'usuario' : 'other';

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const { database } = context;
    const query = database.query.bind(database);
    // Record the statements the routes run (the routes call database.query at request time).
    database.query = (async (statement: SQL) => {
      const kind = kindOf(dialect.sqlToQuery(statement).sql);
      if (kind === 'readings-batch' && holdSecondBatch && statements.filter((entry) => entry === kind).length === 1) {
        await holdSecondBatch;
      }
      if (kind === 'readings-batch' && holdAllBatches) {
        waiting += 1;
        await holdAllBatches;
        waiting -= 1;
      }
      statements.push(kind);
      return query(statement);
    }) as typeof database.query;
    baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
    [{ n: total }] = (await context.query<{ n: number }>(sql`select count(*)::int as n from sense.medicion`)) as [{ n: number }];
  });
  afterAll(() => closeSenseContext(context));

  const fetchAuthorized = (path: string, bearer = context.bearer) => fetch(`${baseUrl}${path}`, { headers: { authorization: bearer } });

  it('streams getAll in batches (chunked, no length) and answers the same rows as one statement', async () => {
    expect(total).toBeGreaterThan(3 * STREAM_BATCH_ROWS);
    statements.length = 0;
    const response = await fetchAuthorized('/api/sense/mediciones?getAll=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const streamed = (await response.json()) as unknown[];
    expect(statements.filter((entry) => entry === 'readings-batch').length).toBe(Math.ceil((total + 1) / STREAM_BATCH_ROWS));

    const [whole] = await context.query<{ body: string }>(readingsStatement({}, null));
    expect(streamed).toHaveLength(total);
    expect(streamed).toEqual(JSON.parse(whole!.body));
  });

  it('streams the windows of mediciones and mediciones-con-entidad like one statement', async () => {
    const [place] = await context.query<{ ubicacionid: number; entidadid: number }>(
      sql`select ubicacionid, entidadid from sense.localizacion order by nodoid limit 1`,
    );
    const start = new Date(context.now.getTime() - 20 * 60 * 60 * 1000);
    const cases: Array<[path: string, window: Parameters<typeof readingsStatement>[0]]> = [
      [`/api/sense/mediciones-con-entidad?entidadId=${place!.entidadid}&getAll=true`, { entidadId: place!.entidadid }],
      [`/api/sense/mediciones?ubicacionId=${place!.ubicacionid}&startDate=${start.toISOString()}&limit=1000000`, { ubicacionId: place!.ubicacionid, start }],
    ];
    const [entityRows] = await context.query<{ body: string }>(readingsStatement(cases[0]![1], null));
    expect((JSON.parse(entityRows!.body) as unknown[]).length).toBeGreaterThan(STREAM_BATCH_ROWS); // several batches
    for (const [path, window] of cases) {
      const response = await fetchAuthorized(path);
      expect(response.status, path).toBe(200);
      const [whole] = await context.query<{ body: string }>(readingsStatement(window, null));
      const expected = JSON.parse(whole!.body) as unknown[];
      expect(expected.length, path).toBeGreaterThan(0);
      expect(await response.json(), path).toEqual(expected);
    }
  });

  it('streams limit=1000000 on a table the same as one ordered statement, also sorted by a nullable column', async () => {
    const cases: Array<[query: string, order: SQL]> = [
      ['limit=1000000', sql`order by fecha desc, medicionid desc`],
      ['limit=1000000&sortBy=medicionabrev&sortOrder=asc', sql`order by medicionabrev asc, fecha desc, medicionid desc`],
      ['limit=1000000&sortBy=medicionabrev&sortOrder=desc', sql`order by medicionabrev desc, fecha desc, medicionid desc`],
      ['limit=5000&sortBy=medicion', sql`order by medicion asc, fecha desc, medicionid desc limit 5000`],
    ];
    for (const [query, order] of cases) {
      const response = await fetchAuthorized(`/api/sense/medicion?${query}`);
      expect(response.status, query).toBe(200);
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      const rows = (await response.json()) as TableRow[];
      const expected = await context.query<{ medicionid: number }>(sql`select medicionid from sense.medicion ${order}`);
      expect(rows.map((row) => row['medicionid']), query).toEqual(expected.map((row) => row.medicionid));
      expect(rows[0]).toEqual({
        medicionid: expect.any(Number),
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        medicion: expect.any(Number),
        nodoid: expect.any(Number),
        tipoid: expect.any(Number),
        metricaid: expect.any(Number),
        ubicacionid: expect.any(Number),
        medicionabrev: null,
      });
    }
  });

  it('runs a light query between two batches of a full export', async () => {
    statements.length = 0;
    let lightStarted!: () => void;
    holdSecondBatch = new Promise<void>((resolve) => (lightStarted = resolve));
    try {
      const heavy = fetchAuthorized('/api/sense/mediciones?getAll=true').then((response) => response.arrayBuffer());
      await until(() => statements.includes('readings-batch'));
      const light = fetchAuthorized('/api/sense/paises');
      await until(() => statements.includes('pais'));
      lightStarted();
      expect((await light).status).toBe(200);
      await heavy;
    } finally {
      holdSecondBatch = null;
    }
    const firstBatch = statements.indexOf('readings-batch');
    const lastBatch = statements.lastIndexOf('readings-batch');
    const lightAt = statements.indexOf('pais');
    expect(firstBatch).toBeLessThan(lightAt);
    expect(lightAt).toBeLessThan(lastBatch);
  });

  it('lets one user run two large reads at once, and answers the third 429 in the error shape', async () => {
    const user = DEMO_USERS.find((candidate) => candidate.rol === 'user')!;
    const login = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.login, password: DEMO_PASSWORD } });
    const bearer = `Bearer ${login.json<LoginSuccess>().session.access_token}`;
    // Two reads held in their first batch: both are running.
    let release!: () => void;
    holdAllBatches = new Promise<void>((resolve) => (release = resolve));
    const open = [0, 1].map(() => fetchAuthorized('/api/sense/mediciones?getAll=true', bearer).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    );
    try {
      await until(() => waiting === 2);
    } finally {
      holdAllBatches = null;
    }

    const third = await context.app.inject({ method: 'GET', url: '/api/sense/medicion?limit=1000000', headers: { authorization: bearer } });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(errorOf(third)).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    // Someone else, and small reads of the same user, are not affected.
    expect((await context.get('/api/sense/mediciones?getAll=true')).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/sense/mediciones?limit=100', headers: { authorization: bearer } })).statusCode).toBe(200);

    // Once they end, their slots are free again.
    release();
    expect(await Promise.all(open)).toEqual([200, 200]);
    const after = await context.app.inject({ method: 'GET', url: '/api/sense/mediciones?getAll=true', headers: { authorization: bearer } });
    expect(after.statusCode).toBe(200);
  });

  it('stops reading and frees the slot when the client goes away', async () => {
    const user = DEMO_USERS.find((candidate) => candidate.rol === 'user')!;
    const login = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.login, password: DEMO_PASSWORD } });
    const bearer = `Bearer ${login.json<LoginSuccess>().session.access_token}`;
    statements.length = 0;
    const aborts = [new AbortController(), new AbortController()];
    const responses = await Promise.all(
      aborts.map((abort) => fetch(`${baseUrl}/api/sense/mediciones?getAll=true`, { headers: { authorization: bearer }, signal: abort.signal })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    for (const abort of aborts) abort.abort();
    // Both slots come back without anyone reading the rest.
    let status = 429;
    for (let attempt = 0; attempt < 500 && status !== 200; attempt += 1) {
      const probe = await context.app.inject({ method: 'GET', url: '/api/sense/mediciones?getAll=true&startDate=2100-01-01', headers: { authorization: bearer } });
      status = probe.statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      else {
        const second = await context.app.inject({ method: 'GET', url: '/api/sense/mediciones?getAll=true&startDate=2100-01-01', headers: { authorization: bearer } });
        status = second.statusCode;
      }
    }
    expect(status).toBe(200);
    // And the two abandoned exports did not read everything.
    expect(statements.filter((entry) => entry === 'readings-batch').length).toBeLessThan(2 * Math.ceil(total / STREAM_BATCH_ROWS));
  });

  it('still answers a bad streamed request with its error, not a cut-short 200', async () => {
    const response = await context.get('/api/sense/medicion?limit=1000000&nope=1');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', details: [{ field: 'nope', rule: 'unknown' }] });
  });
});
