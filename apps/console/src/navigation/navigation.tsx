import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPath, tabOf, toPath, type Operation, type Route } from './routes';

interface NavigationContextValue {
  /** The active route. */
  route: Route;
  /** Its spec tab id (section 2), e.g. `reportes-alertas`. */
  tab: string;
  /** The operation of a parameters table; status elsewhere. */
  subtab: Operation;
  /** Makes a route active; a history entry each. */
  navigate: (route: Route) => void;
}

const NavigationContext = createContext<NavigationContextValue | null>(null);

export interface NavigationProviderProps {
  children: ReactNode;
  /** Start at this URL instead of the address bar's (stories). */
  initialPath?: string;
  /** Mirror the route in the URL and follow back and forward. @default true */
  syncWithUrl?: boolean;
}

/** The single active-tab state of the console, mirrored in the browser's history. */
export function NavigationProvider({ children, initialPath, syncWithUrl = true }: NavigationProviderProps) {
  const [route, setRoute] = useState<Route>(() => fromPath(initialPath ?? window.location.pathname));

  useEffect(() => {
    if (!syncWithUrl) return;
    const followAddress = () =>
      setRoute((current) => {
        const next = fromPath(window.location.pathname);
        return toPath(next) === toPath(current) ? current : next;
      });
    window.addEventListener('popstate', followAddress);
    // The address may have moved between the first render and this subscription (a back press while
    // the console mounts): that popstate went to no one, so read the address once now.
    followAddress();
    return () => window.removeEventListener('popstate', followAddress);
  }, [syncWithUrl]);

  const navigate = useCallback(
    (next: Route) => {
      setRoute(next);
      if (syncWithUrl) {
        const path = toPath(next);
        if (path !== window.location.pathname) window.history.pushState(null, '', path);
      }
    },
    [syncWithUrl],
  );

  const value = useMemo(
    () => ({ route, tab: tabOf(route), subtab: route.name === 'table' ? route.operation : ('status' as const), navigate }),
    [route, navigate],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): NavigationContextValue {
  const context = useContext(NavigationContext);
  if (!context) throw new Error('useNavigation must be used inside <NavigationProvider>');
  return context;
}
