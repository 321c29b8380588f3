import { apiFetcher, currentSessionUser, onSessionEnd } from './api-client';

/** Asked longer ago than this, an answer is not shared: the read is asked again. */
const EARLY_READ_SHARED_MS = 30_000;

const earlyReads = new Map<string, { answer: Promise<unknown>; askedAt: number }>();
let forgetOnSessionEnd: (() => void) | null = null;

/**
 * Asks `path` now, or gives the answer already asked for it lately in this session. For reads made
 * before the screen that draws them has arrived, from the page's first chunk and without SWR, which
 * the sign-in page does not load: the screen's chunk, when it comes, asks the same path and gets
 * the same answer (nodes/dashboard-read-ahead.ts). A session's end forgets them all.
 */
export function readEarly<T>(path: string, fetch: () => Promise<T> = () => apiFetcher<T>(path)): Promise<T> {
  forgetOnSessionEnd ??= onSessionEnd(() => earlyReads.clear());
  // Never one user's answer for another, should a session change without its end announced.
  const key = `${currentSessionUser()?.id ?? 'none'} ${path}`;
  const asked = earlyReads.get(key);
  if (asked && performance.now() - asked.askedAt <= EARLY_READ_SHARED_MS) return asked.answer as Promise<T>;
  const answer = fetch();
  // A failure is the screen's to show, when it asks again.
  answer.catch(() => undefined);
  earlyReads.set(key, { answer, askedAt: performance.now() });
  return answer;
}
