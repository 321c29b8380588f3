import { isNetworkFailure } from '@camposense/domain';
import { useSignedOutTexts } from '@camposense/i18n';
import { TriangleAlert } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import '../theme/first-load.css';
import '../theme/first-load-fonts';
import styles from './boot-screen.module.css';

export interface BootLoadingProps {
  /** Fill the viewport on the page's colour (the session check) instead of a content area. @default false */
  fullScreen?: boolean;
}

/**
 * `Cargando...` before Chakra has arrived: the session check, and the signed-in console's chunk on
 * its way. It looks like `LoadingState`, in plain CSS and without i18next (issue 30, item 3).
 */
export function BootLoading({ fullScreen = false }: BootLoadingProps) {
  const { t } = useSignedOutTexts();
  return (
    <div role="status" aria-live="polite" className={`cs-reset ${styles.view} ${styles.loading} ${fullScreen ? styles.fullScreen : ''}`}>
      <span className={styles.spinner} />
      <p className={styles.label}>{t('app.loading')}</p>
    </div>
  );
}

function BootFailed({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useSignedOutTexts();
  // Never the exception's own text (a chunk that did not load says "Failed to fetch dynamically
  // imported module: …" in English): it goes to the browser's console.
  console.warn('[CampoSense] the console failed to load:', error);
  return (
    <div role="alert" className={`cs-reset ${styles.view} ${styles.failed}`}>
      <TriangleAlert size={40} aria-hidden color="var(--cs-red-500)" />
      <p className={styles.failedTitle}>{t('errors.loadComponent')}</p>
      <p className={styles.failedMessage}>{isNetworkFailure(error) ? t('errors.networkFailure') : t('errors.unexpected')}</p>
      <button type="button" className={styles.retry} onClick={resetErrorBoundary}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export interface BootBoundaryProps {
  children: ReactNode;
  /** Called by retry before the boundary resets (to forget the failed chunk). */
  onRetry?: () => void;
}

/**
 * Where the signed-in console's chunk loads: `Cargando...` while it arrives, and `Error al cargar
 * el componente` with a retry when it fails, as `ScreenBoundary` shows them for a screen, drawn
 * without Chakra, which comes in that chunk.
 */
export function BootBoundary({ children, onRetry }: BootBoundaryProps) {
  return (
    <ErrorBoundary FallbackComponent={BootFailed} onReset={onRetry}>
      <Suspense fallback={<BootLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
