import { useConnectionRetry, useSystemStatus } from '@camposense/data-access';
import type { StatusFigures } from '@camposense/ui';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
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
 */
export function ShellStatusProvider({ children }: { children: ReactNode }) {
  const status = useSystemStatus();
  const { state, lost, retryNow } = useConnectionRetry();
  const activeTime = useActiveTime();

  const { sensors, activeAlerts } = status;
  // One connection state for the header, the banner and every live indicator: they cannot disagree.
  const figures = useMemo(() => ({ connection: state, activeTime, sensors, activeAlerts }), [state, activeTime, sensors, activeAlerts]);
  const connection = useMemo(() => ({ state, lost, retryNow }), [state, lost, retryNow]);
  return (
    <FiguresContext.Provider value={figures}>
      <LastUpdateContext.Provider value={status.lastUpdate}>
        <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
      </LastUpdateContext.Provider>
    </FiguresContext.Provider>
  );
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
