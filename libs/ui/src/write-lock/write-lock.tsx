import { Text } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { createContext, useContext, useId, useMemo, type ReactNode } from 'react';

export interface WriteLock {
  /** Whether the buttons that write must be disabled. */
  locked: boolean;
  /** Why, in the operator's language (the buttons' tooltip); null while unlocked. */
  reason: string | null;
  /**
   * What a button that writes spreads beside its own `disabled`: the reason as its tooltip and,
   * while locked, as its accessible description (the text WriteLockReason draws).
   */
  describe: { title?: string; 'aria-describedby'?: string };
  /** The id of the reason's text (WriteLockReason). */
  reasonId: string;
}

const WriteLockContext = createContext(false);

export interface WriteLockProviderProps {
  /** The console is offline (issue 30, item 2): nothing can be saved. @default false */
  offline?: boolean;
  children: ReactNode;
}

/**
 * One place that says whether writing is possible now: the console's shell sets it from the
 * offline status, and every button that writes (the record form's submit, the row actions, the
 * acknowledgements) reads it with useWriteLock instead of each screen watching the connection.
 */
export function WriteLockProvider({ offline = false, children }: WriteLockProviderProps) {
  return <WriteLockContext.Provider value={offline}>{children}</WriteLockContext.Provider>;
}

/** Whether the buttons that write are disabled now, and the reason to show beside them. */
export function useWriteLock(): WriteLock {
  const offline = useContext(WriteLockContext);
  const { t } = useTranslation();
  const reasonId = useId();
  return useMemo(() => {
    const reason = offline ? t('pwa.writesOffline') : null;
    const describe = reason === null ? {} : { title: reason, 'aria-describedby': reasonId };
    return { locked: offline, reason, describe, reasonId };
  }, [offline, t, reasonId]);
}

/** The reason writes are locked, said beside the buttons that write; nothing while they are not. */
export function WriteLockReason({ lock }: { lock: WriteLock }) {
  if (!lock.locked) return null;
  return (
    <Text id={lock.reasonId} fontSize="sm" color="fg.muted">
      {lock.reason}
    </Text>
  );
}
