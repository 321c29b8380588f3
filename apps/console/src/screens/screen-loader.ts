import { CHUNK_LOAD_TIMEOUT_MS } from '@camposense/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Priority = 'high' | 'medium' | 'low';

interface ScreenEntry<Props> {
  priority: Priority;
  importer: () => Promise<ComponentType<Props>>;
  pending: Promise<{ default: ComponentType<Props> }> | null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timeout after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded screen whose chunk can be fetched ahead of need (preload) and fetched again
 * after a failure (retry), each load bounded by the spec's 120 s time-out.
 */
export class LazyScreen<Props extends object> {
  private readonly entry: ScreenEntry<Props>;
  private failed = false;
  /** Read at render time: a retry after a failure replaces it, since React.lazy keeps its first outcome. */
  Component: LazyExoticComponent<ComponentType<Props>>;

  constructor(
    readonly name: string,
    priority: Priority,
    importer: () => Promise<ComponentType<Props>>,
  ) {
    this.entry = { priority, importer, pending: null };
    this.Component = lazy(() => this.load());
  }

  get priority(): Priority {
    return this.entry.priority;
  }

  load(): Promise<{ default: ComponentType<Props> }> {
    if (!this.entry.pending) {
      this.entry.pending = withTimeout(this.entry.importer(), CHUNK_LOAD_TIMEOUT_MS).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          this.entry.pending = null;
          this.failed = true;
          throw error;
        },
      );
    }
    return this.entry.pending;
  }

  /** After a failed load, the next render fetches the chunk again. */
  retry(): void {
    if (!this.failed) return;
    this.failed = false;
    this.Component = lazy(() => this.load());
  }

  /** Starts loading without waiting; a failure is left for the real visit to show. */
  preload(): void {
    this.load().catch(() => undefined);
  }
}
