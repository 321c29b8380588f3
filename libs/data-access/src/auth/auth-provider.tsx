import type { Session, SessionUser } from '@camposense/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setTokenSource } from '../client/api-client';
import { ApiError } from '../client/api-error';
import { fetchMe, signInRequest, type SignInResult } from './auth-api';
import { readStoredSession, storeEmail, storeSession } from './session-storage';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  signIn: (email: string, password: string) => Promise<SignInResult>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isExpired(session: Session): boolean {
  return session.expires_at * 1000 <= Date.now();
}

export interface AuthProviderProps {
  children: ReactNode;
}

/**
 * Holds who is signed in. Loading until the stored session has been checked with the API, so a
 * reload keeps the session without ever flashing the login screen.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  const applySession = useCallback((next: Session | null) => {
    storeSession(next);
    setTokenSource({ getAccessToken: () => next?.access_token ?? null });
    setSession(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  useEffect(() => {
    let cancelled = false;
    const stored = readStoredSession();
    if (!stored || isExpired(stored)) {
      applySession(null);
      return;
    }
    setTokenSource({ getAccessToken: () => stored.access_token });
    fetchMe()
      .then(({ user }) => {
        if (!cancelled) applySession({ ...stored, user });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Only a rejected token ends the session; an unreachable server keeps it for a retry.
        if (error instanceof ApiError && error.status === 401) applySession(null);
        else applySession(stored);
      });
    return () => {
      cancelled = true;
    };
  }, [applySession]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await signInRequest(email, password);
      if (result.ok) {
        storeEmail(result.response.user.email);
        applySession(result.response.session);
      }
      return result;
    },
    [applySession],
  );

  const signOut = useCallback(async () => {
    applySession(null);
  }, [applySession]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user: session?.user ?? null, signIn, signOut }),
    [status, session, signIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
