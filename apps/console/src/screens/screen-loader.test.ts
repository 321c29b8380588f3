import { describe, expect, it, vi } from 'vitest';
import { LazyScreen } from './screen-loader';

describe('LazyScreen', () => {
  it('loads a chunk once however often it is asked', async () => {
    const Component = () => null;
    const importer = vi.fn(async () => Component);
    const screen = new LazyScreen('x', 'low', importer);
    screen.preload();
    await screen.load();
    await screen.load();
    expect(importer).toHaveBeenCalledOnce();
  });

  it('fetches again after a failure, and gives a fresh lazy component on retry', async () => {
    const Component = () => null;
    const importer = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(Component);
    const screen = new LazyScreen('x', 'low', importer);
    const first = screen.Component;
    await expect(screen.load()).rejects.toThrow('Failed to fetch');
    screen.retry();
    expect(screen.Component).not.toBe(first);
    await expect(screen.load()).resolves.toEqual({ default: Component });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('is its own component once loaded (no suspension on its first draw), and keeps what it first gave', async () => {
    const Component = () => null;
    const preloaded = new LazyScreen('x', 'low', async () => Component);
    await preloaded.load();
    expect(preloaded.Component).toBe(Component);

    const later = new LazyScreen('y', 'low', async () => Component);
    const drawnLazily = later.Component;
    expect(drawnLazily).not.toBe(Component);
    await later.load();
    expect(later.Component).toBe(drawnLazily);
  });
});
