/** A span of the time axis, [start, end). */
export interface ChartRange {
  start: Date;
  end: Date;
}

/**
 * The zoom of a chart: the ranges brushed so far, the outermost first. Empty: the whole window.
 * Double-click goes back one level, Escape back to the whole window.
 */
export type ZoomStack = readonly ChartRange[];

export type ZoomAction =
  | { type: 'brush'; range: ChartRange }
  /** One level back (double-click). */
  | { type: 'back' }
  /** The whole window again (Escape, the reset button). */
  | { type: 'reset' };

/** A brush narrower than this many pixels is a click, not a zoom. */
export const MIN_BRUSH_PIXELS = 4;
/** The narrowest zoom: a minute (finer data would not exist: readings are minutes apart). */
export const MIN_ZOOM_MS = 60_000;

export function zoomReducer(stack: ZoomStack, action: ZoomAction): ZoomStack {
  switch (action.type) {
    case 'brush':
      return [...stack, action.range];
    case 'back':
      return stack.length === 0 ? stack : stack.slice(0, -1);
    case 'reset':
      return stack.length === 0 ? stack : [];
  }
}

/** The range drawn: the innermost zoom, or the whole window. */
export function visibleRange(stack: ZoomStack, window: ChartRange): ChartRange {
  return stack.at(-1) ?? window;
}

/**
 * The range a brush from pixel `from` to pixel `to` selects on `invert` (the x scale's inverse),
 * kept inside `bounds` and at least MIN_ZOOM_MS wide; null for a brush too narrow to mean a zoom.
 */
export function rangeOfBrush(from: number, to: number, invert: (pixel: number) => Date, bounds: ChartRange): ChartRange | null {
  const [left, right] = from <= to ? [from, to] : [to, from];
  if (right - left < MIN_BRUSH_PIXELS) return null;
  const low = bounds.start.getTime();
  const high = bounds.end.getTime();
  let start = Math.max(low, invert(left).getTime());
  let end = Math.min(high, invert(right).getTime());
  if (end - start < MIN_ZOOM_MS) {
    const middle = (start + end) / 2;
    start = Math.max(low, middle - MIN_ZOOM_MS / 2);
    end = Math.min(high, start + MIN_ZOOM_MS);
  }
  return { start: new Date(start), end: new Date(end) };
}

/**
 * The keyboard's zoom: half of `view` centred on `centre` (the bucket chosen with the arrows),
 * shifted to stay inside `bounds`, never narrower than MIN_ZOOM_MS.
 */
export function halfAround(centre: Date, view: ChartRange, bounds: ChartRange): ChartRange {
  const width = Math.max(MIN_ZOOM_MS, (view.end.getTime() - view.start.getTime()) / 2);
  const low = bounds.start.getTime();
  const high = bounds.end.getTime();
  const start = Math.max(low, Math.min(high - width, centre.getTime() - width / 2));
  return { start: new Date(start), end: new Date(Math.min(high, start + width)) };
}
