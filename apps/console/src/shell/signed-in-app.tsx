import {
  AccessProvider,
  DashboardFiltersProvider,
  forgetReadsWhenSessionEnds,
  GLOBAL_FILTERS_STORAGE_KEY,
  GlobalFiltersProvider,
  readDashboardAhead,
  useKeptAnswersSync,
  useLiveUpdates,
  useOfflineStatus,
  useScopeTimeZone,
} from '@camposense/data-access';
import { DefaultI18nProvider, DisplayTimeZoneContext } from '@camposense/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionUser } from '@camposense/domain';
import { SignedInUiProvider, Toaster, UnsavedChangesProvider, UpdatePrompt, WriteLockProvider } from '@camposense/ui';
import { SWRConfig } from 'swr';
import { i18n } from '../app/i18n';
import { NavigationProvider } from '../navigation/navigation';
import { fromPath, screenOfRoute } from '../navigation/routes';
import { NewVersionPrompt } from '../pwa/new-version-prompt';
import { registerServiceWorker } from '../pwa/register-service-worker';
import { screens } from '../screens/screens';
import { ConsoleShell } from './console-shell';
import { HeldReadsProvider, useReadsHeld } from './shell-status';

// From the moment the console's chunk runs (before a reload's reads made ahead), a sign-out empties
// every answer SWR holds, so none reaches the next person signing in on this page.
forgetReadsWhenSessionEnds();

export interface SignedInAppProps {
  user: SessionUser;
}

/**
 * Everything a signed-in operator uses, in a chunk of its own that the first download leaves out:
 * Chakra with its full system, i18next with the shell's texts (the signed-out screens draw in
 * plain CSS and read their texts without it) and SWR (the login fetches nothing through it).
 */
export function SignedInApp({ user }: SignedInAppProps) {
  // The console is in use: the service worker may install now (its precache finds the console's
  // chunks in the HTTP cache), once the browser is idle.
  useEffect(() => registerServiceWorker({ firstInstall: true }), []);
  // Opened at the dashboard (a reload there): the console's own reads wait for its first draw.
  const [openedAtDashboard] = useState(() => screenOfRoute(fromPath(window.location.pathname)) === screens.dashboard);
  return (
    <DefaultI18nProvider i18n={i18n}>
      <SignedInUiProvider>
        {/* Back online, every screen's data is asked again (issue 30, item 2). */}
        <SWRConfig value={{ revalidateOnFocus: false, revalidateOnReconnect: true }}>
          <NavigationProvider>
            {/* The companies this user is granted (issue 32): the filters and the screens follow them. */}
            <AccessProvider user={user}>
              {/* The tab's sessionStorage: a reload keeps the scope, a new tab or a shared link starts from all. */}
              <GlobalFiltersProvider storageKey={GLOBAL_FILTERS_STORAGE_KEY}>
                {/* The time zone every date is shown in follows the global scope (issue 16). */}
                <DisplayTimeZoneProvider>
                  <DashboardFiltersProvider>
                    <UnsavedChangesProvider>
                      <HeldReadsProvider hold={openedAtDashboard}>
                        <LiveUpdates />
                        <KeptAnswersSync />
                        <OfflineWriteLock>
                          <ConsoleShell user={user} />
                        </OfflineWriteLock>
                      </HeldReadsProvider>
                      <NewVersionPrompt prompt={UpdatePrompt} />
                      <Toaster />
                    </UnsavedChangesProvider>
                  </DashboardFiltersProvider>
                </DisplayTimeZoneProvider>
              </GlobalFiltersProvider>
            </AccessProvider>
          </NavigationProvider>
        </SWRConfig>
      </SignedInUiProvider>
    </DefaultI18nProvider>
  );
}

/** The zone every date is shown in, from the global scope and the setting (issue 16), for every screen. */
function DisplayTimeZoneProvider({ children }: { children: ReactNode }) {
  return <DisplayTimeZoneContext.Provider value={useScopeTimeZone()}>{children}</DisplayTimeZoneContext.Provider>;
}

/** The live stream (inside SWRConfig, whose cache it revalidates), once the console's own reads may go; renders nothing. */
function LiveUpdates() {
  // The stream opens after the screen's first reads (seconds after, when held while the dashboard
  // drew): an alarm raised in between would reach no event, so the live client's first open asks the live views again.
  useLiveUpdates(!useReadsHeld());
  return null;
}

/** Asks the keys again when the service worker's fresh copy of a kept answer differs; renders nothing. */
function KeptAnswersSync() {
  useKeptAnswersSync();
  return null;
}

/** Offline, the buttons that write are disabled with the reason (libs/ui write-lock). */
function OfflineWriteLock({ children }: { children: ReactNode }) {
  return <WriteLockProvider offline={useOfflineStatus().offline}>{children}</WriteLockProvider>;
}

/**
 * Starts fetching the screen of the address bar's route (a reload at /dashboard), so its chunks
 * arrive while the session is renewed rather than after the shell has drawn (issue 30).
 */
export function preloadScreenAt(pathname: string): void {
  const screen = screenOfRoute(fromPath(pathname));
  screen?.preload();
  // Its first reads, too, as soon as the renewal brings the token.
  if (screen === screens.dashboard) readDashboardAhead();
}

export default SignedInApp;
