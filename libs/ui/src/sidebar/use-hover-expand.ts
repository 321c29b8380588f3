import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/** Spec section 9: sidebars collapse 500 ms after the pointer leaves, the auxiliary one 150 ms. */
export const SIDEBAR_COLLAPSE_DELAY_MS = 500;
export const AUX_SIDEBAR_COLLAPSE_DELAY_MS = 150;
export const SIDEBAR_EXPANDED_WIDTH = '16rem';
export const SIDEBAR_COLLAPSED_WIDTH = '4rem';

export interface HoverExpandOptions {
  /** Milliseconds between the pointer leaving and the collapse. */
  collapseDelayMs: number;
  /** Start expanded (the welcome screen, where no tab is active). @default false */
  initiallyExpanded?: boolean;
}

/**
 * Expands on pointer enter or keyboard focus, collapses a moment after the pointer leaves (so a
 * pointer crossing the edge does not make it flicker), and at once on `collapseNow`.
 */
export function useHoverExpand({ collapseDelayMs, initiallyExpanded = false }: HoverExpandOptions) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelCollapse = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const expand = useCallback(() => {
    cancelCollapse();
    setExpanded(true);
  }, [cancelCollapse]);

  const scheduleCollapse = useCallback(() => {
    cancelCollapse();
    timer.current = setTimeout(() => setExpanded(false), collapseDelayMs);
  }, [cancelCollapse, collapseDelayMs]);

  const collapseNow = useCallback(() => {
    cancelCollapse();
    setExpanded(false);
  }, [cancelCollapse]);

  useEffect(() => cancelCollapse, [cancelCollapse]);

  const handlers = {
    onMouseEnter: expand,
    onMouseLeave: scheduleCollapse,
    onFocus: expand,
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) scheduleCollapse();
    },
  };

  return { expanded, expand, collapseNow, handlers };
}
