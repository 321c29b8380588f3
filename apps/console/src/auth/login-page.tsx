import { readStoredEmail, useAuth, type SignInResult } from '@camposense/data-access';
import { useSignedOutTexts, type SignedOutTranslate } from '@camposense/i18n';
import { LoginScreen, SignedOutUpdatePrompt } from '@camposense/ui';
import { useState } from 'react';
import { NewVersionPrompt } from '../pwa/new-version-prompt';

/** "45 s", "3 min": how long a rate-limited visitor waits, rounded up to what they can act on. */
function waitText(seconds: number, t: SignedOutTranslate): string {
  return seconds < 60 ? t('errors.waitSeconds', { count: seconds }) : t('errors.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/** The spec's error catalogue for a failed sign-in (section 8), and how long to wait after too many attempts. */
export function signInErrorMessage(
  result: Exclude<SignInResult, { ok: true }>,
  t: SignedOutTranslate,
): string {
  switch (result.reason) {
    case 'rate-limited':
      return result.retryAfterSeconds === null
        ? t('errors.tooManyAttempts')
        : t('errors.tooManyAttemptsWait', { wait: waitText(result.retryAfterSeconds, t) });
    case 'rejected':
      return result.message || t('errors.authentication');
    case 'no-user':
      return t('errors.noUser');
    case 'unexpected':
      return t('errors.unexpectedLogin');
  }
}

export function LoginPage() {
  const { signIn, signOutError } = useAuth();
  const { t } = useSignedOutTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit({ email, password }: { email: string; password: string }) {
    setBusy(true);
    setError(null);
    const result = await signIn(email, password);
    // On success this screen unmounts; only a failure needs its state back.
    if (!result.ok) {
      setError(signInErrorMessage(result, t));
      setBusy(false);
    }
  }

  // A sign-out whose call failed still ended the session here; say so until the next attempt.
  const shownError = error ?? (signOutError === 'unexpected' ? t('errors.unexpectedLogout') : null);
  return (
    <>
      <LoginScreen onSubmit={(credentials) => void handleSubmit(credentials)} busy={busy} error={shownError} initialEmail={readStoredEmail()} />
      {/* A new version can wait before anyone signs in (issue 30). */}
      <NewVersionPrompt prompt={SignedOutUpdatePrompt} />
    </>
  );
}
