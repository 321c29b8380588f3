import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, openTestApp } from './testing/test-app';
import type { TestContext } from './testing/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const BIG_ASSET = `export const rows = [${Array.from({ length: 400 }, (_, index) => `"fila ${index}"`).join(',')}];`;

describe('serving the built console', () => {
  let consoleDir: string;
  let context: TestContext;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'camposense-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), INDEX);
    writeFileSync(join(consoleDir, 'assets', 'app.js'), 'console.log("app")');
    // What the build writes beside every asset (apps/console/vite.config.ts).
    writeFileSync(join(consoleDir, 'assets', 'app-Abc123.js'), BIG_ASSET);
    writeFileSync(join(consoleDir, 'assets', 'app-Abc123.js.br'), brotliCompressSync(BIG_ASSET));
    writeFileSync(join(consoleDir, 'assets', 'app-Abc123.js.gz'), gzipSync(BIG_ASSET));
    writeFileSync(join(consoleDir, 'index.html.gz'), gzipSync(INDEX));
    // The service worker and the web app manifest (vite-plugin-pwa, issue 30 item 2).
    writeFileSync(join(consoleDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(consoleDir, 'manifest.webmanifest'), '{"name":"CampoSense"}');
    context = await openTestApp(testDrivers()[0]!, { consoleDir });
  });
  afterAll(async () => {
    await closeTestApp(context);
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml', encoding?: string) =>
    context.app.inject({ method: 'GET', url, headers: { accept, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('serves the files written at build time by the accepted encoding', async () => {
    const br = await get('/assets/app-Abc123.js', '*/*', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(BIG_ASSET);

    const gzip = await get('/assets/app-Abc123.js', '*/*', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(BIG_ASSET);

    const plain = await get('/assets/app-Abc123.js', '*/*');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('caches hashed assets for a year and revalidates index.html every time', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const asset = await get('/assets/app-Abc123.js', '*/*', encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/some/route']) {
      for (const encoding of [undefined, 'gzip']) {
        const page = await get(url, undefined, encoding);
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('revalidates the service worker and the manifest on every use, so a deployment reaches every browser', async () => {
    const worker = await get('/sw.js', '*/*');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest', '*/*');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

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
