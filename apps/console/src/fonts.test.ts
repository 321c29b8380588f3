import { describe, expect, it } from 'vitest';
import { takeFontsAfterLoad, type FontPage } from './fonts';

/** A page still loading, whose load event the test fires. */
function loadingPage(): FontPage & { fireLoad: () => void } {
  const listeners: (() => void)[] = [];
  return {
    root: { dataset: { fonts: 'after-load' } },
    readyState: 'loading',
    onLoad: (take) => listeners.push(take),
    fireLoad: () => listeners.forEach((listener) => listener()),
  };
}

describe('takeFontsAfterLoad', () => {
  it('lets Inter be asked for at the load event on a good link, or at once when the page has loaded', () => {
    const page = loadingPage();
    takeFontsAfterLoad(page, { effectiveType: '4g' });
    expect(page.root.dataset['fonts']).toBe('after-load');
    page.fireLoad();
    expect(page.root.dataset['fonts']).toBeUndefined();

    const loaded: FontPage = { root: { dataset: { fonts: 'after-load' } }, readyState: 'complete', onLoad: () => undefined };
    takeFontsAfterLoad(loaded, null);
    expect(loaded.root.dataset['fonts']).toBeUndefined();
  });

  it('keeps the stand-in on a constrained link, even after the load event', () => {
    for (const connection of [{ effectiveType: '3g' }, { saveData: true, effectiveType: '4g' }]) {
      const page = loadingPage();
      takeFontsAfterLoad(page, connection);
      page.fireLoad();
      expect(page.root.dataset['fonts']).toBe('after-load');
    }
  });
});
