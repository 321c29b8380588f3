import { DashboardFiltersProvider, GlobalFiltersProvider } from '@camposense/data-access';
import type { SessionUser } from '@camposense/domain';
import { Toaster, UnsavedChangesProvider } from '@camposense/ui';
import { NavigationProvider } from '../navigation/navigation';
import { ConsoleShell } from './console-shell';

export interface SignedInAppProps {
  user: SessionUser;
}

/** Everything a signed-in operator uses, in a chunk of its own that the login screen never loads. */
export function SignedInApp({ user }: SignedInAppProps) {
  return (
    <NavigationProvider>
      <GlobalFiltersProvider>
        <DashboardFiltersProvider>
          <UnsavedChangesProvider>
            <ConsoleShell user={user} />
            <Toaster />
          </UnsavedChangesProvider>
        </DashboardFiltersProvider>
      </GlobalFiltersProvider>
    </NavigationProvider>
  );
}

export default SignedInApp;
