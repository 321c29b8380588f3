import { unload } from 'swr';
import { onSessionEnd } from './api-client';

let forgetting = false;

/**
 * SWR's cache is the page's, not the session's: without this, the next person signing in on the
 * same phone (no reload between) would be drawn the previous user's lists until each screen's
 * first answer came, and forever without signal. When a session ends, every cached answer, every
 * request in flight and every read made ahead (`preload`) is dropped, so nothing the previous
 * session asked for can reach the next one. Called by the signed-in console's chunk (apps/console
 * signed-in-app.tsx); the sign-in page never loads SWR. Once is enough: later calls do nothing.
 */
export function forgetReadsWhenSessionEnds(): void {
  if (forgetting) return;
  forgetting = true;
  onSessionEnd(() => unload({ revalidate: false }));
}
