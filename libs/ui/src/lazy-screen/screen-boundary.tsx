import { isNetworkFailure } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { ErrorState } from '../error-state/error-state';
import { LoadingState } from '../loading-state/loading-state';

function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  // Never the exception's own text (a chunk that did not load says "Failed to fetch dynamically
  // imported module: …" in English): it goes to the browser's console.
  console.warn('[CampoSense] screen failed:', error);
  const detail = isNetworkFailure(error) ? t('errors.networkFailure') : t('errors.unexpected');
  return <ErrorState title={t('errors.loadComponent')} message={detail} onRetry={resetErrorBoundary} />;
}

export interface ScreenBoundaryProps {
  children: ReactNode;
  /** The loading text. @default the dictionary's `Cargando...` */
  loadingLabel?: string;
  /** Called by retry before the boundary resets (to drop a failed chunk from the cache). */
  onRetry?: () => void;
  /** A change of these resets a shown error (another tab). */
  resetKeys?: unknown[];
}

/**
 * Where a lazy screen loads: a spinner while its chunk arrives, and `Error al cargar el
 * componente` with a retry that resets the error when it fails.
 */
export function ScreenBoundary({ children, loadingLabel, onRetry, resetKeys }: ScreenBoundaryProps) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} onReset={onRetry} resetKeys={resetKeys}>
      <Suspense fallback={<LoadingState label={loadingLabel ?? t('common.loading')} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
