import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, stubResizeObserver } from '../testing';
import { SearchableSelect } from './searchable-select';

const OPTIONS = [
  { value: 1, label: 'Fundo San José' },
  { value: 2, label: 'Fundo Santa Rosa' },
];

function Farm() {
  const [value, setValue] = useState<number | null>(null);
  return <SearchableSelect label="Fundo" options={OPTIONS} value={value} onChange={setValue} />;
}

/**
 * Animation frames held until the test runs them: on a loaded machine the frame after a click can
 * come after the next click, which is what these tests play.
 */
function holdAnimationFrames() {
  // The list's positioning, run in those frames, watches the input's size (jsdom has no observer).
  stubResizeObserver();
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.spyOn(globalThis, 'cancelAnimationFrame').mockImplementation((id) => {
    frames.delete(id);
  });
  return {
    /** Runs the frames asked for so far, and those they ask for in turn. */
    runAll() {
      act(() => {
        for (let round = 0; round < 10 && frames.size > 0; round++) {
          for (const [id, callback] of [...frames]) {
            frames.delete(id);
            callback(performance.now());
          }
        }
      });
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SearchableSelect', () => {
  it('names no active option once closed, when the option is picked before the frame after opening', async () => {
    const frames = holdAnimationFrames();
    const { user } = render(<Farm />);
    const input = screen.getByRole('combobox', { name: 'Fundo' });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Fundo San José' }));
    expect(input).toHaveValue('Fundo San José');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // The frame Chakra's combobox asked for when it opened: it highlights the chosen option.
    frames.runAll();

    // In a browser the closed list is unmounted (unmountOnExit), so an active descendant would name
    // no element (axe's aria-valid-attr-value); jsdom never ends the exit animation, so it stays here.
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('still names the highlighted option while open', async () => {
    const frames = holdAnimationFrames();
    const { user } = render(<Farm />);
    const input = screen.getByRole('combobox', { name: 'Fundo' });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Fundo Santa Rosa' }));
    frames.runAll();
    await user.click(input);
    frames.runAll();

    const chosen = await screen.findByRole('option', { name: 'Fundo Santa Rosa' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', chosen.id);
  });
});
