import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver, and zag's positioning (a tooltip's, a combobox's list) watches its
 * anchor's size with one: a stand-in that never reports, until `vi.unstubAllGlobals()`.
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
