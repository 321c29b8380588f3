import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { ErrorState } from '../error-state';
import { LoadingState } from '../loading-state';

export interface QueryStateProps<Data> {
  /** The answer, once there is one (SWR's `data`). */
  data: Data | undefined;
  /** The last failure (SWR's `error`); it wins over stale data, as the spec's error clears the list. */
  error: unknown;
  /** A request is on its way (SWR's `isValidating`): after an error, retry shows the spinner again. */
  isValidating: boolean;
  /** Asks again (SWR's `mutate`). */
  onRetry: () => void;
  /** The spinner's label, such as "Cargando...". */
  loadingLabel: string;
  /** The spinner's second line, such as the tab being loaded. */
  loadingDetail?: string;
  /** What failed, in the reader's language (a failure with no answer adds that the server could not be reached). */
  errorMessage: string;
  /** Whether the answer holds nothing to show. @default never */
  isEmpty?: (data: Data) => boolean;
  /** The empty state's title (and description), shown when `isEmpty` says so. */
  emptyTitle?: string;
  /** The empty state's second line. */
  emptyDescription?: string;
  /** The loaded state. */
  children: (data: Data) => ReactNode;
}

/**
 * The four states of every screen that loads something, decided once: loading (no answer yet, or
 * a retry under way), error with retry, empty, loaded.
 */
export function QueryState<Data>({
  data,
  error,
  isValidating,
  onRetry,
  loadingLabel,
  loadingDetail,
  errorMessage,
  isEmpty,
  emptyTitle,
  emptyDescription,
  children,
}: QueryStateProps<Data>) {
  if (error) {
    return isValidating ? (
      <LoadingState label={loadingLabel} detail={loadingDetail} />
    ) : (
      <ErrorState message={errorMessage} onRetry={onRetry} error={error} />
    );
  }
  if (data === undefined) return <LoadingState label={loadingLabel} detail={loadingDetail} />;
  if (isEmpty?.(data) && emptyTitle !== undefined) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children(data)}</>;
}
