import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPath, toPath, type NavigationState, type Operation } from './tabs';

interface NavigationContextValue extends NavigationState {
  /** Makes a tab active (and its operation, for a parameters table); a history entry each. */
  navigate: (tab: string, subtab?: Operation) => void;
}

const NavigationContext = createContext<NavigationContextValue | null>(null);

export interface NavigationProviderProps {
  children: ReactNode;
  /** Start here instead of the address bar (stories). */
  initial?: NavigationState;
  /** Mirror the state in the URL and follow back and forward. @default true */
  syncWithUrl?: boolean;
}

/** The single active-tab state of the console, mirrored in the browser's history. */
export function NavigationProvider({ children, initial, syncWithUrl = true }: NavigationProviderProps) {
  const [state, setState] = useState<NavigationState>(() => initial ?? fromPath(window.location.pathname));

  useEffect(() => {
    if (!syncWithUrl) return;
    const onPopState = () => setState(fromPath(window.location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [syncWithUrl]);

  const navigate = useCallback(
    (tab: string, subtab: Operation = 'status') => {
      const next = { tab, subtab };
      setState(next);
      if (syncWithUrl) {
        const path = toPath(next);
        if (path !== window.location.pathname) window.history.pushState(null, '', path);
      }
    },
    [syncWithUrl],
  );

  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): NavigationContextValue {
  const context = useContext(NavigationContext);
  if (!context) throw new Error('useNavigation must be used inside <NavigationProvider>');
  return context;
}
