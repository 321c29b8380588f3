/**
 * GET /metrics (issue 17, item 5): off without METRICS_TOKEN, refused without the token, and with
 * it the Prometheus text of requests per route pattern, readings ingested, the notification queue
 * and (PostgreSQL) the pool — on both databases; under WORKERS=2, every worker's counts together.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_USERS, prepareDatabase, seedDemoUsers } from '@camposense/db';
import type { Database } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProbe, minutesAfter } from '@camposense/server-ingest/testing';
import { seedTestFarm, TEST_FARM_NOW } from '../testing/sense-farm';
import { spawnServer, waitUntilListening } from '../testing/spawn-server';
import type { SpawnedServer } from '../testing/spawn-server';
import { closeTestApp, loginAs, openTestApp } from '../testing/test-app';
import type { TestContext } from '../testing/test-app';

const TOKEN = 'metrics-token-0123456789';
const admin = DEMO_USERS.find((user) => user.rol === 'admin')!;

/** The value of one sample line `name{labels} value`, or null. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (wanted.length === 0 && line.startsWith(`${name} `)) return Number(line.slice(name.length + 1));
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => inside.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe.each(testDrivers())('GET /metrics on $kind', (driver) => {
  let context: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    context = await openTestApp(driver, { metricsToken: TOKEN, now: () => TEST_FARM_NOW });
    await seedTestFarm(context.database);
  });
  afterAll(async () => {
    await closeTestApp(context);
    await closeTestApp(bare);
  });

  const scrape = (authorization?: string) =>
    context.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is refused without the token or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer metrics-token-0123456780')).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
  });

  it('counts requests by route pattern, readings ingested by path, and the notification queue', async () => {
    for (let i = 0; i < 3; i += 1) await context.app.inject({ method: 'GET', url: '/api/health' });
    await context.app.inject({ method: 'GET', url: `/api/sense/pais/${1000 + Math.floor(Math.random() * 1000)}` });
    const bearer = `Bearer ${(await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token}`;
    const key = (await context.app.inject({ method: 'POST', url: '/api/ingest/keys', headers: { authorization: bearer }, payload: { nombre: 'métricas' } })).json<{
      clave: string;
    }>().clave;
    const probe = await findProbe(context.database);
    const readings = [1, 2].map((minutes) => ({
      deveui: probe.deveui,
      tipoid: probe.tipoid,
      metricaabrev: probe.metricaabrev,
      fecha: minutesAfter(TEST_FARM_NOW, minutes).toISOString(),
      medicion: probe.inside,
    }));
    const ingested = await context.app.inject({ method: 'POST', url: '/api/ingest/readings', headers: { authorization: `Bearer ${key}` }, payload: { readings } });
    expect(ingested.json()).toMatchObject({ accepted: 2 });

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(sample(text, 'camposense_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(3);
    // The pattern, not the URL: a random id does not make a series of its own.
    expect(sample(text, 'camposense_http_requests_total', { method: 'GET', route: '/api/sense/:table/:id' })).not.toBeNull();
    expect(text).not.toMatch(/route="\/api\/sense\/pais\/\d+"/);
    expect(sample(text, 'camposense_http_request_duration_seconds_count', { method: 'GET', route: '/api/health' })).toBe(3);
    expect(sample(text, 'camposense_ingested_readings_total', { path: 'http' })).toBe(2);
    expect(sample(text, 'camposense_notification_jobs', { tipo: 'ronda' })).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_resident_memory_bytes');
    if (driver.kind === 'postgres') expect(sample(text, 'camposense_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the consoles on the live stream, and forgets one that leaves', async () => {
    const base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const bearer = `Bearer ${(await loginAs(context.app, admin.login, DEMO_PASSWORD)).session.access_token}`;
    const streamClients = async () => sample((await scrape(`Bearer ${TOKEN}`)).body, 'camposense_stream_clients', {}) ?? -1;
    expect(await streamClients()).toBe(0);
    const ticket = (await context.app.inject({ method: 'POST', url: '/api/sense/stream/ticket', headers: { authorization: bearer } })).json<{ ticket: string }>().ticket;
    const leave = new AbortController();
    const stream = await fetch(`${base}/api/sense/stream?token=${encodeURIComponent(ticket)}`, { signal: leave.signal });
    expect(stream.status).toBe(200);
    await expect.poll(streamClients).toBe(1);
    leave.abort();
    await expect.poll(streamClients).toBe(0);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    bare = await openTestApp(driver);
    expect((await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

const postgres = testDrivers().find((driver) => driver.kind === 'postgres');

describe.skipIf(!postgres)('GET /metrics under WORKERS=2', () => {
  let database: Database;
  let server: SpawnedServer;
  beforeAll(async () => {
    database = await postgres!.open();
    await prepareDatabase(database);
    await seedDemoUsers(database);
    server = await spawnServer(
      { DATABASE_URL: process.env['TEST_DATABASE_URL'], JWT_SECRET: randomBytes(32).toString('base64url'), WORKERS: '2', METRICS_TOKEN: TOKEN, CONSOLE_DIR: '/nonexistent' },
      { script: 'apps/api/src/cluster.ts' },
    );
    await waitUntilListening(server);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('answers every worker\'s counts together, whichever worker takes the scrape', async () => {
    const before = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const counted = sample(before, 'camposense_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }) ?? 0;
    // New connections each time, so the primary hands them to both workers in turn.
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${server.baseUrl}/api/health`, { headers: { connection: 'close' } })).status).toBe(200);
    const after = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' } })).text();
    expect(sample(after, 'camposense_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(counted + 20);
  });
});
