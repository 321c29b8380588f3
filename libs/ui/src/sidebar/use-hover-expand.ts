import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react';

/** Spec section 9: sidebars collapse 500 ms after the pointer leaves, the auxiliary one 150 ms. */
export const SIDEBAR_COLLAPSE_DELAY_MS = 500;
export const AUX_SIDEBAR_COLLAPSE_DELAY_MS = 150;
export const SIDEBAR_EXPANDED_WIDTH = '16rem';
export const SIDEBAR_COLLAPSED_WIDTH = '4rem';
/** A column that is always open beside the content (a table's operations): wide enough for its short labels. */
export const SIDEBAR_DOCKED_WIDTH = '10rem';
/**
 * Hover intent: the pointer must slow down over a rail before it opens. Every interval the
 * pointer's travel is measured; under the sensitivity it counts as resting there. A pointer
 * crossing a 4rem rail on its way to a field or the breadcrumb is gone before it qualifies.
 */
export const HOVER_INTENT_INTERVAL_MS = 100;
export const HOVER_INTENT_SENSITIVITY_PX = 7;

export interface HoverExpandOptions {
  /** Milliseconds between the pointer leaving and the collapse. */
  collapseDelayMs: number;
  /** Start expanded (the welcome screen, where no tab is active). @default false */
  initiallyExpanded?: boolean;
}

interface Point {
  x: number;
  y: number;
}

/**
 * Expands when the pointer moves into it and rests there (hover intent) or on keyboard focus,
 * collapses a moment after the pointer leaves (so a pointer crossing the edge does not make it
 * flicker), and at once on `collapseNow`.
 *
 * Only a pointer move counts, never `mouseenter` alone: after a reload, or when a screen's layout
 * changes, the browser sends enter events for a pointer that has not moved, and a menu must not
 * open over the content because the pointer happened to rest where it was drawn.
 */
export function useHoverExpand({ collapseDelayMs, initiallyExpanded = false }: HoverExpandOptions) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const collapseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const intentTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pointer = useRef<Point | null>(null);
  const lastCheck = useRef<Point | null>(null);

  const cancelCollapse = useCallback(() => {
    if (collapseTimer.current) clearTimeout(collapseTimer.current);
    collapseTimer.current = null;
  }, []);

  const cancelIntent = useCallback(() => {
    if (intentTimer.current) clearTimeout(intentTimer.current);
    intentTimer.current = null;
    lastCheck.current = null;
  }, []);

  const expand = useCallback(() => {
    cancelCollapse();
    cancelIntent();
    setExpanded(true);
  }, [cancelCollapse, cancelIntent]);

  const checkIntent = useCallback(() => {
    const now = pointer.current;
    const before = lastCheck.current;
    if (now && before && Math.hypot(now.x - before.x, now.y - before.y) < HOVER_INTENT_SENSITIVITY_PX) {
      intentTimer.current = null;
      lastCheck.current = null;
      setExpanded(true);
      return;
    }
    lastCheck.current = now;
    intentTimer.current = setTimeout(checkIntent, HOVER_INTENT_INTERVAL_MS);
  }, []);

  const scheduleCollapse = useCallback(() => {
    cancelCollapse();
    collapseTimer.current = setTimeout(() => setExpanded(false), collapseDelayMs);
  }, [cancelCollapse, collapseDelayMs]);

  const collapseNow = useCallback(() => {
    cancelCollapse();
    cancelIntent();
    setExpanded(false);
  }, [cancelCollapse, cancelIntent]);

  useEffect(
    () => () => {
      cancelCollapse();
      cancelIntent();
    },
    [cancelCollapse, cancelIntent],
  );

  const handlers = {
    // Back before the collapse delay ran out: stay open. Not a reason to open, though.
    onMouseEnter: cancelCollapse,
    onMouseMove: (event: MouseEvent<HTMLElement>) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      cancelCollapse();
      if (expanded || intentTimer.current) return;
      lastCheck.current = pointer.current;
      intentTimer.current = setTimeout(checkIntent, HOVER_INTENT_INTERVAL_MS);
    },
    onMouseLeave: () => {
      cancelIntent();
      scheduleCollapse();
    },
    onFocus: expand,
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) scheduleCollapse();
    },
  };

  return { expanded, expand, collapseNow, handlers };
}
