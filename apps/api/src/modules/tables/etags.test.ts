import { testDrivers } from '@camposense/db/testing';
import type { TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, errorOf, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';

/** Issue 10, item 6: two admins cannot silently overwrite each other (docs/security.md, "ETags"). */
describe.each(testDrivers())('ETags and If-Match on /api/sense/{table} on $kind', (driver) => {
  let context: SenseContext;
  beforeAll(async () => {
    context = await openSenseContext(driver);
  });
  afterAll(() => closeSenseContext(context));

  const put = (url: string, payload: object, ifMatch?: string) =>
    context.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: context.bearer, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload,
    });

  let created = 0;
  const createdPais = async () => {
    created += 1;
    const response = await context.send('POST', '/api/sense/pais', { pais: `País ${created}`, paisabrev: `Z${created}` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    return { row: response.json<TableRow>(), etag: String(response.headers['etag']) };
  };

  it('answers a row by id with the ETag its creation answered, and 404 for an unknown id', async () => {
    const { row, etag } = await createdPais();
    const read = await context.get(`/api/sense/pais/${row['paisid']}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(row);
    expect(read.headers['etag']).toBe(etag);
    expect((await context.get('/api/sense/pais/999999')).statusCode).toBe(404);
  });

  it('updates with the current If-Match, answers the new ETag, and refuses the stale one with 412 changing nothing', async () => {
    const { row, etag } = await createdPais();
    const url = `/api/sense/pais/${row['paisid']}`;
    const first = await put(url, { pais: 'Primera edición' }, etag);
    expect(first.statusCode, first.body).toBe(200);
    const newEtag = String(first.headers['etag']);
    expect(newEtag).not.toBe(etag);
    expect((await context.get(url)).headers['etag']).toBe(newEtag);

    // The second admin still holds the first version.
    const stale = await put(url, { pais: 'Segunda edición' }, etag);
    expect(stale.statusCode).toBe(412);
    expect(errorOf(stale).code).toBe('PRECONDITION_FAILED');
    const [stored] = await context.query<{ pais: string }>(sql`select pais from sense.pais where paisid = ${row['paisid'] as number}`);
    expect(stored?.pais).toBe('Primera edición');

    // A weak tag never matches (RFC 9110 strong comparison); `*` matches any version; no header: no check.
    expect((await put(url, { pais: 'Débil' }, `W/${newEtag}`)).statusCode).toBe(412);
    expect((await put(url, { pais: 'Cualquiera' }, '*')).statusCode).toBe(200);
    expect((await put(url, { pais: 'Sin condición' })).statusCode).toBe(200);
    expect((await put('/api/sense/pais/999999', { pais: 'x' }, '*')).statusCode).toBe(404);
  });

  it('reads and updates a composite-key row through /composite with the same contract', async () => {
    const [sensor] = await context.query<{ nodoid: number; tipoid: number }>(sql`select nodoid, tipoid from sense.sensor order by 1, 2 limit 1`);
    const url = `/api/sense/sensor/composite?nodoid=${sensor!.nodoid}&tipoid=${sensor!.tipoid}`;
    const read = await context.get(url);
    expect(read.statusCode, read.body).toBe(200);
    const etag = String(read.headers['etag']);
    const updated = await put(url, { statusid: 0 }, etag);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.headers['etag']).not.toBe(etag);
    const stale = await put(url, { statusid: 1 }, etag);
    expect(stale.statusCode).toBe(412);
    const [stored] = await context.query<{ statusid: number }>(
      sql`select statusid from sense.sensor where nodoid = ${sensor!.nodoid} and tipoid = ${sensor!.tipoid}`,
    );
    expect(stored?.statusid).toBe(0);
    expect((await context.get(`/api/sense/sensor/composite?nodoid=${sensor!.nodoid}`)).statusCode).toBe(400);
  });

  it('refuses a DELETE with a stale If-Match and keeps the row', async () => {
    const { row, etag } = await createdPais();
    const url = `/api/sense/pais/${row['paisid']}`;
    await put(url, { pais: 'Cambiado' });
    const stale = await context.app.inject({ method: 'DELETE', url, headers: { authorization: context.bearer, 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    expect((await context.get(url)).statusCode).toBe(200);
  });
});
