import type { SessionUser } from '@camposense/domain';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readDashboardAhead } from '../nodes/dashboard-read-ahead';
import { useNodosConLocalizacion } from '../nodes/nodes-query';
import { announceAccessToken, announceSessionEnd, setTokenSource } from './api-client';
import { forgetReadsWhenSessionEnds } from './session-reads';

const admin = (id: number): SessionUser => ({ id, email: `u${id}@camposense.dev`, user_metadata: { firstname: null, lastname: null, rol: 'admin' } });

/** Each token's own node list, answered when the test lets it (`release`), as a slow link would. */
function nodesByToken() {
  const pending: Array<() => void> = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const token = new Headers(init?.headers).get('Authorization')?.replace('Bearer ', '') ?? 'none';
    const path = new URL(String(input), 'http://console.test').pathname;
    const body = path === '/api/sense/nodos-con-localizacion' ? [{ nodoid: token === 'token-a' ? 1 : 2, nodo: `nodo of ${token}` }] : [];
    return new Promise<Response>((resolve) => {
      pending.push(() => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })));
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    release: () => pending.splice(0).forEach((answer) => answer()),
    nodeReadsWith: (token: string) =>
      fetch.mock.calls.filter(([input, init]) => new URL(String(input), 'http://console.test').pathname === '/api/sense/nodos-con-localizacion' && new Headers(init?.headers).get('Authorization') === `Bearer ${token}`).length,
  };
}

/** Until the answers released have been read and put where they go. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

let token: string | null = null;
let user: SessionUser | null = null;
const signInAs = (next: string, id: number) => {
  token = next;
  user = admin(id);
  announceAccessToken();
};
const signOut = () => {
  token = null;
  user = null;
  announceSessionEnd();
};

beforeAll(() => {
  forgetReadsWhenSessionEnds();
  setTokenSource({ getAccessToken: () => token, getSessionUser: () => user });
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('forgetReadsWhenSessionEnds (a shared phone, no reload between two people)', () => {
  it("draws the next user nothing of the previous one's cached answers", async () => {
    const api = nodesByToken();
    signInAs('token-a', 1);
    const first = renderHook(() => useNodosConLocalizacion());
    api.release();
    await waitFor(() => expect(first.result.current.data).toEqual([{ nodoid: 1, nodo: 'nodo of token-a' }]));
    first.unmount();

    signOut();
    signInAs('token-b', 2);
    const next = renderHook(() => useNodosConLocalizacion());
    expect(next.result.current.data).toBeUndefined();
    expect(next.result.current.isLoading).toBe(true);
    await settled();
    api.release();
    await waitFor(() => expect(next.result.current.data).toEqual([{ nodoid: 2, nodo: 'nodo of token-b' }]));
  });

  it("never hands the next user a read made ahead for the previous one, even when it answers after the sign-out", async () => {
    const api = nodesByToken();
    signInAs('token-a', 1);
    readDashboardAhead();
    expect(api.nodeReadsWith('token-a')).toBe(1);

    signOut();
    // The previous user's answer comes back after the sign-out: it is put nowhere.
    api.release();
    await settled();
    signInAs('token-b', 3);
    const next = renderHook(() => useNodosConLocalizacion());
    expect(next.result.current.data).toBeUndefined();
    await settled();
    // Its own request, not the previous session's in flight.
    expect(api.nodeReadsWith('token-b')).toBe(1);
    api.release();
    await waitFor(() => expect(next.result.current.data).toEqual([{ nodoid: 2, nodo: 'nodo of token-b' }]));
  });

  it('drops the reads still waiting for the ended session to renew', async () => {
    const api = nodesByToken();
    token = null;
    // A reload's read-ahead waits for the renewal, which the server refuses: the session ends.
    readDashboardAhead();
    signOut();
    signInAs('token-b', 4);
    await settled();
    expect(api.nodeReadsWith('token-b')).toBe(0);
  });
});
