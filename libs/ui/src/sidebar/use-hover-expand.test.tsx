import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUX_SIDEBAR_COLLAPSE_DELAY_MS,
  HOVER_INTENT_INTERVAL_MS,
  SIDEBAR_COLLAPSE_DELAY_MS,
  useHoverExpand,
} from './use-hover-expand';

function Probe({ delay, initially = false }: { delay: number; initially?: boolean }) {
  const { expanded, collapseNow, handlers } = useHoverExpand({ collapseDelayMs: delay, initiallyExpanded: initially });
  return (
    <div>
      <nav data-testid="sidebar" data-expanded={String(expanded)} {...handlers}>
        <button type="button">item</button>
      </nav>
      <main data-testid="content" onMouseEnter={collapseNow} />
    </div>
  );
}

const expanded = () => screen.getByTestId('sidebar').dataset.expanded;
const sidebar = () => screen.getByTestId('sidebar');

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** A person moving the pointer into the sidebar and resting it there. */
function moveInAndRest(x = 20, y = 100) {
  fireEvent.mouseEnter(sidebar(), { clientX: x, clientY: y });
  fireEvent.mouseMove(sidebar(), { clientX: x, clientY: y });
  wait(2 * HOVER_INTENT_INTERVAL_MS);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sidebar hover behaviour', () => {
  it('opens when the pointer moves in and rests, and collapses 500 ms after it leaves', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    expect(expanded()).toBe('false');
    moveInAndRest();
    expect(expanded()).toBe('true');
    fireEvent.mouseLeave(screen.getByTestId('sidebar'));
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(expanded()).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(expanded()).toBe('false');
  });

  it('stays closed for a pointer that was there at load and has not moved (enter events alone)', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    fireEvent.mouseEnter(sidebar(), { clientX: 20, clientY: 100 });
    fireEvent.mouseOver(sidebar(), { clientX: 20, clientY: 100 });
    wait(2000);
    expect(expanded()).toBe('false');
  });

  it('stays closed for a pointer crossing it on its way to the content', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    fireEvent.mouseEnter(sidebar(), { clientX: 2, clientY: 300 });
    fireEvent.mouseMove(sidebar(), { clientX: 2, clientY: 300 });
    wait(HOVER_INTENT_INTERVAL_MS / 2);
    fireEvent.mouseMove(sidebar(), { clientX: 30, clientY: 250 });
    wait(HOVER_INTENT_INTERVAL_MS / 2);
    fireEvent.mouseMove(sidebar(), { clientX: 60, clientY: 200 });
    fireEvent.mouseLeave(sidebar());
    wait(2000);
    expect(expanded()).toBe('false');
  });

  it('waits while the pointer is still travelling, and opens once it slows down', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    fireEvent.mouseMove(sidebar(), { clientX: 20, clientY: 0 });
    for (let y = 40; y <= 400; y += 40) {
      wait(HOVER_INTENT_INTERVAL_MS / 2);
      fireEvent.mouseMove(sidebar(), { clientX: 20, clientY: y });
    }
    expect(expanded()).toBe('false');
    wait(2 * HOVER_INTENT_INTERVAL_MS);
    expect(expanded()).toBe('true');
  });

  it('collapses the auxiliary sidebar after 150 ms', () => {
    render(<Probe delay={AUX_SIDEBAR_COLLAPSE_DELAY_MS} initially />);
    fireEvent.mouseLeave(screen.getByTestId('sidebar'));
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(expanded()).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(expanded()).toBe('false');
  });

  it('stays open when the pointer comes back before the delay', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} initially />);
    fireEvent.mouseLeave(screen.getByTestId('sidebar'));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.mouseEnter(sidebar());
    wait(1000);
    expect(expanded()).toBe('true');
  });

  it('hides at once when the pointer enters the content', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} initially />);
    fireEvent.mouseEnter(screen.getByTestId('content'));
    expect(expanded()).toBe('false');
  });

  it('opens for keyboard focus and closes when focus leaves it', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    act(() => {
      screen.getByRole('button').focus();
    });
    expect(expanded()).toBe('true');
    act(() => {
      screen.getByRole('button').blur();
    });
    act(() => {
      vi.advanceTimersByTime(SIDEBAR_COLLAPSE_DELAY_MS);
    });
    expect(expanded()).toBe('false');
  });
});
