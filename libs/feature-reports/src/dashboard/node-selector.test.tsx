import { nodosFixture } from '@camposense/data-access/testing';
import { formatDateTime } from '@camposense/i18n';
import type * as I18n from '@camposense/i18n';
import { render, stubResizeObserver } from '@camposense/ui/testing';
import { screen, within } from '@testing-library/react';
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
