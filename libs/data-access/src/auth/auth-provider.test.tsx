import type { Session, SessionUser } from '@camposense/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onSessionEnd } from '../client/api-client';
import { AuthProvider, REFRESH_MARGIN_MS, REFRESH_RETRY_MS, renewSessionEarly, useAuth } from './auth-provider';
import type { AuthContextValue, AuthStatus } from './auth-provider';
import { PROFILE_STORAGE_KEY, SESSION_STORAGE_KEY } from './session-storage';

const user: SessionUser = {
  id: 1,
  email: 'admin@camposense.dev',
  user_metadata: { firstname: 'Ana', lastname: 'Admin', rol: 'admin' },
};

const ACCESS_TTL_MS = 900_000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthorized = () => json(401, { error: { code: 'UNAUTHORIZED', message: 'No autorizado' } });

/** Lets real (not faked) asynchronous work finish: fetch answers, BroadcastChannel messages. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 100; round += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

/**
 * The API's session endpoints as the browser sees them, with one cookie jar for every tab: the
 * refresh token is read from the jar when the request leaves, rotated on success, and a token
 * presented twice revokes the session, as the server does.
 */
function fakeApi() {
  let generation = 0;
  let cookie: string | null = null;
  let revoked = false;
  const spent = new Set<string>();
  const state = {
    refreshFailure: null as null | 'rejected' | 'forbidden' | 'server' | 'network',
    logoutFailure: null as null | 'server' | 'network',
    reuseDetected: false,
    refreshes: 0,
    concurrentRefreshes: 0,
    maxConcurrentRefreshes: 0,
    logoutAuthorization: undefined as string | null | undefined,
    /** Event-loop turns a refresh takes to answer: a slow network keeps two tabs' refreshes overlapping. */
    refreshLatency: 1,
  };
  const currentAccess = () => `access-${generation}`;
  const issue = (): Session => {
    generation += 1;
    cookie = `refresh-${generation}`;
    return {
      access_token: currentAccess(),
      refresh_token: cookie,
      expires_in: ACCESS_TTL_MS / 1000,
      expires_at: Math.floor((Date.now() + ACCESS_TTL_MS) / 1000),
      user,
    };
  };
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const authorization = new Headers(init.headers).get('Authorization');
    switch (url) {
      case '/api/auth/login': {
        revoked = false;
        const session = issue();
        return json(200, { success: true, user, session });
      }
      case '/api/auth/refresh': {
        const presented = cookie;
        state.refreshes += 1;
        state.concurrentRefreshes += 1;
        state.maxConcurrentRefreshes = Math.max(state.maxConcurrentRefreshes, state.concurrentRefreshes);
        for (let turn = 0; turn < state.refreshLatency; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        state.concurrentRefreshes -= 1;
        if (state.refreshFailure === 'network') throw new TypeError('Failed to fetch');
        if (state.refreshFailure === 'forbidden') return json(403, { error: { code: 'FORBIDDEN', message: 'Cuenta desactivada' } });
        if (state.refreshFailure === 'server') return json(503, { error: { code: 'UNAVAILABLE', message: 'Base de datos no disponible' } });
        if (state.refreshFailure === 'rejected' || !presented || revoked) return unauthorized();
        if (spent.has(presented)) {
          state.reuseDetected = true;
          revoked = true;
          return unauthorized();
        }
        spent.add(presented);
        return json(200, issue());
      }
      case '/api/auth/logout': {
        state.logoutAuthorization = authorization;
        if (state.logoutFailure === 'network') throw new TypeError('Failed to fetch');
        if (state.logoutFailure === 'server') return json(500, { error: { code: 'INTERNAL', message: 'Error interno' } });
        revoked = true;
        cookie = null;
        return new Response(null, { status: 204 });
      }
      case '/api/sense/paises':
        return authorization === `Bearer ${currentAccess()}` ? json(200, [{ paisid: 1 }]) : unauthorized();
      default:
        return json(404, { error: { code: 'NOT_FOUND', message: url } });
    }
  });
  return {
    fetchMock,
    state,
    /** A cookie left by an earlier visit, as after a reload. */
    giveCookie: () => {
      issue();
    },
    /** Ages the access tokens out on the server (as if the signing key changed). */
    rotateAccessTokens: () => {
      generation += 1;
      cookie = cookie ? `refresh-${generation}` : null;
    },
    calls: (path: string) => fetchMock.mock.calls.filter(([url]) => url === path).length,
  };
}

/** One browser tab: an AuthProvider and a probe that shows and records its state. */
function renderTab(label = 'tab') {
  const handle: { current: AuthContextValue | null } = { current: null };
  const statuses: AuthStatus[] = [];
  function Probe() {
    const auth = useAuth();
    handle.current = auth;
    if (statuses.at(-1) !== auth.status) statuses.push(auth.status);
    return (
      <p data-testid={label}>
        {auth.status}
        {auth.user ? ` ${auth.user.email}` : ''}
        {auth.signOutError ? ` error:${auth.signOutError}` : ''}
      </p>
    );
  }
  const view = render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  return { handle, statuses, view, text: () => screen.getByTestId(label).textContent };
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-11-21T08:00:00Z') });
  vi.spyOn(Math, 'random').mockReturnValue(0);
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'locks');
});

async function signIn(tab: ReturnType<typeof renderTab>) {
  await act(async () => {
    await tab.handle.current!.signIn(user.email, 'Campo#Sense2026');
  });
  await settle();
}

describe('AuthProvider: start-up', () => {
  it('shows the login at once, without a call, when no session was ever open here', async () => {
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the session over a reload: the cookie buys a new access token while loading', async () => {
    api.giveCookie();
    localStorage.setItem(SESSION_STORAGE_KEY, '1');
    const tab = renderTab();
    expect(tab.text()).toBe('loading');
    await settle();
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    // Never a flash of the login screen on the way.
    expect(tab.statuses).toEqual(['loading', 'signed-in']);
    // No token is kept where scripts of other pages or a later reader could find it.
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/access-|refresh-/);
  });

  it('adopts the renewal the page started before its first draw, without asking twice', async () => {
    api.giveCookie();
    localStorage.setItem(SESSION_STORAGE_KEY, '1');
    renewSessionEarly();
    expect(api.calls('/api/auth/refresh')).toBe(1);
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    expect(tab.statuses).toEqual(['loading', 'signed-in']);
  });

  it("lends the early renewal's token to reads made before the provider has drawn, and to none after a refusal", async () => {
    api.giveCookie();
    localStorage.setItem(SESSION_STORAGE_KEY, '1');
    const renewal = renewSessionEarly();
    expect(renewal).not.toBeNull();
    await renewal!.left;
    // Answered: its token lent, before any provider has drawn.
    await renewal!.answered;
    // The screen's first reads leave from the page's entry, before React has drawn the provider.
    await expect(apiRequest('/sense/paises')).resolves.toEqual([{ paisid: 1 }]);
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    await act(async () => {
      await tab.handle.current!.signOut();
    });
    await settle();
    expect(tab.text()).toBe('signed-out');
    await expect(apiRequest('/sense/paises')).rejects.toMatchObject({ status: 401 });
    expect(new Headers(api.fetchMock.mock.calls.at(-1)![1]?.headers).get('Authorization')).toBeNull();
    tab.view.unmount();

    // A refused renewal (the session ended elsewhere) lends nothing.
    api.state.refreshFailure = 'rejected';
    localStorage.setItem(SESSION_STORAGE_KEY, '1');
    await renewSessionEarly()!.answered;
    await expect(apiRequest('/sense/paises')).rejects.toMatchObject({ status: 401 });
    expect(new Headers(api.fetchMock.mock.calls.at(-1)![1]?.headers).get('Authorization')).toBeNull();
    const next = renderTab('next');
    await settle();
    expect(next.text()).toBe('signed-out');
  });

  it('starts no early renewal where no session was open', async () => {
    expect(renewSessionEarly()).toBeNull();
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('drops an old stored session (tokens) and goes to the login when the cookie is gone', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'old', refresh_token: 'old', user }));
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
    expect(tab.statuses).toEqual(['loading', 'signed-out']);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('AuthProvider: refresh', () => {
  it('refreshes shortly before the access token expires, all day long', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    expect(tab.text()).toBe(`signed-in ${user.email}`);

    await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS - 1_000);
    expect(api.calls('/api/auth/refresh')).toBe(0);
    await advance(1_000);
    expect(api.calls('/api/auth/refresh')).toBe(1);

    // Eight hours of work: the session never lapses and every request carries a live token.
    for (let quarter = 0; quarter < 32; quarter += 1) {
      await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS);
      await act(async () => {
        await expect(apiRequest('/sense/paises')).resolves.toEqual([{ paisid: 1 }]);
      });
    }
    expect(api.calls('/api/auth/refresh')).toBe(33);
    expect(api.state.reuseDetected).toBe(false);
    expect(tab.text()).toBe(`signed-in ${user.email}`);
  });

  it('refreshes once on a 401 and retries the request with the new token', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    api.rotateAccessTokens();
    let answer: unknown;
    await act(async () => {
      answer = await apiRequest('/sense/paises');
    });
    expect(answer).toEqual([{ paisid: 1 }]);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    expect(api.calls('/api/sense/paises')).toBe(2);
  });

  it('shares one refresh among simultaneous 401s', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    api.rotateAccessTokens();
    await act(async () => {
      await Promise.all([apiRequest('/sense/paises'), apiRequest('/sense/paises'), apiRequest('/sense/paises')]);
    });
    expect(api.calls('/api/auth/refresh')).toBe(1);
    expect(api.state.reuseDetected).toBe(false);
  });

  it('signs out cleanly, with no error, when the refresh is refused', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    const sessionEnded = vi.fn();
    const stopListening = onSessionEnd(sessionEnded);
    api.state.refreshFailure = 'rejected';
    await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS);
    expect(tab.text()).toBe('signed-out');
    expect(sessionEnded).toHaveBeenCalled();
    stopListening();
    expect(tab.handle.current!.signOutError).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session and tries again later when the refresh gets no answer', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    api.state.refreshFailure = 'network';
    await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    api.state.refreshFailure = null;
    await advance(REFRESH_RETRY_MS);
    expect(api.calls('/api/auth/refresh')).toBe(2);
    expect(tab.text()).toBe(`signed-in ${user.email}`);
  });
});

describe('AuthProvider: opening without signal (issue 30)', () => {
  /** A tab that signed in, then closed: the next one opens as after a reload. */
  async function signedInEarlier() {
    const first = renderTab();
    await settle();
    await signIn(first);
    first.view.unmount();
  }

  it('opens signed in with the last profile, and no token, when the refresh gets no answer at all', async () => {
    await signedInEarlier();
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    expect(tab.statuses).toEqual(['loading', 'signed-in']);
    // The profile is all it kept: no token in storage, none sent.
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/access-|refresh-/);
    await expect(apiRequest('/sense/paises')).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['refuses the session (401)', 'rejected'],
    ['forbids the account (403)', 'forbidden'],
    ['answers with a failure (503)', 'server'],
  ] as const)('never opens the console when the server %s: that is not offline', async (_, failure) => {
    await signedInEarlier();
    api.state.refreshFailure = failure;
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
    expect(tab.statuses).toEqual(['loading', 'signed-out']);
  });

  it('forgets the profile when the server ends the session, so a later reload without signal shows the login', async () => {
    await signedInEarlier();
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toContain(user.email);
    api.state.refreshFailure = 'rejected';
    renderTab().view.unmount();
    await settle();
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
  });

  it('shows the login without signal when no profile was kept here', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '1');
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    expect(tab.text()).toBe('signed-out');
  });

  it('renews the session through the cookie when the signal comes back', async () => {
    await signedInEarlier();
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    const refreshes = api.calls('/api/auth/refresh');
    api.state.refreshFailure = null;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(api.calls('/api/auth/refresh')).toBe(refreshes + 1);
    expect(tab.text()).toBe(`signed-in ${user.email}`);
    await expect(apiRequest('/sense/paises')).resolves.toEqual([{ paisid: 1 }]);
  });

  it('renews the session on the first 401 once the server answers again, and retries the request', async () => {
    await signedInEarlier();
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    api.state.refreshFailure = null;
    let answer: unknown;
    await act(async () => {
      answer = await apiRequest('/sense/paises');
    });
    expect(answer).toEqual([{ paisid: 1 }]);
    expect(tab.text()).toBe(`signed-in ${user.email}`);
  });

  it('ends an offline-opened session when the server, reached again, refuses it', async () => {
    await signedInEarlier();
    api.state.refreshFailure = 'network';
    const tab = renderTab();
    await settle();
    api.state.refreshFailure = 'rejected';
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(tab.text()).toBe('signed-out');
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
  });
});

describe('AuthProvider: sign-out', () => {
  it('tells the server (with the bearer token) and goes back to the login', async () => {
    const tab = renderTab();
    await settle();
    await signIn(tab);
    // What the page keeps of the session (SWR's answers, client/session-reads.ts) is forgotten.
    const sessionEnded = vi.fn();
    const stopListening = onSessionEnd(sessionEnded);
    expect(sessionEnded).not.toHaveBeenCalled();
    let result: unknown;
    await act(async () => {
      result = await tab.handle.current!.signOut();
    });
    await settle();
    expect(result).toEqual({ ok: true });
    expect(tab.text()).toBe('signed-out');
    expect(sessionEnded).toHaveBeenCalled();
    stopListening();
    expect(api.state.logoutAuthorization).toMatch(/^Bearer access-/);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The timer died with the session: no refresh an hour later.
    await advance(60 * 60 * 1000);
    expect(api.calls('/api/auth/refresh')).toBe(0);
  });

  it.each([['server', 'a 500'], ['network', 'no answer']] as const)(
    'still ends the local session when the server gives %s, and reports the unexpected failure',
    async (failure, _description) => {
      const tab = renderTab();
      await settle();
      await signIn(tab);
      api.state.logoutFailure = failure;
      let result: unknown;
      await act(async () => {
        result = await tab.handle.current!.signOut();
      });
      await settle();
      expect(result).toEqual({ ok: false, reason: 'unexpected' });
      expect(tab.text()).toBe('signed-out error:unexpected');
      // A new sign-in clears the message.
      api.state.logoutFailure = null;
      await signIn(tab);
      expect(tab.text()).toBe(`signed-in ${user.email}`);
    },
  );
});

describe('AuthProvider: several tabs', () => {
  /** A Web Locks API for the test: one queue per lock name, shared by every tab of the page. */
  function installWebLocks() {
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        const previous = queues.get(name) ?? Promise.resolve();
        const run = previous.then(() => callback());
        queues.set(name, run.catch(() => undefined));
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  }

  it('signs every tab in and out together', async () => {
    const first = renderTab('first');
    const second = renderTab('second');
    await settle();
    await signIn(first);
    expect(second.text()).toBe(`signed-in ${user.email}`);
    await act(async () => {
      await first.handle.current!.signOut();
    });
    await settle();
    expect(first.text()).toBe('signed-out');
    expect(second.text()).toBe('signed-out');
  });

  it('hears a sign-out through the storage event when BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const tab = renderTab();
    await settle();
    await signIn(tab);
    await act(async () => {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, oldValue: '1', newValue: null }));
    });
    expect(tab.text()).toBe('signed-out');
  });

  it('passes a refreshed token to the other tabs, which then do not refresh on the old schedule', async () => {
    const first = renderTab('first');
    await settle();
    await signIn(first);
    await advance(5 * 60 * 1000);
    // Another tab opens (or reloads) and refreshes with the cookie five minutes later.
    const second = renderTab('second');
    await settle();
    expect(second.text()).toBe(`signed-in ${user.email}`);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    // The first tab's own token would have been due now; it took the newer one instead.
    await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS - 5 * 60 * 1000 + 1_000);
    expect(api.calls('/api/auth/refresh')).toBe(1);
    expect(first.text()).toBe(`signed-in ${user.email}`);
    expect(api.state.reuseDetected).toBe(false);
  });

  it('never spends one refresh token twice when the tabs refresh at the same moment (Web Locks)', async () => {
    installWebLocks();
    const first = renderTab('first');
    const second = renderTab('second');
    await settle();
    await signIn(first);
    api.state.refreshLatency = 30;
    // Both tabs hold the same token and so the same timer: they fire together, over a slow network.
    for (let quarter = 0; quarter < 4; quarter += 1) await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS);
    expect(api.state.maxConcurrentRefreshes).toBe(1);
    expect(api.state.reuseDetected).toBe(false);
    expect(first.text()).toBe(`signed-in ${user.email}`);
    expect(second.text()).toBe(`signed-in ${user.email}`);
  });

  it('reloads one tab while another is open without ending the session', async () => {
    installWebLocks();
    const first = renderTab('first');
    await settle();
    await signIn(first);
    const reloaded = renderTab('reloaded');
    await settle();
    expect(reloaded.text()).toBe(`signed-in ${user.email}`);
    expect(first.text()).toBe(`signed-in ${user.email}`);
    await advance(ACCESS_TTL_MS - REFRESH_MARGIN_MS);
    expect(api.state.reuseDetected).toBe(false);
    expect(first.text()).toBe(`signed-in ${user.email}`);
    expect(reloaded.text()).toBe(`signed-in ${user.email}`);
  });
});
