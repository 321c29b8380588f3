import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentConnectionStatus, LAST_EVENT_RESOLUTION_MS, reportLiveStream, resetConnectionStatus, useConnectionState, useConnectionStatus } from './connection';

describe('the one connection status', () => {
  afterEach(() => resetConnectionStatus());

  it('tells the last-heard time once a second at most, and every change of state at once', () => {
    const start = new Date('2026-11-27T12:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    let renders = 0;
    const status = renderHook(() => {
      renders += 1;
      return useConnectionStatus();
    });
    act(() => reportLiveStream('live', start));
    const rendersWhenLive = renders;
    // Ten events in 900 ms: a busy farm's reminders. The screens hear none of them.
    act(() => {
      for (let ms = 90; ms <= 900; ms += 90) reportLiveStream('live', at(ms));
    });
    expect(renders).toBe(rendersWhenLive);
    expect(status.result.current.lastEventAt).toEqual(start);
    act(() => reportLiveStream('live', at(LAST_EVENT_RESOLUTION_MS)));
    expect(renders).toBe(rendersWhenLive + 1);
    expect(status.result.current.lastEventAt).toEqual(at(LAST_EVENT_RESOLUTION_MS));
    // A change of state is never held back, whatever the time.
    act(() => reportLiveStream('reconnecting', at(LAST_EVENT_RESOLUTION_MS + 10)));
    expect(status.result.current.state).toBe('reconnecting');
    expect(currentConnectionStatus().state).toBe('reconnecting');
  });

  it('leaves a component that shows only the state alone while the stream speaks', () => {
    let renders = 0;
    const state = renderHook(() => {
      renders += 1;
      return useConnectionState();
    });
    act(() => reportLiveStream('live', new Date('2026-11-27T12:00:00.000Z')));
    const rendersWhenLive = renders;
    act(() => {
      for (let second = 1; second <= 5; second += 1) reportLiveStream('live', new Date(Date.UTC(2026, 10, 27, 12, 0, second)));
    });
    expect(state.result.current).toBe('live');
    expect(renders).toBe(rendersWhenLive);
  });
});
