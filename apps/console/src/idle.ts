/** A window that may lack `requestIdleCallback` (Safari before 18). */
export type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `work` when the browser is next idle (at the latest after `timeoutMs`), or after `fallbackMs`
 * where there is no idle callback. Returns a cancel function.
 */
export function whenIdle(work: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }, environment: IdleWindow = window as IdleWindow): () => void {
  const idle = environment.requestIdleCallback;
  if (typeof idle !== 'function') {
    const timer = setTimeout(work, fallbackMs);
    return () => clearTimeout(timer);
  }
  const handle = idle.call(environment, work, { timeout: timeoutMs });
  return () => environment.cancelIdleCallback?.(handle);
}
