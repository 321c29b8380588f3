import { useAuth } from '@camposense/data-access';
import { useTranslation } from '@camposense/i18n';
import { LoadingState } from '@camposense/ui';
import { SignedInShell } from '../shell/signed-in-shell';
import { LoginPage } from './login-page';

/** The three screens that derive from the session: loading, signed out, signed in. */
export function AuthGate() {
  const { status, user } = useAuth();
  const { t } = useTranslation();
  if (status === 'loading') return <LoadingState label={t('app.loading')} fullScreen />;
  if (status === 'signed-out' || !user) return <LoginPage />;
  return <SignedInShell user={user} />;
}
