import type { SessionUser } from '@camposense/domain';
import { ApiError } from './api-error';
import { reportNetworkAnswer, reportNetworkFailure } from './connection';
import { forgetKeptAnswers, keptAnswerOf } from './offline-cache';
import { reportFreshAnswer, reportKeptAnswer } from './offline';

export type TokenSource = {
  /** The current access token, or null when signed out. */
  getAccessToken: () => string | null;
  /** Tries once to renew the session after a 401; resolves to whether it worked. */
  refresh?: () => Promise<boolean>;
  /**
   * The console was opened without signal, from the last profile, and holds no token yet: a 401 is
   * then the moment to ask the cookie for one (issue 30, item 2).
   */
  awaitingRenewal?: () => boolean;
  /** Who the current token belongs to: the reads made ahead of the screens ask for that user's own answers. */
  getSessionUser?: () => SessionUser | null;
};

let tokenSource: TokenSource = { getAccessToken: () => null };

/** The session layer tells the client where tokens come from; the client never navigates. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/**
 * The session a reload's early renewal brought, until the session layer adopts it: the provider
 * adopts it only once React has drawn and run its effects, which on a slow phone is a second after
 * the answer came (issue 30, repeat visit); the screen's first reads leave with it instead.
 */
let renewedAhead: { accessToken: string; user: SessionUser } | null = null;

function currentAccessToken(): string | null {
  return tokenSource.getAccessToken() ?? renewedAhead?.accessToken ?? null;
}

/** The signed-in user of the current token; null without one (signed out, or opened without signal). */
export function currentSessionUser(): SessionUser | null {
  if (tokenSource.getAccessToken()) return tokenSource.getSessionUser?.() ?? null;
  return renewedAhead?.user ?? null;
}

let tokenWaiters: Array<() => void> = [];

function releaseTokenWaiters(): void {
  const ready = tokenWaiters;
  tokenWaiters = [];
  ready.forEach((work) => work());
}

/** The session layer adopted a session (sign-in, renewal, another tab's): reads waiting for a token go. */
export function announceAccessToken(): void {
  renewedAhead = null;
  releaseTokenWaiters();
}

/**
 * The page's early renewal (auth-provider `renewSessionEarly`) got a session, which the session
 * layer will adopt when it starts: until then reads carry its token, and those waiting for one go.
 */
export function offerRenewedSession(accessToken: string, user: SessionUser): void {
  renewedAhead = { accessToken, user };
  releaseTokenWaiters();
}

/**
 * Runs `work` as soon as the console holds an access token: now, or when the session layer next
 * adopts one within `withinMs` (a reload's renewal); later than that it is dropped. What it is for:
 * a screen's first reads leave with the token instead of after the screen has drawn (issue 30).
 */
export function whenAccessToken(work: () => void, withinMs: number): void {
  if (currentAccessToken()) {
    work();
    return;
  }
  const waiter = () => {
    clearTimeout(timer);
    work();
  };
  const timer = setTimeout(() => {
    tokenWaiters = tokenWaiters.filter((other) => other !== waiter);
  }, withinMs);
  tokenWaiters.push(waiter);
}

let sessionEndListeners: Array<() => void> = [];
let sessionGeneration = 0;

/**
 * Registers what must be forgotten when a session ends (a sign-out here or in another tab, a
 * renewal the server refused): the page's own copies of the previous user's answers, which the next
 * person signing in on the same phone must never be shown.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.push(listener);
  return () => {
    sessionEndListeners = sessionEndListeners.filter((other) => other !== listener);
  };
}

/**
 * The session layer ended the session: reads still waiting for its token are dropped and every
 * listener forgets what it kept. Work that outlives a session compares `currentSessionGeneration()`
 * before and after to tell an answer of the previous session from one of the next.
 */
export function announceSessionEnd(): void {
  sessionGeneration += 1;
  renewedAhead = null;
  tokenWaiters = [];
  sessionEndListeners.forEach((listener) => listener());
}

/** Counts the sessions ended in this page (see `announceSessionEnd`). */
export function currentSessionGeneration(): number {
  return sessionGeneration;
}

export const API_BASE = '/api';

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Send without the bearer token (sign-in). @default false */
  anonymous?: boolean;
  /** The entity tag the write is based on: the API answers 412 if the row changed since. */
  ifMatch?: string | null;
}

/** An answer with the entity tag of the row it carries, for a later write with `ifMatch`. */
export interface Versioned<T> {
  body: T;
  etag: string | null;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function buildInit(init: ApiRequestInit): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (init.ifMatch) headers.set('If-Match', init.ifMatch);
  if (!init.anonymous) {
    const token = currentAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const { anonymous: _anonymous, ifMatch: _ifMatch, body, ...rest } = init;
  return { ...rest, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) };
}

function isRead(method: string | undefined): boolean {
  const verb = (method ?? 'GET').toUpperCase();
  return verb === 'GET' || verb === 'HEAD';
}

/**
 * The one fetch of the console: JSON in and out under /api, the bearer token added, one refresh
 * and retry on a 401, and every non-OK answer turned into an ApiError.
 */
async function send(path: string, init: ApiRequestInit): Promise<{ response: Response; body: unknown }> {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path}`;
  let response: Response;
  try {
    response = await fetch(url, buildInit(init));
    if (response.status === 401 && !init.anonymous && tokenSource.refresh && (currentAccessToken() || tokenSource.awaitingRenewal?.())) {
      if (await tokenSource.refresh()) response = await fetch(url, buildInit(init));
    }
  } catch (cause) {
    // An aborted request is the console's own doing, not a lost connection.
    if (!(cause instanceof DOMException && cause.name === 'AbortError')) reportNetworkFailure();
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : String(cause), null);
  }
  // An answer the service worker kept is no news of the network: only a fresh one says it is back.
  const kept = keptAnswerOf(response);
  if (kept) {
    reportKeptAnswer(kept);
  } else {
    reportNetworkAnswer();
    reportFreshAnswer();
  }
  const body = await parseBody(response);
  if (!response.ok) throw ApiError.fromResponse(response.status, body, response.headers.get('Retry-After'));
  // A write makes the kept answers of its resource stale: they go before the screen asks again.
  if (!isRead(init.method)) await forgetKeptAnswers(url);
  return { response, body };
}

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  return (await send(path, init)).body as T;
}

/** Like `apiRequest`, with the answer's `ETag`: read a row this way to update it with `ifMatch`. */
export async function apiRequestVersioned<T>(path: string, init: ApiRequestInit = {}): Promise<Versioned<T>> {
  const { response, body } = await send(path, init);
  return { body: body as T, etag: response.headers.get('ETag') };
}

/** SWR's fetcher: the key is the path. */
export function apiFetcher<T>(path: string): Promise<T> {
  return apiRequest<T>(path);
}
