import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyColorMode, ColorModeProvider, readStoredMode, useColorMode } from './color-mode';

function Toggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <button type="button" onClick={toggleColorMode}>
      {colorMode}
    </button>
  );
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('the colour mode', () => {
  it('reads the stored choice, and dark for anything else', () => {
    expect(readStoredMode()).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(readStoredMode()).toBe('light');
    localStorage.setItem('theme', 'sepia');
    expect(readStoredMode()).toBe('dark');
  });

  it('puts exactly one mode on the root, as index.html starts dark', () => {
    const root = document.documentElement;
    root.classList.add('dark', 'other');
    applyColorMode(root, 'light');
    expect([...root.classList].sort()).toEqual(['light', 'other']);
    expect(root.style.colorScheme).toBe('light');
  });

  it('keeps a toggle for the next visit and on the root', () => {
    localStorage.setItem('theme', 'light');
    render(
      <ColorModeProvider>
        <Toggle />
      </ColorModeProvider>,
    );
    expect(document.documentElement.classList.contains('light')).toBe(true);
    act(() => screen.getByRole('button', { name: 'light' }).click());
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });
});
