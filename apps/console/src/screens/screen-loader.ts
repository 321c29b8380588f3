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
  private lazy: LazyExoticComponent<ComponentType<Props>>;
  /** The screen's own component, once its chunk has loaded. */
  private loaded: ComponentType<Props> | null = null;
  /** What `Component` gives from its first read on (until a retry): one type, so React never remounts the screen for it. */
  private drawnWith: ComponentType<Props> | LazyExoticComponent<ComponentType<Props>> | null = null;

  constructor(
    readonly name: string,
    priority: Priority,
    importer: () => Promise<ComponentType<Props>>,
  ) {
    this.entry = { priority, importer, pending: null };
    this.lazy = lazy(() => this.load());
  }

  /**
   * What the console draws, read at render time. A screen whose chunk is already here (preloaded,
   * as a reload's screen is while the session is renewed) is its own component: React.lazy suspends
   * on its first draw whatever its promise's state, and that showed the loading state and took a
   * commit more before the screen (issue 30, repeat visit). Otherwise the lazy one; the first read
   * decides, so a screen first drawn through lazy stays under it.
   */
  get Component(): ComponentType<Props> | LazyExoticComponent<ComponentType<Props>> {
    this.drawnWith ??= this.loaded ?? this.lazy;
    return this.drawnWith;
  }

  get priority(): Priority {
    return this.entry.priority;
  }

  load(): Promise<{ default: ComponentType<Props> }> {
    if (!this.entry.pending) {
      this.entry.pending = withTimeout(this.entry.importer(), CHUNK_LOAD_TIMEOUT_MS).then(
        (component) => {
          this.loaded = component;
          return { default: component };
        },
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
    this.lazy = lazy(() => this.load());
    this.drawnWith = null;
  }

  /** Starts loading without waiting; a failure is left for the real visit to show. */
  preload(): void {
    this.load().catch(() => undefined);
  }
}
