import { createContext, useContext, useEffect } from 'react';

/**
 * Told once the active screen has drawn what it is opened for, not just its first, empty frame: the
 * console holds its status reads until then (issue 30, repeat visit). Null: nobody is waiting.
 */
export const ScreenDrawnContext = createContext<(() => void) | null>(null);

/**
 * A screen that draws its content in a transition after an empty first frame says when it has:
 * an answer that arrives while a transition renders (SWR's store updates are synchronous) throws
 * the transition's work away and starts it again, and the console's status reads answered just then.
 */
export function useScreenDrawn(drawn: boolean): void {
  const onDrawn = useContext(ScreenDrawnContext);
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn, onDrawn]);
}
