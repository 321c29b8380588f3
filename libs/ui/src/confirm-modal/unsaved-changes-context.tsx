import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UnsavedChangesModal, type UnsavedChangesType } from './unsaved-changes-modal';

export interface UnsavedChangesContextValue {
  /** Whether the screen on show has data nobody saved. */
  isDirty: boolean;
  /** Feature screens report here whether their form holds unsaved data. */
  setDirty: (dirty: boolean) => void;
  /**
   * Call before switching table or subtab: resolves `true` at once when nothing is unsaved,
   * otherwise asks with the modal and resolves `true` on CONTINUAR (the dirty flag is cleared,
   * the data is given up) or `false` on CANCELAR.
   */
  confirmLeave: (type: UnsavedChangesType, target: string) => Promise<boolean>;
}

// Without a provider nothing is guarded: a single screen in a story or test switches freely.
const unguarded: UnsavedChangesContextValue = {
  isDirty: false,
  setDirty: () => undefined,
  confirmLeave: () => Promise.resolve(true),
};

const UnsavedChangesContext = createContext<UnsavedChangesContextValue>(unguarded);

interface PendingLeave {
  type: UnsavedChangesType;
  target: string;
  resolve: (proceed: boolean) => void;
}

export interface UnsavedChangesProviderProps {
  children: ReactNode;
}

/** Holds the dirty flag of the screen on show and renders the unsaved-changes modal when asked. */
export function UnsavedChangesProvider({ children }: UnsavedChangesProviderProps) {
  const [isDirty, setIsDirty] = useState(false);
  // confirmLeave reads the flag through a ref so its identity never changes with it.
  const dirtyRef = useRef(false);
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const pendingRef = useRef<PendingLeave | null>(null);

  const setDirty = useCallback((dirty: boolean) => {
    dirtyRef.current = dirty;
    setIsDirty(dirty);
  }, []);

  const settle = useCallback(
    (proceed: boolean) => {
      const current = pendingRef.current;
      if (!current) return;
      pendingRef.current = null;
      setPending(null);
      if (proceed) setDirty(false);
      current.resolve(proceed);
    },
    [setDirty],
  );

  const confirmLeave = useCallback((type: UnsavedChangesType, target: string) => {
    if (!dirtyRef.current) return Promise.resolve(true);
    // A second request while one is open replaces it; the first one stays put.
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { type, target, resolve };
      pendingRef.current = next;
      setPending(next);
    });
  }, []);

  const value = useMemo(() => ({ isDirty, setDirty, confirmLeave }), [isDirty, setDirty, confirmLeave]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <UnsavedChangesModal
        open={pending !== null}
        type={pending?.type ?? 'parameter'}
        target={pending?.target ?? ''}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </UnsavedChangesContext.Provider>
  );
}

/** The dirty flag and the guard of the nearest `UnsavedChangesProvider`. */
export function useUnsavedChanges(): UnsavedChangesContextValue {
  return useContext(UnsavedChangesContext);
}

/**
 * Reports a screen's dirtiness while it is mounted, and clears it when the screen goes away:
 * `useReportUnsavedChanges(form.isDirty)`.
 */
export function useReportUnsavedChanges(dirty: boolean): void {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}
