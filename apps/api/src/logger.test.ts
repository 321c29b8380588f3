import { Writable } from 'node:stream';
import { DEMO_PASSWORD, DEMO_USERS } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, openTestApp } from './testing/test-app';
import type { TestContext } from './testing/test-app';

// The access log is per request, not per driver: PGlite alone is enough.
const [pglite] = testDrivers();

type Line = Record<string, unknown>;

describe('access log', () => {
  const lines: Line[] = [];
  let context: TestContext;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
        done();
      },
    });
    context = await openTestApp(pglite!, { logger: { level: 'debug', stream } });
  });
  afterAll(() => closeTestApp(context));

  const completed = () => lines.filter((line) => line['msg'] === 'request completed');

  it('writes one line per answered request, with its id, method, URL, status and time', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'GET', url: '/api/health' });
    await context.app.inject({ method: 'GET', url: '/api/sense/pais' });
    expect(lines.filter((line) => line['msg'] === 'incoming request')).toEqual([]);
    expect(completed().map((line) => [line['method'], line['url'], line['statusCode']])).toEqual([
      ['GET', '/api/health', 200],
      ['GET', '/api/sense/pais', 401],
    ]);
    expect(completed().every((line) => typeof line['responseTime'] === 'number' && typeof line['reqId'] === 'string')).toBe(true);
    expect(new Set(completed().map((line) => line['reqId'])).size).toBe(2);
  });

  it('writes a quick read at debug, a refusal and a write at info: production (info) keeps the refusal and the write', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'GET', url: '/api/health' });
    await context.app.inject({ method: 'GET', url: '/api/sense/pais' });
    const signIn = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_USERS[0]!.login, password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    // pino's numeric levels: 20 debug, 30 info.
    expect(completed().map((line) => [line['url'], line['level']])).toEqual([
      ['/api/health', 20],
      ['/api/sense/pais', 30],
      ['/api/auth/login', 30],
    ]);
  });

  it('never writes a token of the URL', async () => {
    lines.length = 0;
    await context.app.inject({ method: 'GET', url: '/api/health?token=secreto&x=1' });
    expect(completed().map((line) => line['url'])).toEqual(['/api/health?token=[redactado]&x=1']);
    expect(JSON.stringify(lines)).not.toContain('secreto');
  });
});

describe('access log without a logger', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await openTestApp(pglite!, { logger: false });
  });
  afterAll(() => closeTestApp(context));

  // A throw in the log controller comes after the answer: vitest reports it as an unhandled error.
  it('answers, and the log controller does not throw (Fastify stands in a silent logger without levels)', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/sense/pais' })).statusCode).toBe(401);
  });
});
