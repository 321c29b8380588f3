import type { Session, SessionUser } from '@camposense/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { announceAccessToken, announceSessionEnd, offerRenewedSession, setTokenSource } from '../client/api-client';
import { forgetKeptAnswers } from '../client/offline-cache';
import { logoutRequest, refreshRequest, signInRequest, type RefreshResult, type SignInResult } from './auth-api';
import { hasSessionMarker, readStoredProfile, storeEmail, storeProfile, storeSessionMarker } from './session-storage';
import { openTabChannel, withRefreshLock, type TabChannel, type TabMessage } from './tab-sync';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export type SignOutResult = { ok: true } | { ok: false; reason: 'unexpected' };

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** Always ends the session here; `unexpected` when the server could not be told. */
  signOut: () => Promise<SignOutResult>;
  /**
   * Set when the last sign-out could not reach the server (the local session is gone anyway):
   * the console shows the spec's "Error inesperado durante el cierre de sesión". Cleared by the
   * next sign-in.
   */
  signOutError: 'unexpected' | null;
}

/** Refresh this long before the access token expires, so requests never meet an expired one. */
export const REFRESH_MARGIN_MS = 60_000;
/** Up to this much earlier still, at random, so tabs without Web Locks rarely collide. */
export const REFRESH_JITTER_MS = 5_000;
/** After a refresh that got no answer, try again this much later. */
export const REFRESH_RETRY_MS = 30_000;

const AuthContext = createContext<AuthContextValue | null>(null);

/** The renewal the page's entry started before React's first draw, until the provider takes it. */
let earlyRenewal: Promise<RefreshResult> | null = null;

/** A reload's early renewal: when its request has left, and when its answer has been taken. */
export interface EarlyRenewal {
  left: Promise<void>;
  answered: Promise<void>;
}

/**
 * Starts the session's renewal at once, where a session was open (issue 30, repeat visit): the
 * page's entry (apps/console main.tsx) calls it before React draws, so the one round trip a reload
 * must make leaves with the first script instead of after React's first commit and effects (on a
 * slow phone, behind the evaluation of the console's chunk). It holds the cross-tab refresh lock
 * like every refresh; the provider's start-up refresh adopts its answer instead of asking again,
 * and until it does, reads carry the answer's token (api-client `offerRenewedSession`).
 * `left` resolves once the request has left (the lock granted), `answered` once its answer has
 * been taken (and its token lent): the entry draws after the one and compiles the console's chunk
 * after the other, since the lock's grant and the answer's handling are tasks that would wait
 * behind them. Null when no session was open here.
 */
export function renewSessionEarly(): EarlyRenewal | null {
  if (earlyRenewal || !hasSessionMarker()) return null;
  let sent: () => void = () => undefined;
  const left = new Promise<void>((resolve) => {
    sent = resolve;
  });
  let taken: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    taken = resolve;
  });
  earlyRenewal = withRefreshLock(() => {
    const answer = refreshRequest();
    sent();
    // From the answer itself, not from the lock's promise: that one settles only once the lock's
    // release has gone through the browser, a task behind whatever runs meanwhile.
    void answer.then((result) => {
      if (result.ok) offerRenewedSession(result.session.access_token, result.session.user);
      taken();
    });
    return answer;
  });
  return { left, answered };
}

function takeEarlyRenewal(): Promise<RefreshResult> | null {
  const early = earlyRenewal;
  earlyRenewal = null;
  return early;
}

/**
 * Who the console shows when the session could not be renewed at start-up (issue 30, item 2): the
 * last signed-in profile, and only when the refresh got no answer at all (offline). A refusal (400,
 * 401, 403) or a server failure never opens the console.
 */
export function offlineUser(result: RefreshResult, storedProfile: SessionUser | null): SessionUser | null {
  return !result.ok && result.reason === 'unreachable' ? storedProfile : null;
}

function expiresSoon(session: Session): boolean {
  return session.expires_at * 1000 - Date.now() <= REFRESH_MARGIN_MS;
}

/** The session as this tab keeps it: the refresh token stays in its httpOnly cookie only. */
function withoutRefreshToken(session: Session): Session {
  return { ...session, refresh_token: '' };
}

export interface AuthProviderProps {
  children: ReactNode;
}

/**
 * Holds who is signed in (docs/security.md). The access token lives in memory; a reload asks
 * the refresh cookie for a new one while the status is `loading`, so the login never flashes.
 * A timer refreshes shortly before expiry, the fetch client refreshes once on a 401, and tabs
 * share sign-in, refresh and sign-out through BroadcastChannel, serialising refreshes with the
 * Web Lock `camposense-refresh`.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  // Opened without signal (offlineUser): the profile shown until the server answers; no token.
  const [restoredUser, setRestoredUser] = useState<SessionUser | null>(null);
  const restoredRef = useRef(false);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [signOutError, setSignOutError] = useState<'unexpected' | null>(null);
  // Refs, not state, for what callbacks outside React's render (timers, the fetch client, other
  // tabs) must read at the moment they run.
  const sessionRef = useRef<Session | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlightRef = useRef<Promise<boolean> | null>(null);
  const channelRef = useRef<TabChannel | null>(null);
  const refreshRef = useRef<() => Promise<boolean>>(async () => false);

  const schedule = useCallback((current: Session | null, delay?: number) => {
    clearTimeout(timerRef.current);
    if (!current) return;
    const wait = delay ?? current.expires_at * 1000 - Date.now() - REFRESH_MARGIN_MS - Math.random() * REFRESH_JITTER_MS;
    timerRef.current = setTimeout(() => void refreshRef.current(), Math.max(0, wait));
  }, []);

  const adopt = useCallback(
    (next: Session | null) => {
      const kept = next ? withoutRefreshToken(next) : null;
      sessionRef.current = kept;
      setSession(kept);
      restoredRef.current = false;
      setRestoredUser(null);
      storeProfile(kept?.user ?? null);
      setStatus(kept ? 'signed-in' : 'signed-out');
      schedule(kept);
      if (kept) announceAccessToken();
      else announceSessionEnd();
    },
    [schedule],
  );

  const endLocally = useCallback(() => {
    adopt(null);
    storeSessionMarker(false);
    // A shared phone must not show the next person this one's data without signal.
    void forgetKeptAnswers();
    channelRef.current?.post({ type: 'signed-out' });
  }, [adopt]);

  const announce = useCallback((next: Session) => {
    storeSessionMarker(true);
    channelRef.current?.post({ type: 'session', session: withoutRefreshToken(next) });
  }, []);

  const lastRefreshRef = useRef<RefreshResult | null>(null);
  const refresh = useCallback((): Promise<boolean> => {
    // One refresh at a time in this tab: the timer and several 401s share it.
    if (inFlightRef.current) return inFlightRef.current;
    const tokenAtCall = sessionRef.current?.access_token ?? null;
    const settle = (result: RefreshResult): boolean => {
      lastRefreshRef.current = result;
      if (result.ok) {
        adopt(result.session);
        announce(result.session);
        return true;
      }
      if (result.reason === 'rejected') {
        endLocally();
        return false;
      }
      // No answer: keep the session (its access token may still work) and try again soon.
      schedule(sessionRef.current, REFRESH_RETRY_MS);
      return false;
    };
    // The page's early renewal, made under the lock, is this refresh's answer: taking the lock again
    // to read it would only wait for the lock's grant, a task behind the first draws.
    const early = takeEarlyRenewal();
    const run = (
      early
        ? early.then(settle)
        : withRefreshLock(async () => {
            const current = sessionRef.current;
            // Another tab refreshed while this one waited for the lock; its token came by broadcast.
            if (current && current.access_token !== tokenAtCall && !expiresSoon(current)) return true;
            return settle(await refreshRequest());
          })
    ).finally(() => {
      inFlightRef.current = null;
    });
    inFlightRef.current = run;
    return run;
  }, [adopt, announce, endLocally, schedule]);
  refreshRef.current = refresh;

  useEffect(() => {
    const onMessage = (message: TabMessage) => {
      if (message.type === 'signed-out') {
        adopt(null);
        return;
      }
      const current = sessionRef.current;
      if (!current || message.session.expires_at >= current.expires_at) adopt(message.session);
    };
    channelRef.current = openTabChannel(onMessage);
    setTokenSource({
      getAccessToken: () => sessionRef.current?.access_token ?? null,
      refresh: () => refreshRef.current(),
      awaitingRenewal: () => restoredRef.current,
      getSessionUser: () => sessionRef.current?.user ?? null,
    });
    if (hasSessionMarker()) {
      void refreshRef.current().then((renewed) => {
        if (renewed || sessionRef.current) return;
        const user = lastRefreshRef.current ? offlineUser(lastRefreshRef.current, readStoredProfile()) : null;
        if (user) {
          restoredRef.current = true;
          setRestoredUser(user);
          setStatus('signed-in');
        } else {
          setStatus('signed-out');
        }
      });
    } else {
      setStatus('signed-out');
    }
    // Opened without signal: the signal's return is the moment to ask the cookie again.
    const renewWhenOnline = () => {
      if (restoredRef.current && !sessionRef.current) void refreshRef.current();
    };
    window.addEventListener('online', renewWhenOnline);
    return () => {
      window.removeEventListener('online', renewWhenOnline);
      channelRef.current?.close();
      channelRef.current = null;
      clearTimeout(timerRef.current);
      setTokenSource({ getAccessToken: () => null });
    };
  }, [adopt]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await signInRequest(email, password);
      if (result.ok) {
        storeEmail(result.response.user.email);
        setSignOutError(null);
        adopt(result.response.session);
        announce(result.response.session);
      }
      return result;
    },
    [adopt, announce],
  );

  const signOut = useCallback(async (): Promise<SignOutResult> => {
    const accessToken = sessionRef.current?.access_token ?? null;
    // The local session ends first and whatever happens: the screen goes back to the login at once.
    endLocally();
    const answered = await logoutRequest(accessToken);
    setSignOutError(answered ? null : 'unexpected');
    return answered ? { ok: true } : { ok: false, reason: 'unexpected' };
  }, [endLocally]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user: session?.user ?? restoredUser, signIn, signOut, signOutError }),
    [status, session, restoredUser, signIn, signOut, signOutError],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
