/**
 * Hostile readings against POST /api/ingest/readings (issue 27): a sender whose clock lies, or
 * who lies about it, gets one rejection per reading with its reason, never a 500, and nothing of
 * it is stored. (MQTT's hostile cases, a body naming another device's DevEUI and a broker sending
 * a 200 MB packet, are in ingest/mqtt-subscriber.test.ts; concurrent batches in shuffled orders in
 * ingest/ingest-concurrency.test.ts.)
 */
import { testDrivers } from '@camposense/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProbe, readingOf } from '@camposense/server-ingest/testing';
import type { ProbeUnderTest } from '@camposense/server-ingest/testing';
import { closeSenseContext, openSenseContext } from '../testing/sense-context';
import type { SenseContext } from '../testing/sense-context';

/** An instant written as the wall clock of a zone `offsetHours` from UTC (ISO 8601 with offset). */
function atOffset(instant: Date, offsetHours: number): string {
  const local = new Date(instant.getTime() + offsetHours * 3600_000).toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
}

describe.each(testDrivers())('hostile reading dates on $kind', (driver) => {
  let context: SenseContext;
  let probe: ProbeUnderTest;
  let key: string;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    probe = await findProbe(context.database, 4);
    key = (await context.send('POST', '/api/ingest/keys', { nombre: 'Hostil' })).json<{ clave: string }>().clave;
  });
  afterAll(() => closeSenseContext(context));

  it('rejects every lying date with its code, answers 200 with the rest, and stores none of them', async () => {
    const now = Date.now();
    const cases: Array<[string, string]> = [
      [new Date(now + 24 * 3600_000).toISOString(), 'FUTURE_DATE'],
      [new Date(now + 301_000).toISOString(), 'FUTURE_DATE'],
      // Looks like now on a UTC wall clock; the offset puts it 12 hours ahead.
      [`${new Date(now).toISOString().slice(0, 19)}-12:00`, 'FUTURE_DATE'],
      [atOffset(new Date(now + 12 * 3600_000), 2), 'FUTURE_DATE'],
      ['9999-12-31T23:59:59Z', 'FUTURE_DATE'],
      ['2099-01-01T00:00:00.000000001+00:00', 'FUTURE_DATE'],
      [new Date(now - 401 * 86_400_000).toISOString(), 'TOO_OLD'],
      ['1999-12-31T23:59:59.999Z', 'TOO_OLD'],
      ['1970-01-01T00:00:00Z', 'TOO_OLD'],
      ['0000-01-01T00:00:00Z', 'TOO_OLD'],
      ['+275760-09-13T00:00:00Z', 'INVALID_DATE'],
      ['2026-02-30T00:00:00Z', 'INVALID_DATE'],
      ['2026-11-01T24:00:00Z', 'INVALID_DATE'],
    ];
    const before = (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.medicion where nodoid = ${probe.nodoid}`))[0]?.count;
    const readings = [...cases.map(([fecha]) => ({ ...readingOf(probe, new Date(now), probe.above), fecha })), readingOf(probe, new Date(now - 60_000), probe.inside)];
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ readings }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accepted: number; rejected: Array<{ index: number; code: string; message: string }> }>();
    expect(body.rejected.map(({ index, code }) => [cases[index]?.[0], code])).toEqual(cases);
    expect(body.accepted).toBe(1);
    const after = (await context.query<{ count: number }>(sql`select count(*)::int as count from sense.medicion where nodoid = ${probe.nodoid}`))[0]?.count;
    expect(after).toBe((before ?? 0) + 1);
    // No alert from any of them: the only stored reading is inside the band.
    const alerts = await context.query(sql`select 1 from sense.alerta a join sense.medicion m on m.medicionid = a.medicionid
      where a.umbralid = ${probe.umbralid} and m.fecha > ${new Date(now - 120_000).toISOString()}::timestamptz`);
    expect(alerts).toEqual([]);
  });
});
