import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { ErrorState } from '../error-state';
import { LoadingState, type LoadingStateProps } from '../loading-state';

/** What `QueryState` reads of a query: SWR's answer (`useSWR`'s), or anything shaped like it. */
export interface QueryLike<Data> {
  /** The answer, once there is one. */
  data: Data | undefined;
  /** The last failure; it wins over stale data, as the spec's error clears the list. */
  error?: unknown;
  /** A request is on its way: after an error, retry shows the spinner again. @default false */
  isValidating?: boolean;
  /** Asks again; without it the error state has no retry button. */
  mutate?: () => unknown;
}

/** The empty state of an answer that holds nothing to show. */
export interface QueryEmpty<Data> {
  /** Whether the answer holds nothing to show. */
  when: (data: Data) => boolean;
  /** What is missing, e.g. No hay alertas. */
  title: string;
  /** A second line: why, or what to do. */
  description?: string;
  /** @default an inbox icon */
  icon?: ReactNode;
}

export interface QueryStateProps<Data> {
  /** The query whose state is shown (`useSWR(…)`'s answer). */
  query: QueryLike<Data>;
  /** The spinner's label, such as "Cargando...". */
  loadingLabel: string;
  /** The spinner's second line, such as the tab being loaded. */
  loadingDetail?: string;
  /** What failed, in the reader's language (a failure with no answer adds that the server could not be reached). */
  errorMessage: string;
  /** The empty state, when the answer can hold nothing. @default never empty */
  empty?: QueryEmpty<Data>;
  /** The height of the loading, error and empty states, for a query that fills a part of a screen. @default '12rem' (empty: its own) */
  minH?: LoadingStateProps['minH'];
  /** The loaded state. */
  children: (data: Data) => ReactNode;
}

/**
 * The four states of every screen that loads something, decided once: loading (no answer yet, or
 * a retry under way), error with retry, empty, loaded. Features use this, never the loading and
 * error states themselves (a lint rule keeps it so).
 */
export function QueryState<Data>({ query, loadingLabel, loadingDetail, errorMessage, empty, minH, children }: QueryStateProps<Data>) {
  const { data, error, isValidating = false, mutate } = query;
  const loading = <LoadingState label={loadingLabel} detail={loadingDetail} minH={minH} />;
  if (error) {
    return isValidating ? loading : <ErrorState message={errorMessage} onRetry={mutate ? () => void mutate() : undefined} error={error} minH={minH} />;
  }
  if (data === undefined) return loading;
  if (empty?.when(data)) return <EmptyState title={empty.title} description={empty.description} icon={empty.icon} minH={minH} />;
  return <>{children(data)}</>;
}
