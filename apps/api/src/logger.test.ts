import { Writable } from 'node:stream';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, openTestApp } from './testing/test-app';
import type { TestContext } from './testing/test-app';

// The access log is per request, not per driver: PGlite alone is enough.
const [pglite] = testDrivers();

describe('access log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let context: TestContext;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    context = await openTestApp(pglite!, { logger: { level: 'info', stream } });
  });
  afterAll(() => closeTestApp(context));

  it('writes one line per answered request, with method, URL, status and time', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'GET', url: '/api/health' });
    await context.app.inject({ method: 'GET', url: '/api/sense/pais' });
    const access = lines.filter((line) => line['msg'] === 'request completed');
    expect(lines.filter((line) => line['msg'] === 'incoming request')).toEqual([]);
    expect(access.map((line) => [(line['req'] as { method: string; url: string }).url, (line['res'] as { statusCode: number }).statusCode])).toEqual([
      ['/api/health', 200],
      ['/api/sense/pais', 401],
    ]);
    expect(access.every((line) => typeof line['responseTime'] === 'number')).toBe(true);
  });
});
