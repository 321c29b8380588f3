import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from './http/compression';
import { closeSenseContext, openSenseContext } from './testing/sense-context';
import type { SenseContext } from './testing/sense-context';

/** A list answer well above the threshold on the test farm. */
const BIG_LIST = '/api/sense/sensor?limit=500';

describe.each(testDrivers())('compressed answers and ETags on $kind', (driver) => {
  let context: SenseContext;
  let base: string;
  beforeAll(async () => {
    context = await openSenseContext(driver);
    base = await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => closeSenseContext(context));

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers: { authorization: context.bearer, ...headers } });

  it('compresses a big JSON answer with brotli or gzip, as the client accepts, and the body is the same', async () => {
    const plain = await get(BIG_LIST);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get(BIG_LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get(BIG_LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends small answers as they are', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('answers a repeated list read with 304 and no body, and a changed list with a new ETag', async () => {
    const first = await get('/api/sense/pais');
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();

    const again = await get('/api/sense/pais', { 'if-none-match': tag, 'accept-encoding': 'br, gzip' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('/api/sense/pais')).body).toBe(first.body);

    const created = await context.send('POST', '/api/sense/pais', { pais: 'Etiquetalandia', paisabrev: 'ET' });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await get('/api/sense/pais', { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBeTruthy();
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.body).toContain('Etiquetalandia');
  });

  it('never compresses the live event stream', async () => {
    const ticket = (await context.send('POST', '/api/sense/stream/ticket')).json<{ ticket: string }>().ticket;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/sense/stream?token=${encodeURIComponent(ticket)}`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('etag')).toBeNull();
    } finally {
      controller.abort();
    }
  });
});
