import { hasSessionMarker, readDashboardEarly, useAuth } from '@camposense/data-access';
import { BootBoundary, BootLoading } from '@camposense/ui';
import { lazy, useEffect, useState } from 'react';
import { whenIdle } from '../idle';
import { DASHBOARD_PATH } from '../navigation/paths';
import type { preloadScreenAt, SignedInApp as SignedInAppComponent } from '../shell/signed-in-app';
import { LoginPage } from './login-page';

type SignedInAppModule = { default: typeof SignedInAppComponent; preloadScreenAt: typeof preloadScreenAt };

let signedInApp: Promise<SignedInAppModule> | null = null;

/**
 * The signed-in console's chunk (Chakra, i18next, the shell) with the shell's texts: it draws once
 * both have arrived. Asked for once; a failed load is asked for again on the next call (retry).
 */
function loadSignedInApp(): Promise<SignedInAppModule> {
  signedInApp ??= Promise.all([import('../shell/signed-in-app'), import('../app/i18n').then(({ shellTexts }) => shellTexts())])
    .then(([app]) => app)
    .catch((error: unknown) => {
      signedInApp = null;
      throw error;
    });
  return signedInApp;
}

/**
 * A page opened where a session was open (a reload, the installed app's next start) fetches the
 * console's chunk and the address's screen as soon as the session's renewal has answered (main.tsx),
 * while the screen's first reads cross the link: they come from the service worker's cache, so the
 * screen is ready when its data is, instead of the renewal, the chunk, the screen and its data
 * following one another (issue 30, repeat visit). A first visit has no marker and leaves the link
 * to the sign-in form.
 */
export function startSignedInAppIfSessionKept(): void {
  if (!hasSessionMarker()) return;
  // The dashboard's first reads leave with the renewed token, not after the chunk has compiled.
  if (window.location.pathname === DASHBOARD_PATH) readDashboardEarly();
  void loadSignedInApp()
    .then((app) => app.preloadScreenAt(window.location.pathname))
    .catch(() => undefined);
}

/**
 * While the visitor types, the browser fetches the console's chunk when it has nothing else to do,
 * so signing in does not wait for it; the form itself never waits for it (issue 30, item 3).
 */
function useWarmSignedInApp(signedOut: boolean) {
  useEffect(() => {
    if (!signedOut) return undefined;
    return whenIdle(() => void loadSignedInApp().catch(() => undefined), { timeoutMs: 5000, fallbackMs: 2000 });
  }, [signedOut]);
}

/** The three screens that derive from the session: loading, signed out, signed in. */
export function AuthGate() {
  const { status, user } = useAuth();
  // A new lazy component on retry: React keeps a lazy one's failure for good.
  const [SignedInApp, setSignedInApp] = useState(() => lazy(loadSignedInApp));
  const signedOut = status === 'signed-out' || (status !== 'loading' && !user);
  useWarmSignedInApp(signedOut);
  if (status === 'loading') return <BootLoading fullScreen />;
  if (signedOut || !user) return <LoginPage />;
  return (
    <BootBoundary onRetry={() => setSignedInApp(() => lazy(loadSignedInApp))}>
      <SignedInApp user={user} />
    </BootBoundary>
  );
}
