import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keysOfPath } from './kept-answers-sync';
import { OFFLINE_SINCE_STORAGE_KEY, reportFreshAnswer, reportKeptAnswer, resetOfflineStatus, useOfflineStatus } from './offline';
import { forgetKeptAnswers, keptAnswerOf, stalePrefixOf } from './offline-cache';

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setBrowserOnline(true);
  act(() => resetOfflineStatus());
});

describe('the offline status', () => {
  it('is offline when the service worker answers from its cache because the network failed, until a fresh answer', () => {
    const { result } = renderHook(() => useOfflineStatus());
    expect(result.current.offline).toBe(false);
    const storedAt = new Date('2026-11-21T12:58:00Z');
    act(() => reportKeptAnswer({ kind: 'fallback', storedAt }));
    expect(result.current.offline).toBe(true);
    expect(result.current.lastDataAt).toEqual(storedAt);
    expect(result.current.since).not.toBeNull();
    // Kept over a reload made without signal.
    expect(localStorage.getItem(OFFLINE_SINCE_STORAGE_KEY)).toBe(result.current.since!.toISOString());
    act(() => reportFreshAnswer());
    expect(result.current).toEqual({ offline: false, since: null, lastDataAt: null });
    expect(localStorage.getItem(OFFLINE_SINCE_STORAGE_KEY)).toBeNull();
  });

  it('shows the oldest kept answer, and keeps the time it went offline from before a reload', () => {
    localStorage.setItem(OFFLINE_SINCE_STORAGE_KEY, '2026-11-21T13:05:00.000Z');
    const { result } = renderHook(() => useOfflineStatus());
    act(() => setBrowserOnline(false));
    act(() => reportKeptAnswer({ kind: 'stale', storedAt: new Date('2026-11-21T13:00:00Z') }));
    act(() => reportKeptAnswer({ kind: 'fallback', storedAt: new Date('2026-11-21T12:40:00Z') }));
    expect(result.current).toEqual({ offline: true, since: new Date('2026-11-21T13:05:00Z'), lastDataAt: new Date('2026-11-21T12:40:00Z') });
  });

  it('is not offline for a stale-while-revalidate answer while the browser has signal', () => {
    const { result } = renderHook(() => useOfflineStatus());
    act(() => reportKeptAnswer({ kind: 'stale', storedAt: new Date('2026-11-21T13:00:00Z') }));
    expect(result.current.offline).toBe(false);
  });

  it('follows the browser: offline with the offline event, back with online when no fallback waits for a fresh answer', () => {
    const { result } = renderHook(() => useOfflineStatus());
    act(() => setBrowserOnline(false));
    expect(result.current.offline).toBe(true);
    act(() => setBrowserOnline(true));
    expect(result.current.offline).toBe(false);
  });
});

describe('kept answers', () => {
  it('tells a kept answer by the headers the service worker sets, and a fresh one by their absence', () => {
    const kept = new Response('[]', { headers: { 'x-camposense-cache': 'fallback', 'x-camposense-stored-at': 'Sat, 21 Nov 2026 12:58:00 GMT' } });
    expect(keptAnswerOf(kept)).toEqual({ kind: 'fallback', storedAt: new Date('2026-11-21T12:58:00Z') });
    expect(keptAnswerOf(new Response('[]', { headers: { 'x-camposense-cache': 'stale' } }))).toEqual({ kind: 'stale', storedAt: null });
    expect(keptAnswerOf(new Response('[]'))).toBeNull();
  });

  it('names what a write makes stale, and nothing for the sign-in endpoints', () => {
    expect(stalePrefixOf('/api/sense/umbral/5')).toBe('/api/sense/umbral');
    expect(stalePrefixOf('/api/sense/nodo')).toBe('/api/sense/nodo');
    expect(stalePrefixOf('/api/alerts/9/acknowledge')).toBe('/api/sense/reports/alertas');
    expect(stalePrefixOf('/api/episodes/3/acknowledge')).toBe('/api/sense/reports/alertas');
    expect(stalePrefixOf('/api/auth/login')).toBeNull();
  });

  /** The page's CacheStorage: two caches of kept answers and the worker's precache. */
  function stubCaches() {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['camposense-api-lists', 'camposense-api-live', 'workbox-precache-v2'],
      delete: async (name: string) => deleted.push(name) > 0,
      open: async () => ({ keys: async () => [], delete: async () => true }),
    });
    return deleted;
  }

  it('leaves them to the service worker at sign-out (it forgets the reads it has in flight too), and tells it nothing after a write', async () => {
    const deleted = stubCaches();
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
    try {
      await forgetKeptAnswers('/api/sense/umbral/5');
      expect(postMessage).not.toHaveBeenCalled();
      await forgetKeptAnswers();
      expect(postMessage).toHaveBeenCalledWith({ type: 'camposense:forget-kept' });
      expect(deleted).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.unstubAllGlobals();
    }
  });

  it('deletes them itself at sign-out where no worker controls the page', async () => {
    const deleted = stubCaches();
    try {
      await forgetKeptAnswers();
      expect(deleted).toEqual(['camposense-api-lists', 'camposense-api-live']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('maps a changed path to the keys that read it', () => {
    expect(keysOfPath('/api/sense/reports/alertas?page=1&pageSize=50')).toEqual(['alerts']);
    expect(keysOfPath('/api/sense/reports/mensajes/filtros')).toEqual(['messages']);
    expect(keysOfPath('/api/sense/nodo?limit=100')).toEqual(['tables', 'nodo']);
    expect(keysOfPath('/api/sense/umbral/7/history')).toEqual(['tables', 'umbral']);
    expect(keysOfPath('/api/sense/metricas')).toBeNull();
  });
});
