import { useConnectionRetry, useSystemStatus } from '@camposense/data-access';
import { ScreenDrawnContext, type StatusFigures } from '@camposense/ui';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useActiveTime } from './use-active-time';

interface ShellConnection {
  state: StatusFigures['connection'];
  lost: boolean;
  retryNow: () => void;
}

const FiguresContext = createContext<StatusFigures | null>(null);
const LastUpdateContext = createContext<Date | null>(null);
const ConnectionContext = createContext<ShellConnection | null>(null);

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is read outside ShellStatusProvider`);
  return value;
}

/**
 * The shell's live figures, read once (the status queries, the connection retry and the active
 * time each hold state of their own, so they are mounted once) and handed on in three contexts:
 * the status cards, the last update and the connection each redraw only what shows them. The
 * shell's layout, header and screen sit in `children`, which the figures' answers do not redraw
 * (issue 30, Lighthouse TBT: every answer at load redrew the whole console).
 * While HeldReadsProvider holds the console's own reads, the figures are not asked (null until they are).
 */
export function ShellStatusProvider({ children }: { children: ReactNode }) {
  const { sensors, activeAlerts, lastUpdate } = useSystemStatus({ enabled: !useReadsHeld() });
  const { state, lost, retryNow } = useConnectionRetry();
  const activeTime = useActiveTime();

  // One connection state for the header, the banner and every live indicator: they cannot disagree.
  const figures = useMemo(() => ({ connection: state, activeTime, sensors, activeAlerts }), [state, activeTime, sensors, activeAlerts]);
  const connection = useMemo(() => ({ state, lost, retryNow }), [state, lost, retryNow]);
  return (
    <FiguresContext.Provider value={figures}>
      <LastUpdateContext.Provider value={lastUpdate}>
        <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
      </LastUpdateContext.Provider>
    </FiguresContext.Provider>
  );
}

/** At the latest this long after the console's mount its own reads go, whether the screen has said it drew or not. */
const HELD_READS_WAIT_MS = 4_000;

const ReadsHeldContext = createContext(false);

/** Whether the console's own reads (the status figures, the live stream) wait for the screen's first draw. */
export function useReadsHeld(): boolean {
  return useContext(ReadsHeldContext);
}

/**
 * With `hold` (a page opened at the dashboard, which draws in a transition after an empty first
 * frame), the console's own reads (the status figures, the live stream) wait until the screen says
 * it has drawn (`useScreenDrawn`), at the latest HELD_READS_WAIT_MS. Their answers update SWR's and
 * the connection's stores, whose updates are synchronous: each one that arrived while the dashboard's
 * transition rendered threw that render away and started it again, three or four starts of ~0.3 s at
 * 4x CPU before the node list showed (issue 30, repeat visit).
 */
export function HeldReadsProvider({ hold, children }: { hold: boolean; children: ReactNode }) {
  const [held, setHeld] = useState(hold);
  const release = useCallback(() => setHeld(false), []);
  // Told from the screen's effect, which ran in the task that committed its draw: released there,
  // the reads' start redrew this provider and the status figures (two commits) before the browser
  // could paint the node list (issue 30, repeat visit).
  const releaseAfterPaint = useCallback(() => afterNextPaint(release), [release]);
  useEffect(() => {
    if (!held) return undefined;
    const timer = setTimeout(release, HELD_READS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [held, release]);
  return (
    <ReadsHeldContext.Provider value={held}>
      {/* The same function throughout (a release after the first does nothing): the screens that tell it do not redraw for it. */}
      <ScreenDrawnContext.Provider value={releaseAfterPaint}>{children}</ScreenDrawnContext.Provider>
    </ReadsHeldContext.Provider>
  );
}

/** Runs `then` once the browser has painted what was just committed; at once where nothing paints (a hidden page). */
function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    then();
    return;
  }
  // A frame's callbacks run just before its paint; a task queued from one runs after it.
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** The status figures: connection, active time, sensors, active alerts. */
export function useStatusFigures(): StatusFigures {
  return required(useContext(FiguresContext), 'useStatusFigures');
}

/** When the status figures were last read. */
export function useLastUpdate(): Date | null {
  return useContext(LastUpdateContext);
}

/** The console's one connection state, whether it is lost (reconnecting or given up), and a retry now. */
export function useShellConnection(): ShellConnection {
  return required(useContext(ConnectionContext), 'useShellConnection');
}
