import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUX_SIDEBAR_COLLAPSE_DELAY_MS, SIDEBAR_COLLAPSE_DELAY_MS, useHoverExpand } from './use-hover-expand';

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

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sidebar hover behaviour', () => {
  it('opens on hover and collapses 500 ms after the pointer leaves', () => {
    render(<Probe delay={SIDEBAR_COLLAPSE_DELAY_MS} />);
    expect(expanded()).toBe('false');
    fireEvent.mouseEnter(screen.getByTestId('sidebar'));
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
    fireEvent.mouseEnter(screen.getByTestId('sidebar'));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
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
