import { afterEach, describe, expect, it, vi } from 'vitest';

// The dashboard's view chunk, held until the test lets it arrive.
let viewArrives: () => void = () => undefined;
const DashboardScreen = () => null;
vi.mock('@camposense/feature-reports', () => ({
  DashboardScreen,
  preloadDashboardView: vi.fn(() => new Promise<void>((resolve) => (viewArrives = resolve))),
}));
vi.mock('../app/i18n', () => ({ featureTexts: vi.fn(async () => undefined) }));

describe('screens.dashboard', () => {
  afterEach(() => vi.clearAllMocks());

  // The filter bar and the view show in one draw only if the screen waits for the view's chunk
  // (issue 30): a screen that drew first had the view ~300 ms behind the bar.
  it('is ready only once its view chunk is, and then gives the dashboard screen', async () => {
    const { screens } = await import('./screens');
    let ready = false;
    const loading = screens.dashboard.load().then((module) => {
      ready = true;
      return module;
    });
    await vi.waitFor(async () => expect(vi.mocked((await import('@camposense/feature-reports')).preloadDashboardView)).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(false);
    viewArrives();
    await expect(loading).resolves.toEqual({ default: DashboardScreen });
  });
});
