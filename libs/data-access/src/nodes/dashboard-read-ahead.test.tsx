import type { SessionUser } from '@camposense/domain';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceAccessToken, announceSessionEnd, setTokenSource } from '../client/api-client';
import { useMetricas } from '../metrics/metrics-query';
import { useFundos, usePaises } from '../places/hierarchy-query';
import { resetDetectCache } from '../sense/detect';
import { useUserAccess } from '../user-access/user-access-query';
import { readDashboardAhead } from './dashboard-read-ahead';
import { readDashboardEarly } from './dashboard-reads-early';
import { useNodosConLocalizacion } from './nodes-query';

const user = (id: number, rol: 'admin' | 'user'): SessionUser => ({ id, email: `u${id}@camposense.dev`, user_metadata: { firstname: null, lastname: null, rol } });

const node = { nodoid: 7, nodo: 'Nodo 7' };
const farm = { fundoid: 4, fundo: 'Fundo Sur' };
const country = { paisid: 2, pais: 'Chile' };

/** The API as the read-ahead meets it; `grant` is the user's answer of /accesos. */
function answering(grant: { todas: boolean; accesos: unknown[] }) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://console.test').pathname;
    const body =
      path === '/api/sense/detect'
        ? { available: true }
        : path.endsWith('/accesos')
          ? { usuarioid: 2, ...grant }
          : path === '/api/sense/fundos'
            ? [farm]
            : path === '/api/sense/nodos-con-localizacion'
              ? [node]
              : path === '/api/sense/metricas'
                ? [{ metricaid: 1 }]
                : path === '/api/sense/paises'
                  ? [country]
                  : null;
    return new Response(JSON.stringify(body), { status: body === null ? 404 : 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { paths: () => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://console.test').pathname) };
}

/** Until every read made ahead has answered and been put in the cache. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource({ getAccessToken: () => null });
  // The reads asked early are the session's: its end forgets them.
  announceSessionEnd();
  resetDetectCache();
});

describe('readDashboardAhead', () => {
  it('waits for the token, then reads the grant, the farms it decides on, the node list, the metrics and the countries, once each', async () => {
    const api = answering({ todas: false, accesos: [{ empresaid: 3, empresa: 'Viñedos', paisid: 2, pais: 'Chile', nivel: 'operacion' }] });
    let token: string | null = null;
    setTokenSource({ getAccessToken: () => token, getSessionUser: () => user(2, 'user') });
    readDashboardAhead();
    await settled();
    // A reload's renewal has not answered: nothing may be read (a refused session reads nothing).
    expect(api.paths()).toEqual([]);
    token = 'token-2';
    announceAccessToken();
    // All at once: the farms and the countries beside the grant and the schema check, not after them.
    expect([...api.paths()].sort()).toEqual([
      '/api/sense/detect',
      '/api/sense/fundos',
      '/api/sense/metricas',
      '/api/sense/nodos-con-localizacion',
      '/api/sense/paises',
      '/api/sense/usuarios/2/accesos',
    ]);
    await settled();
    expect([...api.paths()].sort()).toEqual(['/api/sense/detect', '/api/sense/fundos', '/api/sense/metricas', '/api/sense/nodos-con-localizacion', '/api/sense/paises', '/api/sense/usuarios/2/accesos']);

    // The hooks draw the answers on their first render, without a loading state or a second request.
    const { result } = renderHook(() => ({
      nodes: useNodosConLocalizacion(),
      metricas: useMetricas(),
      access: useUserAccess(2),
      farms: useFundos(null, { allWhenNone: true }),
      countries: usePaises(),
    }));
    expect(result.current.nodes).toMatchObject({ data: [node], isLoading: false });
    expect(result.current.countries.data).toEqual([country]);
    expect(result.current.metricas.data).toEqual([{ metricaid: 1 }]);
    expect(result.current.access.data?.accesos).toHaveLength(1);
    expect(result.current.farms.data).toEqual([farm]);
    await settled();
    expect(api.paths()).toHaveLength(6);
  });

  it("hands no farms to a user who holds every company, and asks no grant for an admin (the console never asks an admin's)", async () => {
    const api = answering({ todas: true, accesos: [] });
    setTokenSource({ getAccessToken: () => 'token-5', getSessionUser: () => user(5, 'user') });
    const handed: string[] = [];
    readDashboardEarly((read) => handed.push(read.key.join('/')));
    await settled();
    expect(api.paths()).toContain('/api/sense/usuarios/5/accesos');
    // Asked beside the grant, before it was known, but not handed on to SWR's cache.
    expect(api.paths()).toContain('/api/sense/fundos');
    expect(handed).toContain('user-access/5');
    expect(handed).not.toContain('places/farms/all');

    const admin = answering({ todas: true, accesos: [] });
    setTokenSource({ getAccessToken: () => 'token-1', getSessionUser: () => user(1, 'admin') });
    readDashboardAhead();
    await settled();
    expect(admin.paths().some((path) => path.endsWith('/accesos'))).toBe(false);
  });

  it("hands the signed-in chunk the answers the page's entry asked before it compiled, without asking twice", async () => {
    const api = answering({ todas: false, accesos: [{ empresaid: 3, empresa: 'Viñedos', paisid: 2, pais: 'Chile', nivel: 'operacion' }] });
    let token: string | null = null;
    setTokenSource({ getAccessToken: () => token, getSessionUser: () => user(2, 'user') });
    // The entry, at a reload of /dashboard: no SWR yet, the renewal on its way.
    readDashboardEarly();
    expect(api.paths()).toEqual([]);
    token = 'token-2';
    announceAccessToken();
    expect(api.paths()).toHaveLength(6);
    await settled();
    expect(api.paths()).toHaveLength(6);

    // The chunk arrives after the answers.
    readDashboardAhead();
    const { result } = renderHook(() => ({
      nodes: useNodosConLocalizacion(),
      access: useUserAccess(2),
      farms: useFundos(null, { allWhenNone: true }),
      countries: usePaises(),
    }));
    await settled();
    expect(result.current.nodes.data).toEqual([node]);
    expect(result.current.access.data?.accesos).toHaveLength(1);
    expect(result.current.farms.data).toEqual([farm]);
    expect(result.current.countries.data).toEqual([country]);
    expect(api.paths()).toHaveLength(6);
  });

  it('asks again for the next session what the previous one asked early', async () => {
    const api = answering({ todas: true, accesos: [] });
    setTokenSource({ getAccessToken: () => 'token-1', getSessionUser: () => user(1, 'admin') });
    readDashboardEarly();
    expect(api.paths().filter((path) => path === '/api/sense/nodos-con-localizacion')).toHaveLength(1);
    announceSessionEnd();
    setTokenSource({ getAccessToken: () => 'token-3', getSessionUser: () => user(3, 'admin') });
    readDashboardAhead();
    expect(api.paths().filter((path) => path === '/api/sense/nodos-con-localizacion')).toHaveLength(2);
  });
});
