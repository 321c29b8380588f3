import { useCallback, useEffect, useRef } from 'react';
import type { IdleWindow } from '../idle';
import { isConstrainedLink } from '../link';
import type { Priority } from './screen-loader';

/** What preloading needs of a screen. */
export interface Preloadable {
  readonly priority: Priority;
  preload(): void;
}

/** Spec section 9's preloading constants. */
export const PRELOAD_TIMING = {
  criticalAfterMs: 1000,
  idleAfterMs: 2000,
  idleFallbackAfterMs: 3000,
  pauseBetweenMs: 100,
  hoverAfterMs: 200,
} as const;

const ORDER: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/**
 * Critical (high-priority) screens 1 s after start; the rest when the browser is idle after 2 s
 * (3 s where there is no idle callback), high before medium before low, 100 ms apart.
 * On a constrained link (Save-Data, 3G or slower) nothing is fetched ahead of need: the screens
 * would take ~300 KB of a phone's slow link that the operator may never use (issue 30's budget of
 * 400 KB for a first visit and sign-in); hover preloading and the address's own screen still load.
 * Returns a cancel function.
 */
export function schedulePreloads(
  screens: Preloadable[],
  environment: IdleWindow = window as IdleWindow,
  constrained: boolean = isConstrainedLink(),
): () => void {
  if (constrained) return () => undefined;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let cancelled = false;
  const critical = screens.filter((screen) => screen.priority === 'high');
  const rest = screens.filter((screen) => screen.priority !== 'high').sort((a, b) => ORDER[a.priority] - ORDER[b.priority]);

  timers.push(setTimeout(() => critical.forEach((screen) => screen.preload()), PRELOAD_TIMING.criticalAfterMs));

  const preloadRest = (index: number) => {
    if (cancelled || index >= rest.length) return;
    rest[index]?.preload();
    timers.push(setTimeout(() => preloadRest(index + 1), PRELOAD_TIMING.pauseBetweenMs));
  };
  const idle = environment.requestIdleCallback;
  if (typeof idle === 'function') {
    timers.push(setTimeout(() => idle.call(environment, () => preloadRest(0), { timeout: 5000 }), PRELOAD_TIMING.idleAfterMs));
  } else {
    timers.push(setTimeout(() => preloadRest(0), PRELOAD_TIMING.idleFallbackAfterMs));
  }

  return () => {
    cancelled = true;
    timers.forEach(clearTimeout);
  };
}

/**
 * Hover intent: a screen starts loading when the pointer rests on its menu item for 200 ms; a
 * pointer passing over on its way elsewhere loads nothing.
 */
export function useHoverPreload() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return useCallback((screen: Preloadable | undefined) => {
    if (!screen) return {};
    return {
      onMouseEnter: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => screen.preload(), PRELOAD_TIMING.hoverAfterMs);
      },
      onMouseLeave: () => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
      },
    };
  }, []);
}
