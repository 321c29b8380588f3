// No SWR here: the api client imports this module and is in the first download (issue 30,
// item 3); the SWR part, useConnectionRetry, is in connection-retry.ts.
import { useSyncExternalStore } from 'react';

/** Waits before reconnecting after the n-th failure in a row (1 s, 2 s, 4 s… up to 30 s). */
export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * What the live client (live/live-updates.ts) says of its stream: `absent` while none is mounted
 * (the login screen, stories and tests of a screen alone), `connecting` before its first event,
 * `live` while events or heartbeats come, `reconnecting` after a failure or a silent watchdog,
 * `off` when it gave up, the tab is offline or the user signed out.
 */
export type LiveStreamState = 'absent' | 'connecting' | 'live' | 'reconnecting' | 'off';

/**
 * The one connection state that the header status, the lost-connection banner and the live
 * indicator all show, so they cannot disagree:
 * - `connecting`: the stream has not spoken yet and no request failed;
 * - `live`: the stream speaks (or, without a stream, requests get answers) and the server is healthy;
 * - `reconnecting`: the stream is down, a request got no answer or the health check failed; retrying;
 * - `off`: the stream is not followed any more (gave up, offline tab, signed out).
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'off';

export interface ConnectionStatus {
  state: ConnectionState;
  /** When the stream was last heard (an event or a heartbeat); null before its first. */
  lastEventAt: Date | null;
}

interface ConnectionInputs {
  /** The last request got no answer at all. */
  requestsLost: boolean;
  /** The health check answered, and not `ok` (the server cannot serve the data). */
  serverUnhealthy: boolean;
  stream: LiveStreamState;
  lastEventAt: Date | null;
}

/** The state shown, from what the requests, the health check and the stream found. */
export function connectionStateOf({ requestsLost, serverUnhealthy, stream }: Omit<ConnectionInputs, 'lastEventAt'>): ConnectionState {
  if (stream === 'off') return 'off';
  if (requestsLost || serverUnhealthy || stream === 'reconnecting') return 'reconnecting';
  if (stream === 'connecting') return 'connecting';
  return 'live';
}

let inputs: ConnectionInputs = { requestsLost: false, serverUnhealthy: false, stream: 'absent', lastEventAt: null };
let snapshot: ConnectionStatus = { state: 'live', lastEventAt: null };
const listeners = new Set<() => void>();

/**
 * How far the stream's last-heard time may run ahead of what the screens show before they are told.
 * A busy farm sends several events a second (each reminder is one); telling every one re-rendered
 * the indicator's screen as often and left the browser no time for anything else.
 */
export const LAST_EVENT_RESOLUTION_MS = 1000;

function lastEventMoved(shown: Date | null, heard: Date | null): boolean {
  if (shown === heard) return false;
  if (shown === null || heard === null) return true;
  return Math.abs(heard.getTime() - shown.getTime()) >= LAST_EVENT_RESOLUTION_MS;
}

function update(next: Partial<ConnectionInputs>): void {
  inputs = { ...inputs, ...next };
  const state = connectionStateOf(inputs);
  if (state === snapshot.state && !lastEventMoved(snapshot.lastEventAt, inputs.lastEventAt)) return;
  snapshot = { state, lastEventAt: inputs.lastEventAt };
  for (const listener of listeners) listener();
}

/** A request got no answer (the api client calls it). */
export function reportNetworkFailure(): void {
  update({ requestsLost: true });
}

/** A request got an answer, whatever its status (the api client calls it). */
export function reportNetworkAnswer(): void {
  if (inputs.requestsLost) update({ requestsLost: false });
}

/** The health check's verdict (useSystemStatus): answered but not ok counts as no connection. */
export function reportServerHealth(healthy: boolean): void {
  if (inputs.serverUnhealthy === !healthy) return;
  update({ serverUnhealthy: !healthy });
}

/** The live client's state and when it last heard the stream. */
export function reportLiveStream(stream: LiveStreamState, lastEventAt: Date | null = inputs.lastEventAt): void {
  update({ stream, lastEventAt });
}

/** The current status, outside React (tests). */
export function currentConnectionStatus(): ConnectionStatus {
  return snapshot;
}

/** Back to the first state (tests, and a new sign-in). */
export function resetConnectionStatus(): void {
  update({ requestsLost: false, serverUnhealthy: false, stream: 'absent', lastEventAt: null });
}

let reconnectStream: (() => void) | null = null;

/** Reconnects the live stream at once, if one is registered (the banner's retry). */
export function reconnectStreamNow(): void {
  reconnectStream?.();
}

/** The live client registers how to reconnect at once; the banner's retry calls it. */
export function registerStreamReconnect(reconnect: () => void): () => void {
  reconnectStream = reconnect;
  return () => {
    if (reconnectStream === reconnect) reconnectStream = null;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ConnectionStatus = { state: 'live', lastEventAt: null };

/** The one connection status of the console (see ConnectionState). */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribe, () => snapshot, () => serverSnapshot);
}

/**
 * The connection state alone: a component that shows no time (the shell, the banner) re-renders
 * when the state changes, not at every heartbeat.
 */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, () => snapshot.state, () => serverSnapshot.state);
}
