import { testDrivers } from '@camposense/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, openTestApp } from '../../testing/test-app';
import type { TestContext } from '../../testing/test-app';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const [pglite] = testDrivers();

describe('OpenAPI document and Swagger UI', () => {
  let context: TestContext;
  let document: OpenApi;
  beforeAll(async () => {
    context = await openTestApp(pglite!);
    document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  });
  afterAll(() => closeTestApp(context));

  it('documents every sense call with its parameters, body and responses', () => {
    const expected: [string, string, string[]][] = [
      ['/api/sense/paises', 'get', []],
      ['/api/sense/empresas', 'get', ['paisId']],
      ['/api/sense/fundos', 'get', ['empresaId']],
      ['/api/sense/ubicaciones', 'get', ['fundoId']],
      ['/api/sense/entidades', 'get', ['ubicacionId']],
      ['/api/sense/metricas', 'get', []],
      ['/api/sense/nodos', 'get', []],
      ['/api/sense/tipos', 'get', []],
      ['/api/sense/localizaciones', 'get', []],
      ['/api/sense/mediciones', 'get', ['ubicacionId', 'startDate', 'endDate', 'limit', 'countOnly', 'getAll']],
      ['/api/sense/mediciones-con-entidad', 'get', ['entidadId', 'ubicacionId', 'startDate', 'endDate', 'limit', 'countOnly', 'getAll']],
      ['/api/sense/nodos-con-localizacion', 'get', ['limit']],
      ['/api/sense/{table}', 'get', ['table', 'limit', 'page', 'pageSize', 'search', 'sortBy', 'sortOrder']],
      ['/api/sense/{table}', 'post', ['table']],
      ['/api/sense/{table}/columns', 'get', ['table']],
      ['/api/sense/{table}/info', 'get', ['table']],
      ['/api/sense/{table}/constraints', 'get', ['table']],
      ['/api/sense/{table}/{id}', 'put', ['table', 'id']],
      ['/api/sense/{table}/{id}', 'delete', ['table', 'id']],
      ['/api/sense/{table}/composite', 'put', ['table']],
      ['/api/sense/{table}/composite', 'delete', ['table']],
      ['/api/sense/{table}/bulk', 'post', ['table']],
      ['/api/sense/{table}/labels', 'get', ['table', 'ids', 'search', 'page', 'pageSize']],
    ];
    for (const [path, method, parameters] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.parameters?.map((parameter) => parameter.name) ?? [], `${method} ${path}`).toEqual(
        expect.arrayContaining(parameters),
      );
      expect(operation!.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '401', '404']));
      if (method === 'post' || method === 'put') expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/sense/{table}']!['post']!.responses).toHaveProperty('201');
    expect(document.paths['/api/sense/{table}/{id}']!['delete']!.responses).toHaveProperty('204');
    expect(JSON.stringify(document.paths['/api/sense/{table}']!['post'])).toContain('readOnly');
    const bulk = JSON.stringify(document.paths['/api/sense/{table}/bulk']!['post']);
    expect(bulk).toContain('"maxItems":100000');
    expect(bulk).toContain('413');
    expect(bulk).toContain('dryRun');
  });

  it('serves Swagger UI at /api/docs from its own assets, loading nothing from another origin', async () => {
    const index = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    const assets = [...index.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://localhost/api/docs/').pathname;
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const initializer = await context.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    expect(initializer.body).not.toMatch(/url: ["']https?:/);
    const spec = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json<OpenApi>().paths).toHaveProperty(['/api/sense/mediciones']);
  });
});
