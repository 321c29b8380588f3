import { useAuth } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
// eslint-disable-next-line no-restricted-imports -- the session check's full-screen spinner, before any query
import { LoadingState, ScreenBoundary } from '@camposense/ui';
import { lazy } from 'react';
import { shellTexts } from '../app/i18n';
import { LoginPage } from './login-page';

// Its texts come with the full dictionaries: draw it once both have arrived.
const SignedInApp = lazy(() => Promise.all([import('../shell/signed-in-app'), shellTexts()]).then(([app]) => app));

/** The three screens that derive from the session: loading, signed out, signed in. */
export function AuthGate() {
  const { status, user } = useAuth();
  const { t } = useTranslation();
  if (status === 'loading') return <LoadingState label={t('app.loading')} fullScreen />;
  if (status === 'signed-out' || !user) return <LoginPage />;
  return (
    <ScreenBoundary loadingLabel={t('app.loading')}>
      <SignedInApp user={user} />
    </ScreenBoundary>
  );
}
