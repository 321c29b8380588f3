import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ColorMode = 'dark' | 'light';
export const COLOR_MODE_STORAGE_KEY = 'theme';

interface ColorModeContextValue {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function readStoredMode(): ColorMode {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return stored === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/**
 * Puts the mode's class on the root (what Chakra and first-load.css read). The page's entry calls
 * it before its first await, so a returning user of the light theme never sees the dark one that
 * index.html starts with while the session's renewal holds the first draw back.
 */
export function applyColorMode(root: HTMLElement, colorMode: ColorMode) {
  root.classList.remove('dark', 'light');
  root.classList.add(colorMode);
  root.style.colorScheme = colorMode;
}

export interface ColorModeProviderProps {
  children: ReactNode;
  /**
   * Fix the mode from outside (Storybook's theme toolbar) instead of the stored one; the toggle
   * then changes it only for this mount and stores nothing.
   */
  forcedColorMode?: ColorMode;
}

/**
 * Dark at start, toggled by the user and kept in localStorage. Chakra only needs the `dark` or
 * `light` class on an ancestor; this sets it on <html> without an inline script, so the
 * Content-Security-Policy can forbid them.
 */
export function ColorModeProvider({ children, forcedColorMode }: ColorModeProviderProps) {
  const [storedMode, setStoredMode] = useState<ColorMode>(() => forcedColorMode ?? readStoredMode());
  const colorMode = storedMode;

  useEffect(() => {
    if (forcedColorMode) setStoredMode(forcedColorMode);
  }, [forcedColorMode]);

  useEffect(() => applyColorMode(document.documentElement, colorMode), [colorMode]);

  const setColorMode = useCallback(
    (mode: ColorMode) => {
      setStoredMode(mode);
      if (forcedColorMode) return;
      try {
        localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
      } catch {
        // Private modes may refuse storage; the mode still applies for this visit.
      }
    },
    [forcedColorMode],
  );

  const value = useMemo<ColorModeContextValue>(
    () => ({
      colorMode,
      setColorMode,
      toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark'),
    }),
    [colorMode, setColorMode],
  );

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const context = useContext(ColorModeContext);
  if (!context) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return context;
}
