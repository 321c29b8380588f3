import { describe, expect, it } from 'vitest';
import { halfAround, MIN_ZOOM_MS, rangeOfBrush, visibleRange, zoomReducer } from './zoom';
import type { ZoomStack } from './zoom';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const year = { start: day(1), end: day(366) };
// 1 pixel per day from 1 January.
const invert = (pixel: number) => new Date(day(1).getTime() + pixel * 86_400_000);

describe('zoom state', () => {
  it('brushes in, goes back one level on double-click and to the whole window on Escape', () => {
    let stack: ZoomStack = [];
    expect(visibleRange(stack, year)).toBe(year);
    stack = zoomReducer(stack, { type: 'brush', range: { start: day(32), end: day(60) } });
    stack = zoomReducer(stack, { type: 'brush', range: { start: day(40), end: day(41) } });
    expect(visibleRange(stack, year)).toEqual({ start: day(40), end: day(41) });
    stack = zoomReducer(stack, { type: 'back' });
    expect(visibleRange(stack, year)).toEqual({ start: day(32), end: day(60) });
    stack = zoomReducer(stack, { type: 'brush', range: { start: day(35), end: day(36) } });
    stack = zoomReducer(stack, { type: 'reset' });
    expect(visibleRange(stack, year)).toBe(year);
  });

  it('keeps the same state when there is nothing to go back from', () => {
    const empty: ZoomStack = [];
    expect(zoomReducer(empty, { type: 'back' })).toBe(empty);
    expect(zoomReducer(empty, { type: 'reset' })).toBe(empty);
  });
});

describe('rangeOfBrush', () => {
  it('turns pixels into dates, whichever way the drag went', () => {
    expect(rangeOfBrush(31, 59, invert, year)).toEqual({ start: day(32), end: day(60) });
    expect(rangeOfBrush(59, 31, invert, year)).toEqual({ start: day(32), end: day(60) });
  });

  it('ignores a brush of a few pixels: a click', () => {
    expect(rangeOfBrush(10, 13, invert, year)).toBeNull();
  });

  it('stays inside the window and is never narrower than a minute', () => {
    expect(rangeOfBrush(-20, 40, invert, year)).toEqual({ start: day(1), end: day(41) });
    const minutes = (pixel: number) => new Date(day(1).getTime() + pixel * 1000);
    const narrow = rangeOfBrush(100, 110, minutes, year)!;
    expect(narrow.end.getTime() - narrow.start.getTime()).toBe(MIN_ZOOM_MS);
    expect(narrow.start.getTime()).toBe(day(1).getTime() + 105_000 - MIN_ZOOM_MS / 2);
  });
});

describe('halfAround', () => {
  it('halves the view around the chosen bucket', () => {
    expect(halfAround(day(101), { start: day(1), end: day(201) }, year)).toEqual({ start: day(51), end: day(151) });
  });

  it('slides inside the window near its edges', () => {
    expect(halfAround(day(2), year, year)).toEqual({ start: day(1), end: new Date(day(1).getTime() + 182.5 * 86_400_000) });
    expect(halfAround(day(366), { start: day(300), end: day(366) }, year)).toEqual({ start: day(333), end: day(366) });
  });
});
