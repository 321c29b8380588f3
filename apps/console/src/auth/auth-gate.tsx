import { useAuth } from '@camposense/data-access';
import { BootBoundary, BootLoading } from '@camposense/ui';
import { lazy, useEffect, useState } from 'react';
import { whenIdle } from '../idle';
import type { SignedInApp as SignedInAppComponent } from '../shell/signed-in-app';
import { LoginPage } from './login-page';

type SignedInAppModule = { default: typeof SignedInAppComponent };

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
