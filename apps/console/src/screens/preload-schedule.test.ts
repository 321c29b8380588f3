import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_TIMING, schedulePreloads, type Preloadable } from './preload-schedule';
import type { Priority } from './screen-loader';

function screen(name: string, priority: Priority, log: string[]): Preloadable {
  return { priority, preload: () => log.push(name) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('preloading schedule (spec section 9)', () => {
  it('preloads critical screens after 1 s and the rest by priority from idle time after 2 s, 100 ms apart', () => {
    const log: string[] = [];
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    schedulePreloads(
      [screen('thresholds', 'low', log), screen('dashboard', 'high', log), screen('insert', 'medium', log), screen('parameters', 'high', log)],
      { requestIdleCallback: idle } as never,
      false,
    );
    vi.advanceTimersByTime(PRELOAD_TIMING.criticalAfterMs - 1);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['dashboard', 'parameters']);
    vi.advanceTimersByTime(PRELOAD_TIMING.idleAfterMs - PRELOAD_TIMING.criticalAfterMs);
    expect(idle).toHaveBeenCalledOnce();
    expect(log).toEqual(['dashboard', 'parameters', 'insert']);
    vi.advanceTimersByTime(PRELOAD_TIMING.pauseBetweenMs);
    expect(log).toEqual(['dashboard', 'parameters', 'insert', 'thresholds']);
  });

  it('waits 3 s where the browser has no idle callback', () => {
    const log: string[] = [];
    schedulePreloads([screen('alerts', 'low', log)], {} as never, false);
    vi.advanceTimersByTime(PRELOAD_TIMING.idleFallbackAfterMs - 1);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['alerts']);
  });

  it('stops when cancelled', () => {
    const log: string[] = [];
    const cancel = schedulePreloads([screen('dashboard', 'high', log), screen('alerts', 'low', log)], {} as never, false);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(log).toEqual([]);
  });

  it('fetches nothing ahead of need on a constrained link (Save-Data, 3G or slower)', () => {
    const log: string[] = [];
    schedulePreloads([screen('dashboard', 'high', log), screen('alerts', 'low', log)], {} as never, true);
    vi.advanceTimersByTime(10_000);
    expect(log).toEqual([]);
  });
});
