/**
 * Issue 27, item 4: a CSV download token or a live stream ticket works once across the cluster,
 * and only once the request passed its checks. Under WORKERS=2 each worker kept its own list of
 * used tokens, so a token worked once per worker; and a 400 on a bad parameter used one up.
 */
import { createDatabase } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';
import { TEST_JWT_SECRET } from '../testing/test-app';

/** Opens the stream with `ticket` and leaves at once: the status it was answered. */
async function streamStatus(base: string, ticket: string, query = ''): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/sense/stream?token=${encodeURIComponent(ticket)}${query}`, { signal: controller.signal });
  controller.abort();
  return response.status;
}

describe.each(testDrivers())('single-use tokens on $kind', (driver) => {
  let context: SenseContext;
  let base: string;
  /** A second API instance over the same PostgreSQL database (none on PGlite: one process by design). */
  let other: { app: FastifyInstance; database: Database; base: string } | null = null;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    if (driver.kind === 'postgres') {
      const database = await createDatabase({ databaseUrl: process.env['TEST_DATABASE_URL']! });
      const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET });
      other = { app, database, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
    }
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await closeSenseContext(context);
  });

  const downloadToken = async (report: string) => {
    const response = await context.get(`/api/sense/reports/download-token?report=${encodeURIComponent(report)}`);
    expect(response.statusCode, response.body).toBe(200);
    return encodeURIComponent(response.json<{ token: string }>().token);
  };
  const streamTicket = async () => {
    const response = await context.send('POST', '/api/sense/stream/ticket');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ticket: string }>().ticket;
  };
  /** The instances a token can be presented to: both on PostgreSQL, this one twice on PGlite. */
  const instances = () => [context.app, other?.app ?? context.app];
  const bases = () => [base, other?.base ?? base];

  it('lets exactly one of two concurrent downloads with the same token through, on two instances over one database', async () => {
    for (let round = 0; round < 5; round += 1) {
      const token = await downloadToken('alertas');
      const answers = await Promise.all(
        instances().map((app) => app.inject({ method: 'GET', url: `/api/sense/reports/alertas.csv?lang=es&token=${token}` })),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 401]);
      const refused = answers.find((answer) => answer.statusCode === 401)!;
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      // And later, on either instance, it is spent.
      for (const app of instances()) {
        expect((await app.inject({ method: 'GET', url: `/api/sense/reports/alertas.csv?token=${token}` })).statusCode).toBe(401);
      }
    }
  });

  it('lets exactly one of two concurrent streams with the same ticket open, on two instances over one database', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ticket = await streamTicket();
      const statuses = await Promise.all(bases().map((url) => streamStatus(url, ticket)));
      expect(statuses.sort(), `round ${round}`).toEqual([200, 401]);
    }
  });

  it('does not use a token up on a request refused before its work starts (400), so the valid request then works once', async () => {
    const token = await downloadToken('alertas');
    // Refused by the query's schema, by the handler's date check and by its zone check.
    expect((await context.get(`/api/sense/reports/alertas.csv?estado=nope&token=${token}`, {})).statusCode).toBe(400);
    expect((await context.get(`/api/sense/reports/alertas.csv?desde=ma%C3%B1ana&token=${token}`, {})).statusCode).toBe(400);
    expect((await context.get(`/api/sense/reports/alertas.csv?tz=Marte%2FOlympus&token=${token}`, {})).statusCode).toBe(400);
    const [second] = instances().slice(-1);
    const valid = await second!.inject({ method: 'GET', url: `/api/sense/reports/alertas.csv?token=${token}` });
    expect(valid.statusCode, valid.body).toBe(200);
    expect((await context.get(`/api/sense/reports/alertas.csv?token=${token}`, {})).statusCode).toBe(401);

    // A table's CSV whose query the database side refuses (an unknown sort column).
    const table = await downloadToken('tabla:pais');
    expect((await context.get(`/api/sense/reports/tablas/pais/csv?sortBy=nope&token=${table}`, {})).statusCode).toBe(400);
    expect((await context.get(`/api/sense/reports/tablas/pais/csv?token=${table}`, {})).statusCode).toBe(200);
    expect((await context.get(`/api/sense/reports/tablas/pais/csv?token=${table}`, {})).statusCode).toBe(401);

    // A stream ticket with a malformed query: 400, and the ticket still opens one stream.
    const ticket = await streamTicket();
    expect(await streamStatus(base, ticket, `&lastEventId=${'x'.repeat(200)}`)).toBe(400);
    expect(await streamStatus(bases().at(-1)!, ticket)).toBe(200);
    expect(await streamStatus(base, ticket)).toBe(401);
  });

  it('purges used ids some minutes after their tokens expired, and keeps the ones still needed', async () => {
    await context.query(sql`
      insert into sense.tokenusado (jti, expira) values
        ('viejo-1', now() - interval '1 hour'), ('viejo-2', now() - interval '11 minutes'), ('reciente', now() - interval '1 minute')`);
    const token = await downloadToken('alertas');
    expect((await context.get(`/api/sense/reports/alertas.csv?token=${token}`, {})).statusCode).toBe(200);
    const left = await context.query<{ jti: string }>(sql`select jti from sense.tokenusado where jti in ('viejo-1', 'viejo-2', 'reciente')`);
    expect(left.map((row) => row.jti)).toEqual(['reciente']);
  });
});
