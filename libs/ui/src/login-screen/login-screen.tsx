import { useSignedOutTexts } from '@camposense/i18n';
import { Moon, Sprout, Sun } from 'lucide-react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useColorMode } from '../color-mode/color-mode';
import '../theme/first-load.css';
import '../theme/first-load-fonts';
import styles from './login-screen.module.css';

export interface LoginScreenProps {
  /** Called with the trimmed e-mail and the password once both are filled in. */
  onSubmit: (credentials: { email: string; password: string }) => void;
  /** While signing in: the button says so and nothing can be sent twice. @default false */
  busy?: boolean;
  /** The sign-in error to show in the inline box. */
  error?: string | null;
  /** The e-mail of the last successful sign-in in this browser. */
  initialEmail?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Chakra's alert icon for the error status, drawn the same without Chakra. */
function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" stroke="currentColor" fill="currentColor" strokeWidth="0" aria-hidden>
      <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
    </svg>
  );
}

interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled, required text input with its error under it (what `FormField` draws with Chakra). */
function LoginField({ label, error, value, onValueChange, ...input }: LoginFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {error ? (
        <span id={errorId} className={styles.errorText} aria-live="polite">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The only screen a signed-out visitor sees. It is in the first download, so it is drawn in
 * plain CSS (login-screen.module.css, theme/first-load.css) and reads its texts without i18next:
 * Chakra, Emotion and i18next come with the signed-in console.
 */
export function LoginScreen({ onSubmit, busy = false, error = null, initialEmail = '' }: LoginScreenProps) {
  const { t } = useSignedOutTexts();
  const { colorMode, toggleColorMode } = useColorMode();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    const nextErrors: typeof fieldErrors = {};
    if (!trimmed) nextErrors.email = t('login.emailRequired');
    else if (!EMAIL_PATTERN.test(trimmed)) nextErrors.email = t('login.emailInvalid');
    if (!password) nextErrors.password = t('login.passwordRequired');
    setFieldErrors(nextErrors);
    if (nextErrors.email || nextErrors.password) return;
    onSubmit({ email: trimmed, password });
  }

  const themeLabel = colorMode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <main className={`cs-reset ${styles.page}`}>
      <div className={styles.toggleSlot}>
        <button type="button" className={`${styles.button} ${styles.iconButton}`} aria-label={themeLabel} title={themeLabel} onClick={toggleColorMode}>
          {colorMode === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
        </button>
      </div>
      <div className={styles.card}>
        <div className={styles.header}>
          <div className={styles.logo}>
            <Sprout size={30} aria-hidden />
          </div>
          <h1 className={styles.title}>{t('app.name')}</h1>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
        </div>
        <form onSubmit={handleSubmit} noValidate aria-label={t('login.title')}>
          <div className={styles.stack}>
            <LoginField
              label={t('login.emailLabel')}
              error={fieldErrors.email}
              type="email" name="email" autoComplete="username"
              placeholder={t('login.emailPlaceholder')}
              value={email} onValueChange={setEmail}
              disabled={busy}
            />
            <LoginField
              label={t('login.passwordLabel')}
              error={fieldErrors.password}
              type="password" name="password" autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={password} onValueChange={setPassword}
              disabled={busy}
            />
            {error ? (
              <div className={styles.alert} role="alert">
                <span className={styles.alertIcon}>
                  <WarningIcon />
                </span>
                <div className={styles.alertContent}>
                  <div>{error}</div>
                </div>
              </div>
            ) : null}
            <button type="submit" className={`${styles.button} ${styles.submit}`} disabled={busy} data-loading={busy ? '' : undefined}>
              {busy ? (
                <>
                  <span className={styles.spinner} />
                  {t('login.submitting')}
                </>
              ) : (
                t('login.submit')
              )}
            </button>
          </div>
        </form>
      </div>
    </main>
  );
}
