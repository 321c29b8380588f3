import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, openTestApp } from './testing/test-app';
import type { TestContext } from './testing/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

describe('serving the built console', () => {
  let consoleDir: string;
  let context: TestContext;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'camposense-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), INDEX);
    writeFileSync(join(consoleDir, 'assets', 'app.js'), 'console.log("app")');
    context = await openTestApp(testDrivers()[0]!, { consoleDir });
  });
  afterAll(async () => {
    await closeTestApp(context);
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    context.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at /', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX);
  });

  it('serves files', async () => {
    const response = await get('/assets/app.js', '*/*');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
  });

  it('answers client routes with index.html', async () => {
    const response = await get('/some/route?tab=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX);
  });

  it('keeps the JSON 404 for unknown /api routes and missing assets', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });

    const asset = await get('/assets/missing.js', '*/*');
    expect(asset.statusCode).toBe(404);
    expect(asset.json().error.code).toBe('NOT_FOUND');
  });

  it('still answers the API', async () => {
    const response = await get('/api/health', 'application/json');
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});
