import { apiRequest, useConnectionRetry, useSystemStatus } from '@camposense/data-access';
import { ConnectionBanner } from '@camposense/ui';
import { render } from '@camposense/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The shell's wiring: a status read (an SWR key to revalidate) and the banner over the retry. */
function Harness() {
  useSystemStatus();
  const connection = useConnectionRetry();
  return <ConnectionBanner lost={connection.lost} onRetryNow={connection.retryNow} />;
}

function renderHarness() {
  return render(<Harness />, {
    wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>,
  });
}

const lostText = 'Sin conexión con el servidor. Reintentando…';

describe('the lost-connection banner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows on a network failure, retries by SWR revalidation with backoff, and leaves at the first answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderHarness();
    expect(await screen.findByRole('alert')).toHaveTextContent(lostText);
    const callsWhenLost = fetchMock.mock.calls.length;

    // The next retry (1 s after) asks again; the server is back: any answer, even an error, will do.
    fetchMock.mockImplementation(() => Promise.resolve(Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 })));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(callsWhenLost), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('an HTTP error answer is the server speaking: no banner', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }))));
    await expect(apiRequest('/sense/paises')).rejects.toThrow();
    renderHarness();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it in English, and retries at once on request', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = render(<Harness />, {
      language: 'en',
      wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to the server. Retrying…');
    const before = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
  });
});
