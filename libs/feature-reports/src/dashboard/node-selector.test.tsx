import { nodosFixture } from '@camposense/data-access/testing';
import { formatDateTime } from '@camposense/i18n';
import type * as I18n from '@camposense/i18n';
import { render, stubResizeObserver } from '@camposense/ui/testing';
import { screen, within } from '@testing-library/react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeSelector } from './node-selector';

// Each option's marks format its node's last reading once per draw of the option: a count of them.
vi.mock('@camposense/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof I18n>();
  return { ...actual, formatDateTime: vi.fn(actual.formatDateTime) };
});

/** How many times the option of `node` has been drawn since the count was cleared. */
const drawsOf = (node: (typeof nodosFixture)[number]) => vi.mocked(formatDateTime).mock.calls.filter(([value]) => value === node.ultimaFecha).length;

// The list shares one tooltip among its options: each must still show its own node's details, and
// be the only one described by it.
describe('NodeSelector tooltip', () => {
  // The tooltip's positioning watches the option's size; jsdom has no observer.
  beforeEach(() => stubResizeObserver());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the focused option its node, reached by keyboard, described by the tooltip', async () => {
    const { user } = render(<NodeSelector nodes={nodosFixture} selectedId={null} onSelect={vi.fn()} />);
    const options = screen.getAllByRole('option');
    // The search box first, then the first option.
    await user.tab();
    await user.tab();
    expect(options[0]).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText(nodosFixture[0]!.nodo)).toBeInTheDocument();
    expect(options[0]).toHaveAttribute('aria-describedby', tooltip.id);
    expect(options[1]).not.toHaveAttribute('aria-describedby');
    expect(options[1]).not.toHaveAttribute('data-expanded');

    await user.tab();
    expect(options[1]).toHaveFocus();
    const next = await screen.findByRole('tooltip');
    expect(await within(next).findByText(nodosFixture[1]!.nodo)).toBeInTheDocument();
    expect(options[1]).toHaveAttribute('aria-describedby', next.id);
    expect(options[0]).not.toHaveAttribute('aria-describedby');
  });

  it('redraws only the options the tooltip leaves and reaches', async () => {
    const { user } = render(<NodeSelector nodes={nodosFixture} selectedId={null} onSelect={vi.fn()} />);
    const options = screen.getAllByRole('option');
    vi.mocked(formatDateTime).mockClear();
    await user.tab();
    await user.tab();
    await screen.findByRole('tooltip');
    await user.tab();
    expect(options[1]).toHaveFocus();
    expect(await within(await screen.findByRole('tooltip')).findByText(nodosFixture[1]!.nodo)).toBeInTheDocument();
    // The tooltip opened on the first option and moved to the second: the third never changed.
    expect(drawsOf(nodosFixture[0]!)).toBeGreaterThan(0);
    expect(drawsOf(nodosFixture[2]!)).toBe(0);
  });

  it('shows a hovered option its node', async () => {
    const { user } = render(<NodeSelector nodes={nodosFixture} selectedId={null} onSelect={vi.fn()} />);
    await user.hover(screen.getAllByRole('option')[2]!);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText(nodosFixture[2]!.nodo)).toBeInTheDocument();
  });
});

// The options past the first screenful are drawn after the first draw (issue 30, TBT): the list must
// still end whole, in order, with each option's place and the list's size told to screen readers.
/** Counts the options in the page when its children are first committed (render's act() flushes the later ones). */
function CountOptionsAtFirstCommit({ onCount, children }: { onCount: (count: number) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => onCount(ref.current?.querySelectorAll('[role=option]').length ?? -1), [onCount]);
  return <div ref={ref}>{children}</div>;
}

describe('NodeSelector with many nodes', () => {
  beforeEach(() => stubResizeObserver());
  afterEach(() => vi.unstubAllGlobals());

  const many = Array.from({ length: 60 }, (_, index) => {
    const base = nodosFixture[index % nodosFixture.length]!;
    return { ...base, nodoid: 1000 + index, nodo: `NODO-${String(index + 1).padStart(2, '0')}` };
  });

  it('draws a screenful first, then every option, each with its place in the list', async () => {
    const atFirstCommit = vi.fn<(count: number) => void>();
    const { user } = render(
      <CountOptionsAtFirstCommit onCount={atFirstCommit}>
        <NodeSelector nodes={many} selectedId={1059} onSelect={vi.fn()} />
      </CountOptionsAtFirstCommit>,
    );
    expect(atFirstCommit).toHaveBeenCalledExactlyOnceWith(16);
    const listbox = screen.getByRole('listbox');
    await vi.waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(60));
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent?.slice(0, 7))).toEqual(many.map((node) => node.nodo));
    expect(options[59]).toHaveAttribute('aria-posinset', '60');
    expect(options[0]).toHaveAttribute('aria-setsize', '60');
    // The selection reaches an option drawn late.
    expect(options[59]).toHaveAttribute('aria-selected', 'true');
    expect(options.filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    // And the search still filters the whole list.
    await user.type(screen.getByRole('searchbox'), 'NODO-60');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
  });
});
